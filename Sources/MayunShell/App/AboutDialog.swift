import CGtk
import GtkBasics
import GtkKit
import MayunUI
import Foundation
import GiteeKit
import MayunCore

/// Mayun's About window (an AdwAboutWindow): name, version, what it is, the server it talks to, the licence.
@MainActor
package enum AboutDialog {
    static func present(over parent: Widget, server: URL) {
        let about = widget(adw_about_window_new())
        adw_about_window_set_application_name(opaque(about), "Mayun")
        adw_about_window_set_application_icon(opaque(about), AppEnvironment.applicationID)
        adw_about_window_set_version(opaque(about), AppVersion.current)
        adw_about_window_set_comments(opaque(about), tr("A desktop client for Gitee, the code forge."))
        adw_about_window_set_website(opaque(about), server.absoluteString)
        adw_about_window_set_license_type(opaque(about), GTK_LICENSE_MIT_X11)
        gtk_window_set_transient_for(typed(about), typed(parent))
        gtk_window_set_modal(typed(about), 1)
        gtk_window_present(typed(about))
    }
}
