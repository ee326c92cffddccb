internal import CGtk
internal import GtkBasics
import Dispatch
import GLibRuntime
import MayunCore

/// A row widget of a paged list. Row objects are recycled: `bind` shows another item in the same widgets.
@MainActor
package protocol ListRow: Shown {
    /// Called when the row scrolls away (cancel image loads).
    func unbind()
}

/// How a list shows its items: make a row, show item `index` in it, react to activation.
@MainActor
package struct RowAdapter {
    package let make: () -> ListRow
    package let bind: (ListRow, Int) -> Void
    package let activate: (Int) -> Void
    /// The least a row can measure in px (0: unknown); lets saved rows come in two steps (`PagedListView.sync`).
    package var minimumRowHeight = 0
    /// The row the pointer rests on or keyboard focus is in (nil: none), for asking early what it opens
    /// (`Prefetcher`); nil when the list prefetches nothing.
    package var interest: ((Int?) -> Void)?

    package init(make: @escaping () -> ListRow, bind: @escaping (ListRow, Int) -> Void,
                 activate: @escaping (Int) -> Void, minimumRowHeight: Int = 0) {
        self.make = make
        self.bind = bind
        self.activate = activate
        self.minimumRowHeight = minimumRowHeight
    }
}

/// The rows of a paged list ViewModel: status (loading / empty / failed with Retry) when there are no rows, a banner
/// (offline, refresh failed) above the rows, infinite scroll, and a footer row (loading, retry, end, or nothing).
///
/// The GListStore holds one plain GObject per row (its index as object data) plus one footer object, always last;
/// each page is one splice inserting its rows before the footer, i.e. one items-changed, and GTK creates widgets only
/// for the rows near the screen. The footer object never leaves the store: when its state changes (nothing / loading /
/// failed with Retry / end) it is replaced in place by one splice (remove 1 + add 1 at the same position), which
/// makes GTK rebind that row; the "nothing" footer is an empty row of no height of its own.
///
/// The rows are a one-column GtkGridView. GTK 4.8's GtkListView keeps 200 rows (plus two above and below each
/// tracker) bound around its scroll anchor however few are on screen and whatever their height
/// (`GTK_LIST_VIEW_MAX_LIST_ITEMS`, passed to the private `gtk_list_base_set_anchor_max_widgets` at init): ~206 rows
/// to bind, style, measure and allocate for ~9 visible. A one-column GtkGridView keeps `GTK_GRID_VIEW_MAX_VISIBLE_ROWS`
/// (30) per column, about two screens, and gives each row at least 1/30 of its height so 30 rows always fill it
/// (the empty footer too); to assistive technologies it stays a list (its role is set at construction; its items
/// are grid cells). It halves the frame work when scrolling. GTK 4.8's grid scrolled to the end goes blank when the
/// model's *last item is removed* (GridViewScrollTests), which is why the footer is only ever replaced in place and
/// never removed. `MAYUN_ROWS_WIDGET=list` builds a GtkListView instead (measuring, or a fallback).
///
/// The footer is not a row for infinite scroll: `rowShown` gets an item index (the footer's position is clamped to
/// the last item), and the ViewModel's guards (`reachedEnd`, one load at a time, a failure waiting for Retry) decide;
/// the footer's own state comes only from the ViewModel, never from what is on screen.
@MainActor
package final class PagedListView<Item: Sendable> {
    // Stored widget pointers: `root` and its descendants (grid, scroller), never removed; the view is owned by its
    // page, which is attached to the page root holding `root`, and writes them from their own signals and bindings.
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
    /// The `rowRevision` the rows on screen were drawn for.
    private var shownRowRevision = 0
    /// The footer object, always the store's last item, and the state it carries.
    private var footer: UnsafeMutableRawPointer
    private var footerState = FooterRow.State.none
    /// What the footer shows follows from these (the ViewModel's) and whether there are rows.
    private var footerInputs: (loading: Bool, error: String?, end: Bool) = (false, nil, false)
    private let factory: UnsafeMutableRawPointer
    /// The frame clock's layout phase, watched while the grid is mapped (`keepRowsOnScreen`).
    private lazy var layoutWatch = LayoutWatch { [weak self] in self?.keepRowsOnScreen() }
    /// A one-shot "after-paint" check for the end is waiting (`checkNearEndAfterNextFrame`).
    private var nearEndCheckPending = false
    /// How many times a blank grid was re-anchored (tests, `MAYUN_ROW_STATS`).
    private(set) var blankRecoveries = 0
    /// The last layout left no row in the viewport (`keepRowsOnScreen`): the adjustment says nothing true then.
    private var gridIsBlank = false
    /// The row at the bottom edge the last time rows were on screen: a blank grid is re-anchored no further down.
    private var lastBottomRow = 0
    /// Off only in the test that pins GTK's blank grid.
    var reanchorsBlankGrid = true
    /// Rows have come at least once; saved rows held back for the frame after the first screen (`sync`).
    private var hadRows = false
    private var restPending = false

    /// `accessibleName` names the list for screen readers (and the AT-SPI tests): "Projects", "Issues", "Commits"...
    package init(list: PagedListViewModel<Item>, adapter: RowAdapter, accessibleName: String, bindings: BindingBag) {
        self.list = list
        self.adapter = adapter
        root = Build.box(GTK_ORIENTATION_VERTICAL)
        banner = ListBanner { list.retry() }
        let factory = gtk_signal_list_item_factory_new()!
        self.factory = UnsafeMutableRawPointer(factory)
        footer = Self.footerObject(.none)
        g_list_store_append(store, footer)
        g_object_unref(footer)  // the store's reference keeps it
        listView = Self.makeRowsView(model: gtk_no_selection_new(store), factory: factory)
        scroller = verticalScroller(ofRows: listView, accessibleName: accessibleName)
        states = StateStack(content: scroller, failureTitle: tr("Could not load this list")) { list.retry() }
        Build.append(root, banner.root, states.root)

        connectFactory(UnsafeMutableRawPointer(factory))
        list.afterSavedRowsShown = { [weak self] work in
            guard let self else { return work() }
            afterNextPaint(work)
        }
        connect(raw(listView), "activate", mainWithArguments: { [unowned self] arguments in
            let position = arguments.uint(at: 1)
            if Int(position) < shownCount { adapter.activate(Int(position)) }
            return nil
        })
        if RowStats.usesGridView {
            connect(raw(listView), "map", main: { [weak self] in self?.watchLayout(true) })
            connect(raw(listView), "unmap", main: { [weak self] in self?.watchLayout(false) })
        }
        let adjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller))!
        for signal in ["value-changed", "changed"] {
            connect(UnsafeMutableRawPointer(adjustment), signal, main: { [unowned self] in loadMoreIfNearEnd() })
        }
        bindings.bind { [unowned self] in
            sync(count: list.items.count, generation: list.generation)
            states.show(list.state)
        }
        bindings.bind { [unowned self] in
            if list.rowRevision != shownRowRevision {
                shownRowRevision = list.rowRevision
                drawShownRowsAgain()
            }
        }
        bindings.bind { [unowned self] in
            banner.show(list.banner)
            footerInputs = (list.isLoadingMore, list.loadMoreError, list.reachedEnd)
            updateFooter()
        }
    }

    /// A one-column GtkGridView with the list role, or with `MAYUN_ROWS_WIDGET=list` a GtkListView (see the type's
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
    package var rowCount: Int { shownCount }
    var listWidget: Widget { listView }
    /// The rows' model: one object per row, then the footer (tests).
    package var model: UnsafeMutableRawPointer { UnsafeMutableRawPointer(store) }
    /// The list item factory (benchmarks count binds): `gtk_list_view_get_factory` does not apply to the grid view.
    package var rowFactory: UnsafeMutableRawPointer { factory }
    package var isLoadingMore: Bool { list.isLoadingMore }
    package var reachedEnd: Bool { list.reachedEnd }

    // MARK: Model

    private func sync(count: Int, generation: Int) {
        // The saved page's first rows (a warm start: 20 rows, ~9 on screen, the grid binding up to 30) come in two
        // steps (issue 29): those that can be on the first screen now, the rest once it is painted.
        var count = count
        if !hadRows, count > 0 {
            hadRows = true
            if list.isShowingSavedData, let first = FirstScreen.rows(of: listView, minimumRowHeight: adapter.minimumRowHeight),
               count > first, windowFrameClock != nil {
                count = first
                restPending = true
                afterNextPaint { [weak self] in
                    guard let self, restPending else { return }
                    restPending = false
                    sync(count: list.items.count, generation: list.generation)
                }
            }
        } else if restPending, generation == shownGeneration {
            count = min(count, shownCount)  // the same rows again (another input of the binding changed)
        }
        // Rows coming into a list with none replace the lone footer in the same splice, rows first: were they inserted
        // before it, the footer (the only item, so the view's scroll anchor) would keep the view at the end, and
        // every page would ask for the next, without end.
        if generation != shownGeneration {
            splice(at: 0, removing: shownCount, adding: 0..<count, replacingFooter: shownCount == 0 && count > 0)
            shownGeneration = generation
        } else if count > shownCount {
            // Scrolled to the very end, the footer is the view's scroll anchor, and the view would follow it below the
            // new rows: "Loading more…" stays in view and asks for page after page (a clean-clone run loaded all of
            // Popular so). The last row becomes the anchor first: the new rows then come in below the person.
            if shownCount > 0, isScrolledToEnd {
                gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint(shownCount - 1)))
            }
            splice(at: shownCount, removing: 0, adding: shownCount..<count, replacingFooter: shownCount == 0)
        }
        shownCount = count
        updateFooter()  // "end" needs rows; the footer binding may have run before this one
        // A short first page may not fill the screen, so no scroll event will come: check once the rows are laid out
        // (all of them: with rows held back, the sync that adds them checks).
        if !restPending { checkNearEndAfterNextFrame() }
    }

    /// Checks for the end after the next frame has been painted. Checked before it (as an idle callback did), the
    /// adjustment still measured the rows before the splice while the count already had the new ones, so a list
    /// scrolled to the end read "the last row is on screen" after every page and asked for the next, until the whole
    /// list was loaded (250 pages of Popular in one CI run; `testOneJumpToTheEndOfALongListLoadsAFewPagesNotAll`).
    /// Unmapped, there is no frame: mapping lays the list out, and the adjustment's "changed" checks then.
    private func checkNearEndAfterNextFrame() {
        guard !nearEndCheckPending, let clock = gtk_widget_get_frame_clock(listView) else { return }
        nearEndCheckPending = true
        // The connection disconnects itself (the list may be gone by then; the frame clock is the window's).
        let connection = OneShotConnection()
        connection.handler = connect(UnsafeMutableRawPointer(clock), "after-paint", main: { [weak self] in
            if let handler = connection.handler { disconnect(handler) }
            connection.handler = nil
            guard let self else { return }
            nearEndCheckPending = false
            loadMoreIfNearEnd()
        })
        gtk_widget_queue_draw(listView)
    }

    private var isScrolledToEnd: Bool {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller)) else { return false }
        let upper = gtk_adjustment_get_upper(adjustment)
        return upper > 0 && gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment) >= upper - 1
    }

    /// The frame clock of the list's window: the rows' own is nil until they are realized, and while the list shows
    /// its loading status (when the saved rows come) they are not.
    private var windowFrameClock: OpaquePointer? {
        guard let root = gtk_widget_get_root(listView) else { return nil }
        return gtk_widget_get_frame_clock(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))
    }

    /// Runs `work` after the next frame this list's window paints (at once when the list is in no realized window).
    private func afterNextPaint(_ work: @escaping @MainActor () -> Void) {
        guard let clock = windowFrameClock, let root = gtk_widget_get_root(listView) else { return work() }
        let connection = OneShotConnection()
        connection.handler = connect(UnsafeMutableRawPointer(clock), "after-paint", main: {
            if let handler = connection.handler { disconnect(handler) }
            connection.handler = nil
            work()
        })
        gtk_widget_queue_draw(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self))
    }

    private func splice(at position: Int, removing removed: Int, adding indices: Range<Int>,
                        replacingFooter: Bool = false) {
        var objects: [UnsafeMutableRawPointer?] = indices.map { index in
            let object = g_object_new_with_properties(GTypes.object, 0, nil, nil)!
            g_object_set_data(object, "mayun-index", UnsafeMutableRawPointer(bitPattern: index + 1))
            return UnsafeMutableRawPointer(object)
        }
        if replacingFooter {
            footer = Self.footerObject(footerState)
            objects.append(footer)
        }
        g_list_store_splice(store, guint(position), guint(removed + (replacingFooter ? 1 : 0)), &objects,
                            guint(objects.count))
        for object in objects { g_object_unref(object) }
    }

    private func updateFooter() {
        let (loading, error, end) = footerInputs
        let state: FooterRow.State = if let error { .failed(error) } else if loading { .loading }
            else if end && shownCount > 0 { .end } else { .none }
        guard state != footerState else { return }
        footerState = state
        // One splice replacing the last item in place (GTK rebinds it with the new state); removing the last item
        // would blank a grid scrolled to the end (GTK 4.8, GridViewScrollTests).
        var objects: [UnsafeMutableRawPointer?] = [Self.footerObject(state)]
        g_list_store_splice(store, guint(shownCount), 1, &objects, 1)
        g_object_unref(objects[0])
        footer = objects[0]!
    }

    private static func footerObject(_ state: FooterRow.State) -> UnsafeMutableRawPointer {
        let object = UnsafeMutableRawPointer(g_object_new_with_properties(GTypes.object, 0, nil, nil)!)
        FooterRow.setState(state, on: object)
        return object
    }

    /// The footer's state as the store holds it (tests).
    var footerShows: FooterRow.State { FooterRow.state(of: footer) }

    // MARK: Infinite scroll

    /// Tells the list which row is last on screen; it asks for the next page while that row is still
    /// `PrefetchPolicy`'s distance from the end, so scrolling never waits at the bottom. Rows are equally tall
    /// (`ProjectRowView`, `SimpleRowView`), so the row at the bottom edge follows from the adjustment.
    private func loadMoreIfNearEnd() {
        guard shownCount > 0, !restPending,
              let adjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller)) else { return }
        let upper = gtk_adjustment_get_upper(adjustment)
        let bottom = gtk_adjustment_get_value(adjustment) + gtk_adjustment_get_page_size(adjustment)
        let positions = Double(shownCount + 1)  // the rows and the footer
        let last = min(max(0, upper > 0 ? Int((bottom / upper * positions).rounded(.up)) - 1 : 0), shownCount - 1)
        // A blank grid's adjustment may point at the end of rows that were just added below the person: asking on
        // that would ask for page after page (keepRowsOnScreen re-anchors it, and the check after the frame follows).
        guard !gridIsBlank else { return }
        lastBottomRow = last
        list.rowShown(at: last)
    }

    /// The rows GTK has bound show their items again (`PagedListViewModel.rowsChanged`): only those on screen and
    /// just around it, in place, without touching the model (a splice would rebuild them and could move the view).
    private func drawShownRowsAgain() {
        var child = gtk_widget_get_first_child(listView)
        while let cell = child {
            if let content = gtk_widget_get_first_child(cell),
               let host = attachment(of: UnsafeMutableRawPointer(content), key: "mayun-row-host", as: RowHost.self),
               let index = host.shownIndex, index < shownCount {
                host.showRow(index)
            }
            child = gtk_widget_get_next_sibling(cell)
        }
    }

    // MARK: Blank grid

    private func watchLayout(_ on: Bool) { layoutWatch.watch(listView, on) }

    /// GTK 4.8's GtkGridView can lay out its rows outside its viewport after pages are inserted while it is scrolled
    /// to (or was just at) the end, leaving the list blank with the scrollbar mid-way (PagedListViewTests; replacing
    /// the footer in place avoids the other cause, removing the last item). After each layout, once the grid's own
    /// allocation is done, this checks that some bound row is allocated inside the viewport; when none is, it
    /// re-anchors the grid at the row the adjustment points to (the last item at the end) with `list.scroll-to-item`,
    /// which GTK lays out again before painting. About 34 children are looked at per frame.
    private func keepRowsOnScreen() {
        guard reanchorsBlankGrid else { return }
        let items = g_list_model_get_n_items(store)
        let height = gtk_widget_get_height(listView)
        guard items > 1, height > 0, gtk_widget_get_mapped(listView) != 0 else { return }
        var child = gtk_widget_get_first_child(listView)
        while let current = child {
            if gtk_widget_get_child_visible(current) != 0 {
                var allocation = GtkAllocation()
                gtk_widget_get_allocation(current, &allocation)
                if allocation.height > 0, allocation.y < height, allocation.y + allocation.height > 0 {
                    gridIsBlank = false
                    return
                }
            }
            child = gtk_widget_get_next_sibling(current)
        }
        gridIsBlank = true
        guard let adjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller)) else { return }
        let value = gtk_adjustment_get_value(adjustment), upper = gtk_adjustment_get_upper(adjustment)
        let atEnd = isScrolledToEnd
        // At the end, the last row, never the footer: anchored at the footer, the view follows every page added above
        // it, so "Loading more…" stays in view and asks for the next page, without end
        // (`testAPageComingWhileAtTheEndDoesNotPinTheViewThere`).
        // And never below the row the person last had at the bottom edge: the rows a page added under it are not
        // where they were, and anchored at their end the footer's "Loading more…" would ask for the next page, and so
        // on to the end of the list (a clean-clone run loaded all of Popular so).
        let lastRow = min(items - 2, guint(lastBottomRow))
        let position = atEnd || upper <= 0 ? lastRow
            : min(lastRow, guint(max(0, (value / upper * Double(items)).rounded(.down))))
        blankRecoveries += 1
        RowStats.recoveredBlank()
        gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(position))
    }

    // MARK: Rows

    /// Each list item shows the row its object stands for (the object's index, 1 and up), or the footer (index 0).
    private func connectFactory(_ factory: UnsafeMutableRawPointer) {
        let list = list
        RowHost.connectFactory(factory, adapter: adapter, retryMore: { list.retry() }) { item, host in
            guard let object = gtk_list_item_get_item(item) else { return }
            let index = Int(bitPattern: g_object_get_data(UnsafeMutablePointer(OpaquePointer(object)), "mayun-index"))
            RowStats.bind {
                if index > 0 {
                    host.showRow(index - 1)
                    gtk_list_item_set_activatable(item, 1)
                } else {
                    host.showFooter(FooterRow.state(of: UnsafeMutableRawPointer(object)))
                    gtk_list_item_set_activatable(item, 0)
                }
            }
        }
    }
}

/// A signal connection its own handler disconnects (`PagedListView.checkNearEndAfterNextFrame`).
@MainActor
private final class OneShotConnection {
    var handler: SignalConnection?
}
