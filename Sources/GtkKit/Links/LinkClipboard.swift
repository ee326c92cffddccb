internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// Gitee links that reach the window without Ctrl+L: dropped on it, or pasted with Ctrl+V while no text field has
/// the focus (a focused entry handles its own paste first; this key controller only sees keys nothing else took).
@MainActor
package enum LinkClipboard {
    package static func install(on window: WidgetRef, coordinator: Coordinator) {
        let drop = gtk_drop_target_new(GTypes.string, GDK_ACTION_COPY)!
        connect(UnsafeMutableRawPointer(drop), "drop", mainWithArguments: { [unowned coordinator] arguments in
            guard let value = arguments.pointer(at: 1)?.assumingMemoryBound(to: GValue.self),
                  let text = g_value_get_string(value) else { return false }
            coordinator.openLink(String(cString: text))
            return true
        })
        gtk_widget_add_controller(window.widget, drop)

        let keys = gtk_event_controller_key_new()!
        connect(UnsafeMutableRawPointer(keys), "key-pressed", mainWithArguments: { [unowned coordinator] arguments in
            let keyval = arguments.uint(at: 1)
            let control = arguments.flags(at: 3) & UInt(GDK_CONTROL_MASK.rawValue) != 0
            guard control, keyval == UInt(GDK_KEY_v) || keyval == UInt(GDK_KEY_V) else { return false }
            readText(of: window.widget) { text in
                guard let text, !text.isEmpty else { return }
                coordinator.openLink(text)
            }
            return true
        })
        gtk_widget_add_controller(window.widget, keys)
    }

    /// The clipboard's text, read asynchronously (nil when it holds none).
    static func readText(of widget: Widget, _ done: @escaping @MainActor (String?) -> Void) {
        let clipboard = gtk_widget_get_clipboard(widget)
        gdk_clipboard_read_text_async(clipboard, nil, { source, result, data in
            guard let reply = CallbackData.take(data, as: ClipboardReply.self) else { return }
            let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, nil)
            let string = text.map { String(cString: $0) }
            g_free(text)
            MainActor.assumeIsolated { reply.body(string) }
        }, CallbackData.retain(ClipboardReply(done)))
    }
}

private typealias ClipboardReply = ClosureBox<@MainActor (String?) -> Void>
