internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// A virtualised list of rows its page already holds (rows of more than one kind, like the Notifications page's
/// repository headers and notifications), where `PagedListView` shows rows paged from the server: GTK makes
/// widgets only for the rows near the screen, so a long list costs what its screenful costs.
///
/// A GtkListView, not `PagedListView`'s one-column GtkGridView: these rows wrap and differ in height, and GTK 4.8's
/// grid measured them over and over (the 500-notification page took 520-730 ms to its first screen with a 320-420
/// ms stall in the grid, 136-163 ms and 72-95 ms in a list view, issue 29; most of it text shaping).
///
/// The store holds one plain GObject per row. A row is bound by its position, so the page keeps its rows in an
/// array and says which stretch changed (`apply(_:)`): the rows above and below that stretch keep their widgets and
/// the scroll position stays.
///
/// A long list goes into the store a screenful first and a batch per frame after (`FedListStore`): GTK 4.8 builds and
/// measures a widget for up to ~200 rows around its anchor in the frame after they come (issue 29).
@MainActor
package final class RowListView {
    // Stored widget pointers: `root` (the scrolled window) and its child, the list, never removed; the view is owned
    // by its page, whose root holds `root`.
    let root: Widget
    private let listView: Widget
    /// One plain object per row, fed a screenful first and a batch per frame after.
    private let rows = FedListStore(perFrame: RowListView.rowsPerFrame)
    private let adapter: RowAdapter
    private let isActivatable: (Int) -> Bool
    /// The rows the page has (the store may hold only the first of them yet).
    var rowCount: Int { rows.rows }

    /// `accessibleName` names the list for screen readers; `isActivatable` says which rows a click activates.
    package init(adapter: RowAdapter, accessibleName: String, isActivatable: @escaping @MainActor (Int) -> Bool) {
        self.adapter = adapter
        self.isActivatable = isActivatable
        let factory = gtk_signal_list_item_factory_new()!
        let factoryObject = UnsafeMutableRawPointer(factory)
        listView = rows.makeListView(factory: factory)
        gtk_list_view_set_single_click_activate(opaque(listView), 1)
        root = verticalScroller(ofRows: listView, accessibleName: accessibleName)
        connectFactory(factoryObject)
        connect(raw(listView), "activate", mainWithArguments: { [unowned self] arguments in
            let position = Int(arguments.uint(at: 1))
            if position < rowCount, isActivatable(position) { adapter.activate(position) }
            return nil
        })
    }

    var scrolledWindow: Widget { root }
    var listWidget: Widget { listView }

    /// Replaces the changed stretch of rows (`change`, between the rows shown and the rows now) with new objects,
    /// which GTK binds when they come near the screen; of many more rows, a screenful now and the rest a batch a frame.
    package func apply(_ change: RowListChange) {
        guard !change.isEmpty else { return }
        rows.apply(change, batch: firstBatch)
    }

    /// Rows put in per frame after the first screenful: a notification row takes about 1 ms to build, bind and
    /// measure in a release build (issue 29), so a frame of them stays near 12 ms.
    static let rowsPerFrame = 12
    /// The least height of a row, for how many rows a screen can hold (a Notifications header is about 40 px).
    static let leastRowHeight = 40

    /// How many rows a change may add to the store at once: a screenful (the window's height over the least row
    /// height).
    private var firstBatch: Int {
        max(Self.rowsPerFrame, FirstScreen.rows(of: listView, minimumRowHeight: Self.leastRowHeight) ?? 24)
    }

    /// Each list item shows the row at its position.
    private func connectFactory(_ factory: UnsafeMutableRawPointer) {
        RowHost.connectFactory(factory, adapter: adapter) { [unowned self] item, host in
            let position = Int(gtk_list_item_get_position(item))
            guard position < rowCount else { return }
            RowStats.bind {
                host.showRow(position)
                gtk_list_item_set_activatable(item, isActivatable(position) ? 1 : 0)
            }
        }
    }
}

extension RowListView: Component { package var shownRef: WidgetRef { WidgetRef(widget: root) } }

extension Icon {
    /// Shows another named icon (a recycled row's kind).
    package func setName(_ name: String) { gtk_image_set_from_icon_name(opaque(widget), name) }
}

/// The scrolled window a list of rows sits in (vertical only, filling the height), the list styled and named for
/// screen readers: the same for `PagedListView` and `RowListView`.
@MainActor
func verticalScroller(ofRows listView: Widget, accessibleName: String) -> Widget {
    Build.addClasses(listView, ["project-list"])
    Accessibility.setLabel(listView, accessibleName)
    let scroller = widget(gtk_scrolled_window_new())
    gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
    gtk_scrolled_window_set_child(opaque(scroller), listView)
    gtk_widget_set_vexpand(scroller, 1)
    return scroller
}
