import CGtk
import Dispatch
import GLibRuntime
import MayunCore

/// A row widget of a paged list. Row objects are recycled: `bind` shows another item in the same widgets.
@MainActor
protocol ListRow: AnyObject {
    var root: Widget { get }
    /// Called when the row scrolls away (cancel image loads).
    func unbind()
}

/// How a list shows its items: make a row, show item `index` in it, react to activation.
@MainActor
struct RowAdapter {
    let make: () -> ListRow
    let bind: (ListRow, Int) -> Void
    let activate: (Int) -> Void
    /// Retry after a later page failed (the footer's button).
    let retryMore: () -> Void
}

/// A GtkListView over a paged list ViewModel: status (loading / empty / failed with Retry) when there are no rows,
/// a banner (offline, refresh failed) above the rows, infinite scroll, and a footer row (loading, retry, end).
///
/// The GListStore holds one plain GObject per row (its index as object data) plus a footer object; each page is one
/// splice, i.e. one items-changed, and GTK creates widgets only for the rows near the screen.
///
/// GTK 4.8's GtkListView keeps 200 rows (plus two above and below each tracker) bound around its scroll anchor
/// however few are on screen and whatever their height (`GTK_LIST_VIEW_MAX_LIST_ITEMS`, passed to the private
/// `gtk_list_base_set_anchor_max_widgets` at init): ~206 rows to bind, style, measure and allocate for ~9 visible.
/// A one-column GtkGridView keeps `GTK_GRID_VIEW_MAX_VISIBLE_ROWS` (30) per column, about two screens, and gives each
/// row at least 1/30 of its height so 30 rows always fill it; to assistive technologies it stays a list (its role
/// is set at construction; its items are grid cells). `MAYUN_ROWS_WIDGET=grid` builds the grid view: it halves
/// the frame work when scrolling, but GTK 4.8's grid scrolled to the end goes blank when the model's last item is
/// removed, which `updateFooter` does after each page (GridViewScrollTests; the browse e2e's blank list at step 4,
/// already blank before its click). The list view stays the default until the footer stays in the model.
@MainActor
final class PagedListView<Item: Sendable> {
    let root: Widget
    private let list: PagedListViewModel<Item>
    private let adapter: RowAdapter
    private let store = g_list_store_new(GTypes.object)!
    private let listView: Widget
    private let scroller: Widget
    private let states: StateStack
    private let banner: ListBanner
    private var shownCount = 0
    private var shownGeneration = -1
    private var footer: UnsafeMutableRawPointer?
    private let factory: UnsafeMutableRawPointer

    /// `accessibleName` names the list for screen readers (and the AT-SPI tests): "Projects", "Issues", "Commits"...
    init(list: PagedListViewModel<Item>, adapter: RowAdapter, accessibleName: String, bindings: BindingBag) {
        self.list = list
        self.adapter = adapter
        root = Build.box(GTK_ORIENTATION_VERTICAL)
        banner = ListBanner { list.retry() }
        let factory = gtk_signal_list_item_factory_new()!
        self.factory = UnsafeMutableRawPointer(factory)
        listView = Self.makeRowsView(model: gtk_no_selection_new(store), factory: factory)
        Build.addClasses(listView, ["project-list"])
        Accessibility.setLabel(listView, accessibleName)
        scroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque(scroller), listView)
        gtk_widget_set_vexpand(scroller, 1)
        states = StateStack(content: scroller, failureTitle: tr("Could not load this list")) { list.retry() }
        Build.append(root, banner.root, states.root)

