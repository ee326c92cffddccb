import CGtk
import GLibRuntime
import MayunCore

/// Short messages over the bottom of the window (a failed star, "Link copied"), hidden after a few seconds.
@MainActor
final class ToastOverlay {
    let root: Widget
    private let revealer: Widget
    private let label: Widget
    private var hideSource: guint = 0

    init(child: Widget) {
        root = widget(gtk_overlay_new())
        gtk_overlay_set_child(opaque(root), child)
        revealer = widget(gtk_revealer_new())
        gtk_revealer_set_transition_type(opaque(revealer), GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP)
        gtk_widget_set_halign(revealer, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(revealer, GTK_ALIGN_END)
        gtk_widget_set_can_target(revealer, 0)
        label = Build.label("", classes: ["toast"], wrap: true)
        gtk_revealer_set_child(opaque(revealer), label)
        gtk_overlay_add_overlay(opaque(root), revealer)
    }

    func show(_ message: String) {
        gtk_label_set_text(opaque(label), message)
        gtk_revealer_set_reveal_child(opaque(revealer), 1)
        if hideSource != 0 { g_source_remove(hideSource) }
        let data = Unmanaged.passUnretained(self).toOpaque()
        // A display timer, not synchronisation: the toast simply goes away after a while.
        hideSource = g_timeout_add_seconds(4, { data in
            let overlay = Unmanaged<ToastOverlay>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated {
                overlay.hideSource = 0
                gtk_revealer_set_reveal_child(opaque(overlay.revealer), 0)
            }
            return 0
        }, data)
    }

    /// The message on screen now (tests and accessibility checks read it).
    var message: String? {
        gtk_revealer_get_reveal_child(opaque(revealer)) != 0
            ? gtk_label_get_text(opaque(label)).map { String(cString: $0) } : nil
    }

    isolated deinit {
        if hideSource != 0 { g_source_remove(hideSource) }
    }
}
