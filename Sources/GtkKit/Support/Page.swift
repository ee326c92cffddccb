internal import CGtk
internal import GtkBasics
import GLibRuntime

/// A view bound to one ViewModel. The page object lives exactly as long as its root widget: it is attached to the
/// widget with a destroy notify, so bindings and signal handlers end when GTK finalizes the widget.
///
/// The page never holds a reference to its root (the root holds the page): a root given as a `WidgetObject` is
/// handed over floating, to be owned by whatever container shows the page. Handlers the page's own widgets keep
/// must capture the page `unowned` for the same reason.
@MainActor
open class Page {
    // Stored widget pointer: the page is attached to `root` and goes with its finalize.
    let root: Widget
    package let bindings: BindingBag

    init(root: Widget, bindings: BindingBag = BindingBag()) {
        self.root = root
        self.bindings = bindings
        attach(self, to: raw(root), key: "mayun-page")
    }

    public init(root: WidgetObject, bindings: BindingBag = BindingBag()) {
        self.root = root.handOver()
        self.bindings = bindings
        attach(self, to: raw(self.root), key: "mayun-page")
    }

    /// A page whose root is a component (its states, its list): the page goes with the component's root.
    public init(root: any Component, bindings: BindingBag = BindingBag()) {
        self.root = root.shownWidget
        self.bindings = bindings
        attach(self, to: raw(self.root), key: "mayun-page")
    }

    /// The header-bar title while this page is on top.
    open var title: String { "" }
}
