import CGtk
import GtkBasics
import GtkKit
import MayunUI
import MayunCore

/// Holds the application while "Run in the background" is on, so closing the last window does not end it
/// (`g_application_hold` / `g_application_release`, one hold at most); Quit still ends it.
@MainActor
package final class BackgroundHold {
    // Stored pointer: the application, which outlives this object (both end with `run`).
    private let application: UnsafeMutablePointer<GApplication>
    private var isHeld = false

    /// The XDG Background portal, asked before the autostart file (kept: `mode.portal` holds it weakly).
    private let portal: BackgroundPortal?

    init(application: UnsafeMutablePointer<GApplication>, mode: BackgroundMode,
         portal: BackgroundPortal? = BackgroundPortal()) {
        self.application = application
        self.portal = portal
        if let portal { mode.portal = portal.handler }
        mode.keepAlive = { [unowned self] wanted in hold(wanted) }
        mode.apply()
    }

    private func hold(_ wanted: Bool) {
        guard wanted != isHeld else { return }
        isHeld = wanted
        if wanted { g_application_hold(application) } else { g_application_release(application) }
    }
}
