import CGtk
import GLibRuntime

/// A GtkButton made empty and given other widgets as its content (an icon and a label, a label and a badge). GTK
/// names such a button from nothing it shows, so it takes its accessible name here.
@MainActor
final class ContentButton: WidgetObject {
    init(child: WidgetObject, accessibleLabel: String, classes: [String] = []) {
        super.init(owning: MayunUI.widget(gtk_button_new()))
        child.withWidget { gtk_button_set_child(typed(widget), $0) }
        addClasses(classes)
        self.accessibleLabel = accessibleLabel
    }

    /// Pointer, keyboard and AT-SPI clicks.
    func onClicked(_ handler: @escaping @MainActor () -> Void) {
        connect(raw(widget), "clicked", main: handler)
    }
}
