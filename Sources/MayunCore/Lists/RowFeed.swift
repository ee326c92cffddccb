/// Which of a long list's rows are in its GTK list model yet, for a list that takes them a batch per frame (issue 29).
///
/// GTK 4.8's GtkListView makes, binds and measures a widget for up to ~200 rows around its anchor in the frame after
/// they are added: the Notifications page's first 100-odd wrapping rows, added at once, were one 80-100 ms frame.
/// Fed a screenful first and a batch per frame after, no frame lays out more than that.
///
/// The model always holds a prefix of the page's rows (`fed` of `rows`), so a model position is a row index.
/// A change inside that prefix is spliced as it comes when it grows the model by no more than `batch` rows (rows
/// replaced in place, like Mark All as Read's, cost what they did and keep the scroll position); a larger one puts
/// in as many of its rows as it removes plus `batch`, and drops the fed rows after it (they come back with the
/// rest, `next()`).
public struct RowFeed: Equatable, Sendable {
    /// One `g_list_store_splice`: at `at`, remove `removed` items and insert `added` new ones.
    public struct Splice: Equatable, Sendable {
        public let at: Int
        public let removed: Int
        public let added: Int
    }

    /// The rows the page has now.
    public private(set) var rows = 0
    /// How many of them (from the first) the model holds.
    public private(set) var fed = 0
    /// Rows `next()` adds per frame.
    public let perFrame: Int
    /// Once this many rows are fed, the rest go in at once (nil: never). GtkListView makes widgets only for the
    /// ~200 rows around its anchor, so past those an item costs nothing to lay out: a diff's 10,000 rows need not
    /// take 250 frames to get in.
    public let allAfter: Int?
    /// A cap on the rows one list can hold (a change is clamped to it), against a runaway count.
    public static let maximumRows = 1_000_000

    public init(perFrame: Int, allAfter: Int? = nil) {
        self.perFrame = max(1, perFrame)
        self.allAfter = allAfter.map { max(0, $0) }
    }

    /// Rows not in the model yet.
    public var pending: Int { rows - fed }

    /// The page's rows changed by `change` (against the rows before it); returns what to splice into the model now,
    /// growing it by at most `batch` rows, or to at most `allAfter` rows (nil: nothing now, e.g. a change wholly
    /// among rows not fed yet).
    public mutating func apply(_ change: RowListChange, batch: Int) -> Splice? {
        let start = min(max(0, change.start), rows)
        let removed = min(max(0, change.removed), rows - start)
        let added = min(max(0, change.added), Self.maximumRows - (rows - removed))
        rows = rows - removed + added
        guard start <= fed else { return nil }
        let put = min(added, min(removed, fed - start) + max(1, batch))
        // A change that ends before `allAfter` goes in whole (a diff's first screen of up to `allAfter` rows).
        let fitsBeforeAllAfter = allAfter.map { start + added <= $0 } ?? false
        let splice: Splice
        if start + removed <= fed, put == added || fitsBeforeAllAfter {
            splice = Splice(at: start, removed: removed, added: added)
            fed = fed - removed + added
        } else {
            splice = Splice(at: start, removed: fed - start, added: put)
            fed = start + put
        }
        return splice.removed == 0 && splice.added == 0 ? nil : splice
    }

    /// The next frame's batch of rows, appended at the end of the model (nil once every row is in): `perFrame`
    /// rows, or all the rest once `allAfter` rows are in.
    public mutating func next() -> Splice? {
        guard fed < rows else { return nil }
        return feed(upTo: allAfter.map { fed >= $0 } == true ? rows : fed + perFrame)
    }

    /// Appends every row before `row` not in the model yet (a jump to a row far down), nil when they all are.
    public mutating func feed(upTo row: Int) -> Splice? {
        let put = min(rows, row) - fed
        guard put > 0 else { return nil }
        defer { fed += put }
        return Splice(at: fed, removed: 0, added: put)
    }
}
