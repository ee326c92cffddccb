import CGtk
import GLibRuntime
import MayunCore

/// The page stack inside the main window: the tabs at the bottom, pushed pages above them, kept in step with the
/// Coordinator's stack of screens (the Coordinator decides; this view only mirrors it).
@MainActor
final class NavigationView {
    let root: Widget
    private let tabs: Widget
    private let coordinator: Coordinator
    private let factory: PageFactory
    /// Pages of the screens on the Coordinator's stack, bottom first.
    private var pages: [(id: Int, page: Page)] = []
    /// Popped pages, kept in the GtkStack until their slide-out has finished.
    private var leaving: [Page] = []
    private let bindings = BindingBag()

    init(tabs: Widget, coordinator: Coordinator, factory: PageFactory) {
        self.tabs = tabs
        self.coordinator = coordinator
        self.factory = factory
        root = widget(gtk_stack_new())
        gtk_stack_set_transition_type(opaque(root), GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT)
        gtk_stack_set_transition_duration(opaque(root), 160)
        gtk_stack_add_named(opaque(root), tabs, "tabs")
        connect(raw(root), "notify::transition-running", main: { [unowned self] in removeLeavingPages() })
        bindings.bind { [unowned self] in show(coordinator.stack) }
    }

    /// The page on top, if any.
    var topPage: Page? { pages.last?.page }

    private func show(_ stack: [Screen]) {
        let wanted = Set(stack.map(\.id))
        leaving += pages.filter { !wanted.contains($0.id) }.map(\.page)
        pages.removeAll { !wanted.contains($0.id) }
        for screen in stack where !pages.contains(where: { $0.id == screen.id }) {
            let page = factory.makePage(for: screen)
            gtk_stack_add_named(opaque(root), page.root, "screen-\(screen.id)")
            pages.append((screen.id, page))
        }
        gtk_stack_set_visible_child(opaque(root), pages.last?.page.root ?? tabs)
        removeLeavingPages()
    }

    /// Removing a page from the GtkStack drops its last reference: GTK finalizes it and its bindings end.
    private func removeLeavingPages() {
        guard gtk_stack_get_transition_running(opaque(root)) == 0, !leaving.isEmpty else { return }
        let removed = leaving
        leaving.removeAll()
        for page in removed { gtk_stack_remove(opaque(root), page.root) }
    }
}
