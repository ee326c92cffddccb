internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// The widget GTK recycles for each visible list position: it shows either an item row or the footer.
@MainActor
package final class RowHost {
    // Stored widget pointers: each class here is attached to its own `root` (or owned by a `RowHost` that is) and
    // keeps only that root's descendants, never removed; they are written from the list's factory signals.
    let root: Widget
    private let adapter: RowAdapter
    /// The footer's Retry, after a later page failed.
    private let retryMore: @MainActor () -> Void
    private var row: ListRow?
    private var footer: FooterRow?
    /// The item index this widget shows now; nil on the footer (the row context menu asks).
    private(set) var shownIndex: Int?
    /// Whether the footer (rather than a row) is what this widget shows; a new host shows neither yet.
    private var showsFooter = true

    package init(adapter: RowAdapter, retryMore: @escaping @MainActor () -> Void) {
        self.adapter = adapter
        self.retryMore = retryMore
        root = Build.box(GTK_ORIENTATION_VERTICAL)
        attach(self, to: raw(root), key: "mayun-row-host")
    }

    package static func of(_ listItem: UnsafeMutableRawPointer) -> RowHost? {
        guard let child = gtk_list_item_get_child(OpaquePointer(listItem)) else { return nil }
        return attachment(of: UnsafeMutableRawPointer(child), key: "mayun-row-host", as: RowHost.self)
    }

    /// Connects a list's item factory: each list item GTK makes gets a host for `adapter`'s rows, and lets go of its
    /// row when the item is unbound; `bind` shows an item's row in its host; `retryMore` is the footer's Retry (a list
    /// without a footer has none). Hosts made and torn down, and rows bound and unbound, are counted (`RowStats`).
    static func connectFactory(_ factory: UnsafeMutableRawPointer, adapter: RowAdapter,
                               retryMore: @escaping @MainActor () -> Void = {},
                               bind: @escaping @MainActor (_ item: OpaquePointer, _ host: RowHost) -> Void) {
        connect(factory, "setup", mainWithArguments: { arguments in
            guard let item = arguments.object(at: 1) else { return nil }
            gtk_list_item_set_child(OpaquePointer(item), RowHost(adapter: adapter, retryMore: retryMore).root)
            RowStats.setUp()
            return nil
        })
        connect(factory, "teardown", mainWithArguments: { _ in
            RowStats.tornDown()
            return nil
        })
        connect(factory, "bind", mainWithArguments: { arguments in
            if let item = arguments.object(at: 1), let host = RowHost.of(item) { bind(OpaquePointer(item), host) }
            return nil
        })
        connect(factory, "unbind", mainWithArguments: { arguments in
            if let item = arguments.object(at: 1), let host = RowHost.of(item) { host.unbind() }
            RowStats.unbound()
            return nil
        })
    }

    /// The pointer is over this row's cell or keyboard focus is in it: what it shows is of interest (`RowAdapter.interest`).
    private var pointerInside = false
    private var focusInside = false

    private var watchesInterest = false

    /// Tells the adapter when the pointer rests on this row or focus reaches it, and when they leave. Watched on the
    /// list's cell, the row root's parent: arrow keys focus the cell, not the row. GTK 4.8 parents the child only
    /// after the factory's "setup" signal, so this waits for the first bind.
    private func watchInterest() {
        guard !watchesInterest, adapter.interest != nil, let cell = gtk_widget_get_parent(root) else { return }
        watchesInterest = true
        watchCrossing(of: gtk_event_controller_motion_new()!, on: cell) { host, inside in host.pointerInside = inside }
        watchCrossing(of: gtk_event_controller_focus_new()!, on: cell) { host, inside in host.focusInside = inside }
    }

    /// A motion or focus controller's "enter" and "leave" on the cell, each followed by telling the interest.
    private func watchCrossing(of controller: OpaquePointer, on cell: Widget,
                               _ set: @escaping @MainActor (RowHost, Bool) -> Void) {
        for (signal, inside) in [("enter", true), ("leave", false)] {
            connect(UnsafeMutableRawPointer(controller), signal, main: { [weak self] in
                guard let self else { return }
                set(self, inside)
                tellInterest()
            })
        }
        gtk_widget_add_controller(cell, controller)
    }

    private func tellInterest() {
        adapter.interest?((pointerInside || focusInside) ? shownIndex : nil)
    }

    func showRow(_ index: Int) {
        watchInterest()
        let row = self.row ?? makeRow()
        if showsFooter {
            showsFooter = false
            footer.map { gtk_widget_set_visible($0.root, 0) }
            gtk_widget_set_visible(row.shownWidget, 1)
        }
        let moved = shownIndex != index
        shownIndex = index
        adapter.bind(row, index)
        // A row under the pointer that now shows another item (the list scrolled under it) is interest in that one.
        if moved && (pointerInside || focusInside) { tellInterest() }
    }

    func showFooter(_ state: FooterRow.State) {
        let footer = self.footer ?? makeFooter()
        if !showsFooter {
            showsFooter = true
            row.map { gtk_widget_set_visible($0.shownWidget, 0) }
        }
        shownIndex = nil
        // `.none` is an empty row: nothing visible in it, so no height of its own.
        gtk_widget_set_visible(footer.root, state == .none ? 0 : 1)
        footer.show(state)
    }

    package func unbind() { row?.unbind() }

    private func makeRow() -> ListRow {
        let row = adapter.make()
        gtk_widget_set_visible(row.shownWidget, 0)  // showRow shows it
        gtk_box_append(typed(root), row.shownWidget)
        self.row = row
        return row
    }

    private func makeFooter() -> FooterRow {
        let footer = FooterRow { [weak self] in self?.retryMore() }
        gtk_box_append(typed(root), footer.root)
        self.footer = footer
        return footer
    }
}

