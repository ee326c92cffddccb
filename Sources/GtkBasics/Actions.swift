internal import CGtk
import GLibRuntime

/// Adds a parameterless `GSimpleAction` named `name` to an action map (the application or a window).
@MainActor
@discardableResult
public func addAction(
    to map: UnsafeMutableRawPointer, _ name: String, _ handler: @escaping @MainActor () -> Void
) -> OpaquePointer {
    let action = g_simple_action_new(name, nil)!
    connect(UnsafeMutableRawPointer(action), "activate", main: handler)
    g_action_map_add_action(OpaquePointer(map), action)
    g_object_unref(UnsafeMutableRawPointer(action))
    return action
}
