internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// The GListStore behind a long list whose rows its page already holds (the Notifications page's rows, a diff's
/// rows): one plain GObject per row, bound by position, fed into the store as `RowFeed` says, a screenful at once
/// and a batch per frame after from a tick callback on the list view (issue 29).
///
/// The frame after a splice lays out that splice's rows alone: a tick callback runs in the update phase, before the
/// layout of its own frame, so the feed lets one tick pass after each change (without it the first screen's frame
/// bound the first batch and the next one).
@MainActor
final class FedListStore {
    let store = g_list_store_new(GTypes.object)!
    private var feed: RowFeed
    // Stored widget pointer: the list view showing `store`, which owns the tick callback; set once by `makeListView`.
    private var listView: Widget?
    /// The tick callback feeding the rest of the rows (0: none).
    private var feeding: guint = 0
    private var ticksToSkip = 0

    init(perFrame: Int, allAfter: Int? = nil) { feed = RowFeed(perFrame: perFrame, allAfter: allAfter) }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(store)) }

    /// Makes the list view that shows the store (through a no-selection model) with `factory`; the feed runs on its
    /// frame clock. Once.
    func makeListView(factory: OpaquePointer) -> Widget {
        let model = gtk_no_selection_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(store))))
        let view = widget(gtk_list_view_new(model, factory))  // the view takes the model and the factory
        listView = view
        return view
    }

    /// The rows the page has (the store may hold only the first of them yet).
    var rows: Int { feed.rows }
    /// The rows in the store so far.
    var fedRows: Int { feed.fed }

    /// Splices the changed stretch (`change`, between the rows shown and the rows now) into the store: up to `batch`
    /// more rows now, the rest a batch a frame.
    func apply(_ change: RowListChange, batch: Int) {
        if let splice = feed.apply(change, batch: batch) { self.splice(splice) }
        if feed.pending > 0 { startFeeding() }
    }

    /// Puts every row before `row` into the store now (a jump to a row the feed has not reached).
    func feed(upTo row: Int) {
        if let splice = feed.feed(upTo: row) { self.splice(splice) }
    }

    private func splice(_ splice: RowFeed.Splice) {
        var objects: [UnsafeMutableRawPointer?] = (0..<max(0, splice.added)).map { _ in
            UnsafeMutableRawPointer(g_object_new_with_properties(GTypes.object, 0, nil, nil)!)
        }
        g_list_store_splice(store, guint(splice.at), guint(max(0, splice.removed)), &objects, guint(objects.count))
        for object in objects { g_object_unref(object) }
    }

    /// Feeds one batch per frame until every row is in, from the frame after the one that lays out the last splice.
    private func startFeeding() {
        ticksToSkip = 1
        guard feeding == 0, let listView else { return }
        let owner = FeedOwner(self)
        // The list view owns the callback (and the box through its destroy notify); the box holds this store weakly,
        // so whichever goes first, nothing is used after it is freed.
        feeding = gtk_widget_add_tick_callback(listView, { _, _, data in
            guard let owner = CallbackData.borrow(data, as: FeedOwner.self) else { return 0 }
            return MainActor.assumeIsolated {
                guard let fed = owner.store else { return 0 }
                if fed.ticksToSkip > 0 {
                    fed.ticksToSkip -= 1
                    return 1
                }
                if let splice = fed.feed.next() { fed.splice(splice) }
                if fed.feed.pending > 0 { return 1 }
                fed.feeding = 0
                return 0
            }
        }, CallbackData.retain(owner), CallbackData.release)
    }

    private final class FeedOwner {
        weak var store: FedListStore?
        init(_ store: FedListStore) { self.store = store }
    }
}
