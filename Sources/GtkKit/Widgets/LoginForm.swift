import MayunCore

/// The pieces of the login and OAuth settings forms: fields named by their visible caption, links, paragraphs.
@MainActor
package enum LoginForm {
    /// A visible caption above `control`, tied to it so a click on the caption focuses the field; it is also the
    /// field's accessible name (GTK 4.8 would read a second, own label after it: "Email Email").
    package static func field(_ caption: String, _ control: WidgetObject) -> Box {
        let box = Box(.vertical, spacing: 4)
        let label = Label(caption, classes: ["heading"], xalign: 0)
        label.names(control)
        box.append(label, control)
        return box
    }

    /// Linked toggle buttons, one per way of logging in in `methods` order (a GtkStackSwitcher look, with our own
    /// accessible names); `select` runs when one is switched on. The buttons come back for the form to follow the
    /// view model's choice.
    package static func methodSwitcher(_ methods: [LoginMethod], classes: [String] = [], expand: Bool = false,
                                       select: @escaping @MainActor (LoginMethod) -> Void)
        -> (row: Box, buttons: [(method: LoginMethod, button: ToggleButton)]) {
        let row = Box(.horizontal, classes: ["linked"] + classes)
        row.halign = .center
        var buttons: [(method: LoginMethod, button: ToggleButton)] = []
        for method in methods {
            let button = ToggleButton(label: method.title)
            button.hexpand = expand
            if let first = buttons.first?.button { button.join(first) }
            button.onToggled { on in if on { select(method) } }
            buttons.append((method, button))
            row.append(button)
        }
        return (row, buttons)
    }

    /// A link to a page on the Gitee site (GtkLinkButton opens it with the desktop's browser).
    package static func link(_ label: String, url: String) -> WebLinkButton {
        let link = WebLinkButton(uri: url, label: label)
        link.halign = .start
        return link
    }

    /// A wrapping paragraph whose natural width stays readable (about 60 characters), so the form keeps its column
    /// width instead of stretching to the window.
    package static func paragraph(_ text: String = "", classes: [String] = []) -> Label {
        let label = Label(text, classes: classes, wrap: true, xalign: 0)
        label.maxWidthChars = 60
        return label
    }
}
