import Foundation
import Observation

/// "Run in the background" (Preferences, off by default). On, closing the window leaves Mayun running to check
/// notifications (the host holds the application), and the desktop session starts it hidden at login: through the
/// XDG Background portal where the host has one, else with an autostart entry. Off, both go.
@MainActor
@Observable
public final class BackgroundMode {
    public var isEnabled: Bool {
        didSet {
            guard isEnabled != oldValue else { return }
            preferences.runInBackground = isEnabled
            apply()
        }
    }

    /// Why starting with the session could not be arranged (shown under the switch); nil when it is arranged.
    public private(set) var autostartProblem: String?

    /// Keeps the application alive with no window while true (`g_application_hold` / `release`). Set by the host.
    @ObservationIgnored public var keepAlive: ((Bool) -> Void)? {
        didSet { keepAlive?(isEnabled) }
    }

    /// Asks the desktop's Background portal to allow running in the background and to start at login (true), or to
    /// stop starting at login (false); answers whether a portal handled it. Nil (no host) means the file is used.
    @ObservationIgnored public var portal: ((_ autostart: Bool, _ done: @escaping @MainActor (Bool) -> Void) -> Void)?

    @ObservationIgnored private let preferences: any PreferencesStore
    @ObservationIgnored private let autostart: AutostartEntry
    @ObservationIgnored private var portalAsked = false

    public init(preferences: any PreferencesStore, autostart: AutostartEntry) {
        self.preferences = preferences
        self.autostart = autostart
        isEnabled = preferences.runInBackground
    }

    /// The app's: the autostart entry beside Mayun's config folder, starting the program that runs now.
    public convenience init(preferences: any PreferencesStore, environment: AppEnvironment) {
        self.init(preferences: preferences, autostart: AutostartEntry(
            configHome: environment.configDirectory.deletingLastPathComponent(),
            executable: AutostartEntry.currentExecutable()))
    }

    /// Brings the hold and the autostart arrangement in line with the switch (at start and after every change).
    public func apply() {
        keepAlive?(isEnabled)
        let wanted = isEnabled
        // Off at start: the portal is not asked (asking may show its dialog to someone who never turned this on);
        // only a switch turned off after it was asked in this run takes back the portal's own entry.
        guard let portal, wanted || portalAsked else { return arrangeWithFile(wanted) }
        if wanted { portalAsked = true }
        portal(wanted) { [weak self] handled in
            guard let self, isEnabled == wanted else { return }
            if handled {
                // The portal keeps its own entry; a file of ours from before would start a second copy.
                try? autostart.remove()
                autostartProblem = nil
            } else {
                arrangeWithFile(wanted)
            }
        }
    }

    private func arrangeWithFile(_ wanted: Bool) {
        do {
            if wanted { try autostart.install() } else { try autostart.remove() }
            autostartProblem = nil
        } catch {
            autostartProblem = String(format: tr("Mayun could not write %@, so it will not start by itself at login."),
                                      autostart.file.path)
        }
    }
}
