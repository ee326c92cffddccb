internal import CGtk
internal import GtkBasics
import GLibRuntime

/// The desktop's "save as" dialog (a GtkFileChooserNative: the portal's or GTK's own; GtkFileDialog needs GTK 4.10
/// and this is 4.8), over the window of the widget it is opened from. Keep the object until its answer comes.
@MainActor
package final class SaveFileDialog {
    private let native: OpaquePointer

    package init?(title: String, fileName: String, over anchor: WidgetObject, accept: String, cancel: String) {
        let parent = gtk_widget_get_root(anchor.widget)
            .map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
        guard let native = gtk_file_chooser_native_new(title, parent, GTK_FILE_CHOOSER_ACTION_SAVE, accept, cancel)
        else { return nil }
        self.native = native
        gtk_file_chooser_set_current_name(native, fileName)
    }

    /// The same dialog choosing a folder (where a clone goes).
    package init?(chooseFolder title: String, over anchor: WidgetObject, accept: String, cancel: String) {
        let parent = gtk_widget_get_root(anchor.widget)
            .map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
        guard let native = gtk_file_chooser_native_new(title, parent, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER, accept,
                                                       cancel)
        else { return nil }
        self.native = native
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(native)) }

    /// Shows it; `answer` gets the chosen path, or nil when it was cancelled. The handler must not hold this object
    /// strongly (the dialog would keep itself).
    package func show(_ answer: @escaping @MainActor (String?) -> Void) {
        let native = native
        connect(UnsafeMutableRawPointer(native), "response", mainWithArguments: { arguments in
            var path: String?
            if arguments.int(at: 1) == Int(GTK_RESPONSE_ACCEPT.rawValue), let file = gtk_file_chooser_get_file(native) {
                if let chosen = g_file_get_path(file) {
                    path = String(cString: chosen)
                    g_free(chosen)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            answer(path)
            return nil
        })
        gtk_native_dialog_show(UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkNativeDialog.self))
    }
}
