import CGtk
import GtkBasics
import GtkKit
import MayunUI
import GLibRuntime
import MayunCore

/// The page stack inside the main window: the tabs at the bottom, pushed pages above them, kept in step with the
/// Coordinator's stack of screens (the Coordinator decides; this view only mirrors it).
@MainActor
package final class NavigationView {
    // Stored widget pointers: `root` and `tabs` live as long as the main window, which lives until exit.
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
        installEdgeSwipe()
    }

    /// Touch: a swipe to the right that starts at the window's left edge goes back, as on a phone (touch only, so a
    /// mouse drag selecting text never pops a page; from the edge only, so swiping code or images sideways doesn't).
    private func installEdgeSwipe() {
        let drag = gtk_gesture_drag_new()!
        gtk_gesture_single_set_touch_only(drag, 1)
        gtk_event_controller_set_propagation_phase(drag, GTK_PHASE_CAPTURE)
        var startX = 0.0
        connect(UnsafeMutableRawPointer(drag), "drag-begin", mainWithArguments: { arguments in
            startX = arguments.double(at: 1)
            return nil
        })
        connect(UnsafeMutableRawPointer(drag), "drag-end", mainWithArguments: { [unowned self] arguments in
            if !coordinator.stack.isEmpty,
               Self.isBackSwipe(startX: startX, offsetX: arguments.double(at: 1), offsetY: arguments.double(at: 2)) {
                coordinator.pop()
            }
            return nil
        })
        gtk_widget_add_controller(root, drag)
    }

    /// Starts within 24 px of the left edge, travels at least 80 px right, and more sideways than up or down.
    nonisolated static func isBackSwipe(startX: Double, offsetX: Double, offsetY: Double) -> Bool {
        startX <= 24 && offsetX >= 80 && abs(offsetY) * 2 < offsetX
    }

    /// The page on top, if any.
    package var topPage: Page? { pages.last?.page }

    private func show(_ stack: [Screen]) {
        let wanted = Set(stack.map(\.id))
        leaving += pages.filter { !wanted.contains($0.id) }.map(\.page)
        pages.removeAll { !wanted.contains($0.id) }
        for screen in stack where !pages.contains(where: { $0.id == screen.id }) {
            let page = factory.makePage(for: screen)
            gtk_stack_add_named(opaque(root), page.rootWidget, "screen-\(screen.id)")
            pages.append((screen.id, page))
        }
        gtk_stack_set_visible_child(opaque(root), pages.last?.page.rootWidget ?? tabs)
        removeLeavingPages()
    }

    /// Removing a page from the GtkStack drops its last reference: GTK finalizes it and its bindings end.
    private func removeLeavingPages() {
        guard gtk_stack_get_transition_running(opaque(root)) == 0, !leaving.isEmpty else { return }
        let removed = leaving
        leaving.removeAll()
        for page in removed { gtk_stack_remove(opaque(root), page.rootWidget) }
    }
}
