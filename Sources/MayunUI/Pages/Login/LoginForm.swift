import CGtk
import GLibRuntime

/// The pieces of the login and OAuth settings forms: entries named by their visible caption (`field`), and links.
@MainActor
enum LoginForm {
    static func entry(text: String, placeholder: String = "") -> Widget {
        let entry = widget(gtk_entry_new())
        gtk_editable_set_text(OpaquePointer(entry), text)
        if !placeholder.isEmpty { gtk_entry_set_placeholder_text(typed(entry), placeholder) }
        gtk_entry_set_activates_default(typed(entry), 0)
        return entry
    }

    /// A GtkPasswordEntry with the eye icon to show what was typed (long tokens are easy to paste wrongly).
    static func passwordEntry(text: String) -> Widget {
        let entry = widget(gtk_password_entry_new())
        gtk_password_entry_set_show_peek_icon(opaque(entry), 1)
        gtk_editable_set_text(OpaquePointer(entry), text)
        return entry
    }

    /// A visible caption above `control`, tied to it so a click on the caption focuses the field; it is also the
    /// field's accessible name (GTK 4.8 would read a second, own label after it: "Email Email").
    static func field(_ caption: String, _ control: Widget) -> Widget {
        let box = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 4)
        let label = Build.label(caption, classes: ["heading"], xalign: 0)
        gtk_label_set_mnemonic_widget(opaque(label), control)
        Build.append(box, label, control)
        return box
    }

    /// A link to a page on the Gitee site (GtkLinkButton opens it with the desktop's browser).
    static func link(_ label: String, url: String) -> Widget {
        let link = widget(gtk_link_button_new_with_label(url, label))
        gtk_widget_set_halign(link, GTK_ALIGN_START)
        gtk_widget_set_tooltip_text(link, url)
        Accessibility.setLabel(link, label)
        return link
    }

    /// A wrapping paragraph whose natural width stays readable (about 60 characters), so the form keeps its column
    /// width instead of stretching to the window.
    static func paragraph(_ text: String, classes: [String] = []) -> Widget {
        let label = Build.label(text, classes: classes, wrap: true, xalign: 0)
        gtk_label_set_max_width_chars(opaque(label), 60)
        return label
    }

    static func text(of entry: Widget) -> String {
        gtk_editable_get_text(OpaquePointer(entry)).map { String(cString: $0) } ?? ""
    }

    static func setText(_ entry: Widget, _ text: String) {
        guard self.text(of: entry) != text else { return }
        gtk_editable_set_text(OpaquePointer(entry), text)
    }
}
