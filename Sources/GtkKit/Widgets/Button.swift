internal import CGtk
internal import GtkBasics
import GLibRuntime

/// A GtkButton with a text label or an icon; `onClicked` takes the handler for pointer, keyboard and AT-SPI clicks.
@MainActor
package final class Button: WidgetObject {
    package init(label: String, classes: [String] = []) {
        super.init(owning: GtkBasics.widget(gtk_button_new_with_label(label)))
        addClasses(classes)
    }

    /// A button made empty and given other widgets as its content (an icon and a label, a label and a badge). GTK
    /// names such a button from nothing it shows, so it takes its accessible name here; it starts from
    /// `gtk_button_new`, not an empty label, which would leave a labelled-by link to a label no longer shown.
    package init(child: WidgetObject, accessibleLabel: String, classes: [String] = []) {
        super.init(owning: GtkBasics.widget(gtk_button_new()))
        child.withWidget { gtk_button_set_child(typed(widget), $0) }
        addClasses(classes)
        self.accessibleLabel = accessibleLabel
    }

    /// An icon-only button: its accessible name and tooltip say what it does.
    package init(iconName: String, accessibleLabel: String, tooltip: String? = nil) {
        super.init(owning: Build.iconButton(iconName, accessibleLabel: accessibleLabel, tooltip: tooltip))
        self.accessibleLabel = accessibleLabel
    }

    package var label: String {
        get { gtk_button_get_label(typed(widget)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(typed(widget), newValue) }
    }

    package func onClicked(_ handler: @escaping @MainActor () -> Void) {
        connect(raw(widget), "clicked", main: handler)
    }
}
