import CGtk
import GLibRuntime

/// A view bound to one ViewModel. The page object lives exactly as long as its root widget: it is attached to the
/// widget with a destroy notify, so bindings and signal handlers end when GTK finalizes the widget.
@MainActor
class Page {
    let root: Widget
    let bindings: BindingBag

    init(root: Widget, bindings: BindingBag = BindingBag()) {
        self.root = root
        self.bindings = bindings
        attach(self, to: raw(root), key: "mayun-page")
    }

    /// The header-bar title while this page is on top.
    var title: String { "" }
}
