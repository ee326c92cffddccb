internal import CGtk
import GLibRuntime

/// Adds a parameterless `GSimpleAction` named `name` to an action map (the application or a window).
@MainActor
@discardableResult
func addAction(
    to map: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor () -> Void
) -> OpaquePointer {
    let action = g_simple_action_new(name, nil)!
    connect(UnsafeMutableRawPointer(action), "activate", main: handler)
    g_action_map_add_action(OpaquePointer(map), action)
    g_object_unref(UnsafeMutableRawPointer(action))
    return action
}

/// Accelerators for the window's and app's actions, in one table so the shortcuts window lists the same keys.
package enum KeyBindings {
    package static let all: [(action: String, accels: [String])] = [
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
