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

        public init(at: Int, removed: Int, added: Int) {
            self.at = at
            self.removed = removed
            self.added = added
        }
    }

    /// The rows the page has now.
    public private(set) var rows = 0
    /// How many of them (from the first) the model holds.
    public private(set) var fed = 0
    /// Rows `next()` adds per frame.
    public let perFrame: Int
    /// A cap on the rows one list can hold (a change is clamped to it), against a runaway count.
    public static let maximumRows = 1_000_000

    public init(perFrame: Int) { self.perFrame = max(1, perFrame) }

    /// Rows not in the model yet.
    public var pending: Int { rows - fed }

    /// The page's rows changed by `change` (against the rows before it); returns what to splice into the model now,
    /// growing it by at most `batch` rows (nil: nothing now, e.g. a change wholly among rows not fed yet).
    public mutating func apply(_ change: RowListChange, batch: Int) -> Splice? {
        let start = min(max(0, change.start), rows)
        let removed = min(max(0, change.removed), rows - start)
        let added = min(max(0, change.added), Self.maximumRows - (rows - removed))
        rows = rows - removed + added
        guard start <= fed else { return nil }
        let put = min(added, min(removed, fed - start) + max(1, batch))
        let splice: Splice
        if start + removed <= fed, put == added {
            splice = Splice(at: start, removed: removed, added: added)
            fed = fed - removed + added
        } else {
            splice = Splice(at: start, removed: fed - start, added: put)
            fed = start + put
        }
        return splice.removed == 0 && splice.added == 0 ? nil : splice
    }

    /// The next frame's batch of rows, appended at the end of the model (nil once every row is in).
    public mutating func next() -> Splice? {
        guard fed < rows else { return nil }
        let put = min(rows - fed, perFrame)
        defer { fed += put }
        return Splice(at: fed, removed: 0, added: put)
    }
}
