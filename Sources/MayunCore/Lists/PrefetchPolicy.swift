/// When a scrolling list asks for its next page: early enough that the page is there before the rows run out.
///
/// A page arrives after the server's latency plus decoding and a frame to show it (~0.3 s in all at 150 ms
/// latency). Scrolling at 3 screens a second passes ~25-30 rows a second, a fling ~10 screens (~90 rows) a second,
/// so the request must go out while `rowsPerSecond × seconds` rows are still ahead: ~9 rows at 3 screens a second,
/// ~27 for a fling. Asking 40 rows ahead (two pages of 20) covers the fling with margin, and costs nothing when
/// nobody scrolls: the next page is asked for only once the rows on screen come within that distance of the end.
public enum PrefetchPolicy {
    /// Rows left below the last row on screen when the next page is asked for.
    public static let defaultDistance = 40

    /// How many rows pass while a page is on its way: scrolling speed × (latency + time to decode and show it).
    public static func rowsPassed(rowsPerSecond: Double, latency: Double, handling: Double = 0.15) -> Int {
        Int((max(0, rowsPerSecond) * (max(0, latency) + max(0, handling))).rounded(.up))
    }

    /// Whether the row at `lastShownIndex` (the last one on screen, or being bound) is close enough to the end of
    /// `count` rows that the next page should be asked for now.
    public static func shouldLoadMore(lastShownIndex: Int, count: Int, distance: Int = defaultDistance) -> Bool {
        guard count > 0, lastShownIndex >= 0 else { return false }
        let rowsBelow = count - 1 - min(lastShownIndex, count - 1)
        return rowsBelow < max(1, distance)
    }
}
