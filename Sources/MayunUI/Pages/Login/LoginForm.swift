import CGtk
import GLibRuntime

/// The pieces of the login and OAuth settings forms: fields named by their visible caption, links, paragraphs.
@MainActor
enum LoginForm {
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
    static func paragraph(_ text: String = "", classes: [String] = []) -> Label {
        let label = Label(text, classes: classes, wrap: true, xalign: 0)
        gtk_label_set_max_width_chars(opaque(label.widget), 60)
        return label
    }
}
