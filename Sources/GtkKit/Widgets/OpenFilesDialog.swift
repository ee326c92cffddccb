internal import CGtk
internal import GtkBasics
import GLibRuntime

/// The desktop's "open" dialog choosing one or more files (a GtkFileChooserNative: the portal's or GTK's own;
/// GtkFileDialog needs GTK 4.10), over the window of the widget it is opened from. Keep the object until its answer
/// comes.
@MainActor
package final class OpenFilesDialog {
    private let native: OpaquePointer

    package init?(title: String, over anchor: WidgetObject, accept: String, cancel: String) {
        let parent = gtk_widget_get_root(anchor.widget)
            .map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
        guard let native = gtk_file_chooser_native_new(title, parent, GTK_FILE_CHOOSER_ACTION_OPEN, accept, cancel)
        else { return nil }
        self.native = native
        gtk_file_chooser_set_select_multiple(native, 1)
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(native)) }

    /// Shows it; `answer` gets the chosen local paths (empty when cancelled). The handler must not hold this object
    /// strongly (the dialog would keep itself).
    package func show(_ answer: @escaping @MainActor ([String]) -> Void) {
        let native = native
        connect(UnsafeMutableRawPointer(native), "response", mainWithArguments: { arguments in
            var paths: [String] = []
            if arguments.int(at: 1) == Int(GTK_RESPONSE_ACCEPT.rawValue), let files = gtk_file_chooser_get_files(native) {
                for index in 0..<g_list_model_get_n_items(files) {
                    guard let file = g_list_model_get_item(files, index) else { continue }
                    if let path = g_file_get_path(OpaquePointer(file)) {
                        paths.append(String(cString: path))
                        g_free(path)
                    }
                    g_object_unref(file)
                }
                g_object_unref(UnsafeMutableRawPointer(files))
            }
            answer(paths)
            return nil
        })
        gtk_native_dialog_show(UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkNativeDialog.self))
    }
}

/// Files dropped on a widget from a file manager (a GtkDropTarget for a GdkFileList): `onDrop` gets their local
/// paths (files without one, e.g. on a remote share, are left out) and says whether it took them; a drop it did not
/// take is refused, so the file manager does not report it as done. The controller belongs to the widget.
@MainActor
package enum FileDrop {
    package static func install(on target: WidgetObject, onDrop: @escaping @MainActor ([String]) -> Bool) {
        guard let drop = gtk_drop_target_new(gdk_file_list_get_type(), GDK_ACTION_COPY) else { return }
        connect(UnsafeMutableRawPointer(drop), "drop", mainWithArguments: { arguments in
            // The signal's argument is a GValue holding the GdkFileList.
            guard let value = arguments.pointer(at: 1)?.assumingMemoryBound(to: GValue.self),
                  let list = g_value_get_boxed(value) else { return false }
            var paths: [String] = []
            var node = gdk_file_list_get_files(OpaquePointer(list))
            let head = node
            while let current = node {
                if let file = current.pointee.data, let path = g_file_get_path(OpaquePointer(file)) {
                    paths.append(String(cString: path))
                    g_free(path)
                }
                node = current.pointee.next
            }
            g_slist_free(head)
            guard !paths.isEmpty else { return false }
            return onDrop(paths)
        })
        gtk_widget_add_controller(target.widget, drop)
    }
}