        connectFactory(UnsafeMutableRawPointer(factory))
        connect(raw(listView), "activate", mainWithArguments: { [unowned self] arguments in
            let position = arguments.uint(at: 1)
            if Int(position) < shownCount { adapter.activate(Int(position)) }
            return nil
        })
        let adjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller))!
        for signal in ["value-changed", "changed"] {
            connect(UnsafeMutableRawPointer(adjustment), signal, main: { [unowned self] in loadMoreIfNearEnd() })
        }
        bindings.bind { [unowned self] in
            sync(count: list.items.count, generation: list.generation)
            states.show(list.state)
        }
        bindings.bind { [unowned self] in
            banner.show(list.banner)
            updateFooter(loading: list.isLoadingMore, error: list.loadMoreError, end: list.reachedEnd)
        }
    }

    /// A GtkListView, or with `MAYUN_ROWS_WIDGET=grid` a one-column GtkGridView with the list role (see the type's
    /// comment); takes `model` and `factory`.
    private static func makeRowsView(model: OpaquePointer?, factory: OpaquePointer)
        -> Widget {
        if !RowStats.usesGridView {
            let list = widget(gtk_list_view_new(model, factory))
            gtk_list_view_set_single_click_activate(opaque(list), 1)
            return list
        }
        var role = GValue()
        g_value_init(&role, gtk_accessible_role_get_type())
        g_value_set_enum(&role, gint(GTK_ACCESSIBLE_ROLE_LIST.rawValue))
        let object = "accessible-role".withCString { name in
            var names: [UnsafePointer<CChar>?] = [name]
            return g_object_new_with_properties(gtk_grid_view_get_type(), 1, &names, &role)
        }
        g_value_unset(&role)
        let grid = widget(OpaquePointer(object))
        gtk_grid_view_set_max_columns(opaque(grid), 1)
        gtk_grid_view_set_model(opaque(grid), model)
        gtk_grid_view_set_factory(opaque(grid), factory)
        gtk_grid_view_set_single_click_activate(opaque(grid), 1)
        g_object_unref(UnsafeMutableRawPointer(model))
        g_object_unref(UnsafeMutableRawPointer(factory))
        return grid
    }

    /// The underlying scrolled window (tests scroll it; pages keep its position).
    var scrolledWindow: Widget { scroller }
    var rowCount: Int { shownCount }
    var listWidget: Widget { listView }
    /// The list item factory (benchmarks count binds): `gtk_list_view_get_factory` does not apply to the grid view.
    var rowFactory: UnsafeMutableRawPointer { factory }
    var isLoadingMore: Bool { list.isLoadingMore }
    var reachedEnd: Bool { list.reachedEnd }

    // MARK: Model

    private func sync(count: Int, generation: Int) {
        if generation != shownGeneration {
            splice(at: 0, removing: shownCount, adding: 0..<count)
            shownGeneration = generation
        } else if count > shownCount {
            splice(at: shownCount, removing: 0, adding: shownCount..<count)
        }
        shownCount = count
        // A short first page may not fill the screen, so no scroll event will come: check now.
        DispatchQueue.main.async { [weak self] in MainActor.assumeIsolated { self?.loadMoreIfNearEnd() } }
    }

    private func splice(at position: Int, removing removed: Int, adding indices: Range<Int>) {
        var objects: [UnsafeMutableRawPointer?] = indices.map { index in
            let object = g_object_new_with_properties(GTypes.object, 0, nil, nil)!
            g_object_set_data(object, "mayun-index", UnsafeMutableRawPointer(bitPattern: index + 1))
            return UnsafeMutableRawPointer(object)
        }
        g_list_store_splice(store, guint(position), guint(removed), &objects, guint(objects.count))
        for object in objects { g_object_unref(object) }
    }

    private func updateFooter(loading: Bool, error: String?, end: Bool) {
        let state: FooterRow.State? = if let error { .failed(error) } else if loading { .loading }
            else if end && shownCount > 0 { .end } else { nil }
        // Replacing the footer object makes GTK rebind the footer row with the new state.
        let position = guint(g_list_model_get_n_items(store))
        if footer != nil { g_list_store_remove(store, position - 1) }
        footer = nil
        guard let state else { return }
        let object = g_object_new_with_properties(GTypes.object, 0, nil, nil)!
        FooterRow.setState(state, on: UnsafeMutableRawPointer(object))
        g_list_store_append(store, object)
        g_object_unref(object)
        footer = UnsafeMutableRawPointer(object)
    }

    // MARK: Infinite scroll

    /// Tells the list which row is last on screen; it asks for the next page while that row is still
    /// `PrefetchPolicy`'s distance from the end, so scrolling never waits at the bottom. Rows are equally tall
    /// (`ProjectRowView`, `SimpleRowView`), so the row at the bottom edge follows from the adjustment.
    private func loadMoreIfNearEnd() {
        guard shownCount > 0, let adjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller)) else { return }
        let upper = gtk_adjustment_get_upper(adjustment)
        let bottom = gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)
        let positions = Double(g_list_model_get_n_items(store))  // the rows and the footer
        let last = upper > 0 ? Int((bottom / upper * positions).rounded(.up)) - 1 : 0
        list.rowShown(at: min(max(0, last), shownCount - 1))
    }

    // MARK: Rows

    private func connectFactory(_ factory: UnsafeMutableRawPointer) {
        connect(factory, "setup", mainWithArguments: { [unowned self] arguments in
            guard let item = arguments.object(at: 1) else { return nil }
            let host = RowHost(adapter: adapter)
            gtk_list_item_set_child(OpaquePointer(item), host.root)
            RowStats.setUp()
            return nil
        })
        connect(factory, "teardown", mainWithArguments: { _ in
            RowStats.tornDown()
            return nil
        })
        connect(factory, "bind", mainWithArguments: { arguments in
            guard let item = arguments.object(at: 1), let host = RowHost.of(item),
                  let object = gtk_list_item_get_item(OpaquePointer(item)) else { return nil }
            let index = Int(bitPattern: g_object_get_data(UnsafeMutablePointer(OpaquePointer(object)), "mayun-index"))
            RowStats.bind {
                if index > 0 {
                    host.showRow(index - 1)
                    gtk_list_item_set_activatable(OpaquePointer(item), 1)
                } else {
                    host.showFooter(FooterRow.state(of: UnsafeMutableRawPointer(object)))
                    gtk_list_item_set_activatable(OpaquePointer(item), 0)
                }
            }
            return nil
        })
        connect(factory, "unbind", mainWithArguments: { arguments in
            if let item = arguments.object(at: 1), let host = RowHost.of(item) { host.unbind() }
            RowStats.unbound()
            return nil
        })
    }
}
