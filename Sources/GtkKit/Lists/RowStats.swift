import Foundation

/// `MAYUN_ROW_STATS=1` (for measuring, issue 14; inert otherwise): counts the row widgets the list views keep (set
/// up and not torn down, bound and not unbound) and times each bind, printing one line to stderr every 500 binds:
///
///     row-stats binds=1500 live=34 bound=33 max-bound=34 bind-us p50=21 p95=38 max=410
///
/// A bind is the widget work of showing another item in a recycled row (texts, visibility, avatar from the
/// cache), in the main thread's CPU time; measuring and drawing the row come later in the frame and are in the frame
/// timings instead.
///
/// `MAYUN_ROWS_WIDGET=list` builds the lists as a GtkListView instead of the one-column GtkGridView (see
/// `PagedListView`), to compare the two in the same build.
@MainActor
package enum RowStats {
    /// Set once by `MayunApplication` from `LaunchOptions` (`countsRows`, `rowsAsListView`), before any list exists.
    package static var enabled = false
    package static var usesGridView = true
    private static var live = 0
    private static var bound = 0
    private static var maxBound = 0
    private static var binds = 0
    private static var blankRecoveries = 0
    private static var bindMicros: [Double] = []

    package static func setUp() { if enabled { live += 1 } }
    static func tornDown() { if enabled { live -= 1 } }
    static func unbound() { if enabled { bound -= 1 } }
    /// A blank grid was re-anchored (`PagedListView.keepRowsOnScreen`).
    static func recoveredBlank() {
        guard enabled else { return }
        blankRecoveries += 1
        FileHandle.standardError.write(Data("row-stats blank grid re-anchored (\(blankRecoveries) so far)\n".utf8))
    }

    /// Runs `bind`, timing it when enabled: the main thread's CPU time, which a loaded machine does not inflate the
    /// way it does wall time (a bind preempted halfway would count the other processes' time).
    package static func bind(_ body: () -> Void) {
        guard enabled else { return body() }
        let start = threadCPUNanoseconds()
        body()
        bindMicros.append(Double(threadCPUNanoseconds() - start) / 1000)
        bound += 1
        maxBound = max(maxBound, bound)
        binds += 1
        if binds % 500 == 0 { report() }
    }

    private static func threadCPUNanoseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return now.tv_sec * 1_000_000_000 + now.tv_nsec
    }

    private static func report() {
        let sorted = bindMicros.sorted()
        func at(_ p: Double) -> Double { sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))] }
        FileHandle.standardError.write(Data(String(
            format: "row-stats binds=%d live=%d bound=%d max-bound=%d bind-us p50=%.0f p95=%.0f max=%.0f\n",
            binds, live, bound, maxBound, at(0.5), at(0.95), sorted.last ?? 0).utf8))
        bindMicros.removeAll(keepingCapacity: true)
    }
}
