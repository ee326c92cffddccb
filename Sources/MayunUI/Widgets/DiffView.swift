import CGtk

/// A read-only GtkSourceView showing a patch highlighted with the "diff" language (a commit's or a pull request's
/// changed file).
@MainActor
final class DiffView: WidgetObject {
    init(_ patch: String) {
        let buffer = gtk_source_buffer_new(nil)!
        if let manager = gtk_source_language_manager_get_default(),
           let language = gtk_source_language_manager_get_language(manager, "diff") {
            gtk_source_buffer_set_language(buffer, language)
        }
        gtk_text_buffer_set_text(UnsafeMutableRawPointer(buffer).assumingMemoryBound(to: GtkTextBuffer.self), patch, -1)
        let view = MayunUI.widget(gtk_source_view_new_with_buffer(buffer))
        g_object_unref(UnsafeMutableRawPointer(buffer))  // the view holds the buffer
        gtk_text_view_set_editable(typed(view), 0)
        gtk_text_view_set_monospace(typed(view), 1)
        super.init(owning: view)
        addClasses(["diff-view"])
    }
}
