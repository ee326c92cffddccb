import CGtk
import GLibRuntime
import GtkBasics

/// Accelerators for the window's and app's actions, in one table so the shortcuts window lists the same keys.
enum KeyBindings {
    static let all: [(action: String, accels: [String])] = [
        ("app.settings", ["<Control>comma"]),
        ("app.shortcuts", ["<Control>question"]),
        ("app.quit", ["<Control>q"]),
        ("app.go-to-link", ["<Control>l"]),
        ("win.back", ["<Alt>Left", "Back"]),
        ("win.close-page", ["<Control>w"]),
        ("win.search", ["<Control>f"]),
        ("win.refresh", ["F5", "<Control>r"]),
    ]

    @MainActor
    static func install(on application: UnsafeMutablePointer<GtkApplication>) {
        for binding in all {
            withCStringArray(binding.accels) { gtk_application_set_accels_for_action(application, binding.action, $0) }
        }
    }
}
