import CGtk
import Foundation
import GLibRuntime

/// For `make bench` (bench/lists.py); inert unless its environment variables are set.
///
/// - `MAYUN_BENCH_FIRST_ROWS=1`: prints `first-rows <monotonic µs>` once the Featured list's rows have been painted
///   (from the saved copy on a warm start), then exits.
/// - `MAYUN_BENCH_SCROLL=<rows>,<screens per second>,<list index>`: once rows show, scrolls that explore list
///   (0 Featured, 1 Popular, 2 Latest) at that speed, measuring each
///   frame (interval between paints, and the time from the frame clock's update to the end of its paint) and how long
///   the loading row was on screen; prints one `scroll ...` line when `<rows>` rows have passed, then exits.
@MainActor
final class ListBenchmarkProbe {
    private let list: PagedListView<GiteeProject>
    private let window: Widget
    private var intervals: [Double] = []
    private var work: [Double] = []
    private var lastPaint: Int = 0
    private var updateStart: Int = 0
    private var scrollStart: Int = 0
    private var lastTick: Int = 0
    private var loadingVisible: Double = 0
    private var speed: Double = 3
    private var targetRows = 10_000

    static func installIfRequested(in mainWindow: MainWindow) {
        let environment = ProcessInfo.processInfo.environment
        guard let lists = (mainWindow.tabsPage as? ProjectsTabPage)?.lists, let featured = lists.first else { return }
        if environment["MAYUN_BENCH_FIRST_ROWS"] == "1" {
            let list = featured.listView
            let probe = ListBenchmarkProbe(list: list, window: mainWindow.window)
            probe.onFirstRows { print("first-rows \(g_get_monotonic_time())"); exit(0) }
            retained.append(probe)
        }
        if let spec = environment["MAYUN_BENCH_SCROLL"] {
            let parts = spec.split(separator: ",").compactMap { Double($0) }
            let index = parts.count > 2 ? min(Int(parts[2]), lists.count - 1) : 0
            let list = lists[index].listView
            mainWindow.coordinator.projectsTab.select(index: index)
            let probe = ListBenchmarkProbe(list: list, window: mainWindow.window)
            probe.targetRows = Int(parts.first ?? 10_000)
            probe.speed = parts.count > 1 ? parts[1] : 3
            probe.onFirstRows { probe.startScrolling() }
            retained.append(probe)
        }
    }

    private static var retained: [ListBenchmarkProbe] = []

    private init(list: PagedListView<GiteeProject>, window: Widget) {
        self.list = list
        self.window = window
    }

    private func onFirstRows(_ action: @escaping @MainActor () -> Void) {
        var done = false
        connect(raw(window), "realize", after: true, main: { [unowned self] in
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            connect(UnsafeMutableRawPointer(clock), "after-paint", main: { [unowned self] in
                guard !done, list.rowCount > 0, gtk_widget_get_mapped(list.listWidget) != 0 else { return }
                done = true
                action()
            })
        })
    }

    private func startScrolling() {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        let clockObject = UnsafeMutableRawPointer(clock)
        connect(clockObject, "update", main: { [unowned self] in updateStart = g_get_monotonic_time() })
        connect(clockObject, "after-paint", main: { [unowned self] in recordPaint() })
        scrollStart = g_get_monotonic_time()
        lastTick = scrollStart
        gtk_widget_add_tick_callback(list.listWidget, { _, _, data in
            let probe = Unmanaged<ListBenchmarkProbe>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { probe.tick() ? 1 : 0 }
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    private func recordPaint() {
        let now = g_get_monotonic_time()
        if lastPaint > 0 { intervals.append(Double(now - lastPaint) / 1000) }
        if updateStart > 0 { work.append(Double(now - updateStart) / 1000) }
        lastPaint = now
    }

    /// One frame of scrolling; false stops the tick callback.
    private func tick() -> Bool {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(opaque(list.scrolledWindow)) else { return false }
        let now = g_get_monotonic_time()
        let seconds = Double(now - lastTick) / 1e6
        lastTick = now
        let page = gtk_adjustment_get_page_size(adjustment)
        let value = gtk_adjustment_get_value(adjustment)
        let upper = gtk_adjustment_get_upper(adjustment)
        // The loading row is the last ~60 px: it is visible when the viewport reaches it while a page loads.
        if list.isLoadingMore, upper - (value + page) < 60 { loadingVisible += seconds }
        gtk_adjustment_set_value(adjustment, min(value + speed * page * seconds, upper - page))
        let passedEnough = list.rowCount >= targetRows || list.reachedEnd
        if passedEnough, upper - (value + page) < page {
            report()
            return false
        }
        return true
    }

    private func report() {
        func percentile(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Int(Double(sorted.count - 1) * p))]
        }
        let total = Double(g_get_monotonic_time() - scrollStart) / 1000
        print(String(format: "scroll rows=%d frames=%d total_ms=%.0f interval_p50=%.2f interval_p95=%.2f "
                     + "interval_p99=%.2f work_p50=%.2f work_p95=%.2f work_p99=%.2f loading_visible_ms=%.0f",
                     list.rowCount, intervals.count, total, percentile(intervals, 0.5), percentile(intervals, 0.95),
                     percentile(intervals, 0.99), percentile(work, 0.5), percentile(work, 0.95), percentile(work, 0.99),
                     loadingVisible * 1000))
        exit(0)
    }
}
