import CGtk
import GLibRuntime
import MayunCore

/// The bar above a file or image: its size and type on the left, then the page's own toggles and buttons, "Save
/// as…" and "Open on Website"; under it, the progress or result of a save.
@MainActor
final class FileActionsBar {
    let root: Widget
    private let bar: Widget
    private let info: Widget
    private let trailing: Widget
    private let transferLabel: Widget
    private var chooser: OpaquePointer?

    init(fileName: String, save: @escaping @MainActor (String) -> Void, openWebsite: @escaping @MainActor () -> Void) {
        root = Build.box(GTK_ORIENTATION_VERTICAL)
        bar = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, classes: ["toolbar", "file-actions"])
        Build.margins(bar, 6)
        info = Build.label("", classes: ["dim-label"], xalign: 0)
        gtk_label_set_ellipsize(opaque(info), PANGO_ELLIPSIZE_END)
        gtk_widget_set_hexpand(info, 1)
        gtk_widget_set_margin_start(info, 6)
        trailing = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        transferLabel = Build.label("", classes: ["dim-label", "caption"], wrap: true, xalign: 0)
        Build.margins(transferLabel, 6)
        gtk_widget_set_visible(transferLabel, 0)
        Build.append(bar, info, trailing)
        Build.append(root, bar, transferLabel)
        // Save and Website stay last; the page's own buttons go into `trailing`, before them.
        let saveButton = Self.makeButton(tr("Save As…"), icon: "document-save-as-symbolic")
        let websiteButton = Self.makeButton(tr("Open on Website"), icon: "web-browser-symbolic")
        Build.append(bar, saveButton, websiteButton)
        connect(raw(saveButton), "clicked", main: { [unowned self] in chooseDestination(fileName, then: save) })
        connect(raw(websiteButton), "clicked", main: openWebsite)
    }

    func showInfo(_ text: String) {
        gtk_label_set_text(opaque(info), text)
    }

    func showTransfer(_ state: FileTransfer.State) {
        let text: String = switch state {
        case .idle: ""
        case .running(let text), .finished(let text), .failed(let text): text
        }
        gtk_label_set_text(opaque(transferLabel), text)
        gtk_widget_set_visible(transferLabel, text.isEmpty ? 0 : 1)
        if case .failed = state { gtk_widget_add_css_class(transferLabel, "error") } else {
            gtk_widget_remove_css_class(transferLabel, "error")
        }
    }

    /// A button before "Save as…" (added in the order the page calls this).
    func button(_ label: String, icon: String) -> Widget {
        let button = Self.makeButton(label, icon: icon)
        Build.append(trailing, button)
        return button
    }

    private static func makeButton(_ label: String, icon: String) -> Widget {
        dress(widget(gtk_button_new()), label, icon: icon)
    }

    /// A toggle button (Wrap, Source); `onToggle` gets the new state.
    func toggle(_ label: String, icon: String, onToggle: @escaping @MainActor (Bool) -> Void) -> Widget {
        let toggle = Self.dress(widget(gtk_toggle_button_new()), label, icon: icon)
        Build.append(trailing, toggle)
        connect(raw(toggle), "toggled", main: {
            onToggle(gtk_toggle_button_get_active(typed(toggle)) != 0)
        })
        return toggle
    }

    /// The bar's look for a button or toggle: flat, icon then label, the label also its accessible name.
    private static func dress(_ button: Widget, _ label: String, icon: String) -> Widget {
        let content = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        Build.append(content, widget(gtk_image_new_from_icon_name(icon)), Build.label(label))
        gtk_button_set_child(typed(button), content)
        Build.addClasses(button, ["flat"])
        Accessibility.setLabel(button, label)
        return button
    }

    /// The desktop's save dialog (GtkFileDialog needs GTK 4.10; this is GTK 4.8), then `save(path)`.
    private func chooseDestination(_ fileName: String, then save: @escaping @MainActor (String) -> Void) {
        let parent = gtk_widget_get_root(root).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self) }
        guard let native = gtk_file_chooser_native_new(tr("Save File"), parent, GTK_FILE_CHOOSER_ACTION_SAVE,
                                                       tr("_Save"), tr("_Cancel")) else { return }
        let fileChooser = native
        gtk_file_chooser_set_current_name(fileChooser, fileName)
        chooser = native
        connect(UnsafeMutableRawPointer(native), "response", mainWithArguments: { [weak self] arguments in
            if arguments.int(at: 1) == Int(GTK_RESPONSE_ACCEPT.rawValue),
               let file = gtk_file_chooser_get_file(fileChooser) {
                if let path = g_file_get_path(file) {
                    save(String(cString: path))
                    g_free(path)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            if let chooser = self?.chooser {
                self?.chooser = nil
                g_object_unref(UnsafeMutableRawPointer(chooser))
            }
            return nil
        })
        gtk_native_dialog_show(UnsafeMutableRawPointer(native).assumingMemoryBound(to: GtkNativeDialog.self))
    }
}
