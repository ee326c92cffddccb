internal import CGtk
internal import GtkBasics
import GLibRuntime

/// Draws only the children of a long vertical box that are near the screen of the scrolled window around it (an
/// issue's 1,000 comment cards): the others are left out of the frame (`gtk_widget_set_child_visible` false, so they
/// are unmapped and not snapshotted) while keeping their size and place, so the scroll range and every card's
/// position stay as they are. GTK 4.8's cairo renderer draws every node of the tree each frame, off screen or not
/// (a container node has no culling), so a thread drawn whole cost a whole thread's text per frame while scrolling.
///
/// After each layout of a frame (the frame clock's "layout" phase, after GTK's own), the box's children are checked
/// against the scrolled window's height plus a screen above and below; a card coming in is mapped before the frame
/// is painted. A child not yet allocated counts as on screen.
@MainActor
package final class OnScreenChildren {
    // Stored widget pointer: `box`, which this object is attached to (it lives and dies with it).
    private let box: Widget
    private var layoutWatch: SignalConnection?
    /// How many children are left out now (tests).
    private(set) var leftOut = 0

    /// Watches `box` (a vertical box inside a scrolled window) while it is mapped.
    @discardableResult
    static func install(on box: Widget) -> OnScreenChildren {
        let watcher = OnScreenChildren(box: box)
        attach(watcher, to: raw(box), key: "mayun-on-screen-children")
        connect(raw(box), "map", main: { [unowned watcher] in watcher.watch(true) })
        connect(raw(box), "unmap", main: { [unowned watcher] in watcher.watch(false) })
        return watcher
    }

    /// The same, for a page's typed box (pages never hold the widget pointer).
    @discardableResult
    package static func install(on box: Box) -> OnScreenChildren { install(on: box.widget) }

    static func of(_ box: Widget) -> OnScreenChildren? {
        attachment(of: raw(box), key: "mayun-on-screen-children", as: OnScreenChildren.self)
    }

    /// Runs `action` once, soon after `child` (one of the box's children) is first laid out near the screen, or
    /// once the box is shown when it is not in a scrolled window: a thread's comments are parsed as their
    /// cards come near, not all at once when the thread arrives (issue 36). Never for a child that goes first.
    package func whenNear(_ child: WidgetObject, _ action: @escaping @MainActor () -> Void) {
        attach(NearAction(action), to: raw(child.widget), key: Self.nearActionKey)
        gtk_widget_queue_allocate(box)
    }

    private static let nearActionKey = "mayun-when-near"

    private final class NearAction {
        var action: (@MainActor () -> Void)?
        init(_ action: @escaping @MainActor () -> Void) { self.action = action }
    }

    /// Out of the layout phase: the action may change widgets (a parsed comment replaces its plain text).
    private func runNearAction(of child: Widget) {
        guard let near = attachment(of: raw(child), key: Self.nearActionKey, as: NearAction.self),
              let action = near.action else { return }
        near.action = nil
        Task { @MainActor in action() }
    }

    private init(box: Widget) { self.box = box }

    private func watch(_ on: Bool) {
        if let layoutWatch { disconnect(layoutWatch) }
        layoutWatch = nil
        guard on, let clock = gtk_widget_get_frame_clock(box) else { return showAll() }
        layoutWatch = connect(UnsafeMutableRawPointer(clock), "layout", after: true, main: { [weak self] in
            self?.update()
        })
        update()
    }

    /// Maps the children near the scrolled window's view and unmaps the rest.
    package func update() {
        guard let scroller = gtk_widget_get_ancestor(box, gtk_scrolled_window_get_type()) else {
            return showAll(runningNearActions: true)
        }
        let height = Double(gtk_widget_get_height(scroller))
        var x = 0.0, top = 0.0
        // Not laid out yet (the box was just mapped): the next layout says which children are near.
        guard height > 0, gtk_widget_translate_coordinates(box, scroller, 0, 0, &x, &top) != 0 else { return showAll() }
        let low = -height, high = 2 * height
        var count = 0
        var broughtIn = false
        var child = gtk_widget_get_first_child(box)
        while let current = child {
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(current, &allocation)
            let y = top + Double(allocation.y)
            let near = allocation.height <= 0 || (y + Double(allocation.height) > low && y < high)
            if (gtk_widget_get_child_visible(current) != 0) != near {
                gtk_widget_set_child_visible(current, near ? 1 : 0)
                broughtIn = broughtIn || near
            }
            if !near { count += 1 }
            if near, allocation.height > 0 { runNearAction(of: current) }
            child = gtk_widget_get_next_sibling(current)
        }
        leftOut = count
        // GTK keeps the box's last drawing (its render node) while nothing in it asks to be redrawn, and mapping a
        // child again does not ask: without this a card brought back where the view did not move stays blank.
        if broughtIn { gtk_widget_queue_draw(box) }
    }

    private func showAll(runningNearActions: Bool = false) {
        var child = gtk_widget_get_first_child(box)
        while let current = child {
            if gtk_widget_get_child_visible(current) == 0 { gtk_widget_set_child_visible(current, 1) }
            if runningNearActions { runNearAction(of: current) }
            child = gtk_widget_get_next_sibling(current)
        }
        leftOut = 0
    }
}