/// The last row of a list: a spinner while the next page loads, "No more data" at the end, the error of a later page
/// with Retry (the rows above stay), or nothing (`none`: hidden, while the list is idle with more pages to come).
@MainActor
package final class FooterRow {
    package enum State: Equatable {
        case none, loading, end
        case failed(String)
    }

    let root: Widget
    private let spinner: Widget
    private let label: Widget
    private let retry: Widget

    package init(onRetry: @escaping @MainActor () -> Void) {
        root = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, classes: ["list-footer"])
        gtk_widget_set_halign(root, GTK_ALIGN_CENTER)
        Build.margins(root, 12)
        spinner = widget(gtk_spinner_new())
        spinOnlyWhileMapped(spinner)
        label = Build.label("", classes: ["dim-label"], wrap: true)
        retry = widget(gtk_button_new_with_label(tr("Retry")))
        Build.append(root, spinner, label, retry)
        connect(raw(retry), "clicked", main: onRetry)
    }

    package func show(_ state: State) {
        gtk_widget_set_visible(spinner, state == .loading ? 1 : 0)
        gtk_spinner_set_spinning(opaque(spinner), state == .loading ? 1 : 0)
        gtk_widget_set_visible(retry, 0)
        switch state {
        case .none: break
        case .loading: gtk_label_set_text(opaque(label), tr("Loading more…"))
        case .end: gtk_label_set_text(opaque(label), tr("No more data"))
        case .failed(let message):
            gtk_label_set_text(opaque(label), message)
            gtk_widget_set_visible(retry, 1)
        }
    }

    // The footer's state travels on its list object, so a rebind shows the state it was created with.
    private static var states: [UInt: State] = [:]

    package static func setState(_ state: State, on object: UnsafeMutableRawPointer) {
        let key = UInt(bitPattern: object)
        states[key] = state
        g_object_weak_ref(object.assumingMemoryBound(to: GObject.self), { data, _ in
            let key = UInt(bitPattern: data)
            MainActor.assumeIsolated { _ = FooterRow.states.removeValue(forKey: key) }
        }, object)
    }

    package static func state(of object: UnsafeMutableRawPointer) -> State {
        states[UInt(bitPattern: object)] ?? .none
    }
}

/// A strip above a list: "offline, showing saved data", a failed refresh, a fallback source; with Retry.
@MainActor
package final class ListBanner {
    let root: Widget
    private let label: Widget

    package init(onRetry: @escaping @MainActor () -> Void) {
        root = widget(gtk_revealer_new())
        let box = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12, classes: ["list-banner"])
        label = Build.label("", wrap: true, xalign: 0)
        gtk_widget_set_hexpand(label, 1)
        let retry = widget(gtk_button_new_with_label(tr("Retry")))
        connect(raw(retry), "clicked", main: onRetry)
        Build.append(box, label, retry)
        gtk_revealer_set_child(opaque(root), box)
    }

    package func show(_ message: String?) {
        if let message { gtk_label_set_text(opaque(label), message) }
        gtk_revealer_set_reveal_child(opaque(root), message == nil ? 0 : 1)
    }
}
