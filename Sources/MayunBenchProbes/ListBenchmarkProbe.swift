import CGtk
import Foundation
import GLibRuntime
import GtkKit
import MayunCore
import MayunShell
import MayunUI

/// For `make bench` (bench/lists.py, bench/scroll.py); inert unless its environment variables are set.
///
/// - `MAYUN_BENCH_FIRST_ROWS=1`: prints `first-rows <monotonic µs>` once the Featured list's rows have been painted
///   (from the saved copy on a warm start), then exits.
/// - `MAYUN_BENCH_SCROLL="rows=<n> rate=<rows per second> list=<0 Featured, 1 Popular, 2 Latest> rss_at=<n>
///   width=<px> height=<px>"`: once rows show, `ScrollBenchmarkProbe` scrolls that explore list paced by rows and
///   prints one `scroll ...` line, then exits.
@MainActor
final class ListBenchmarkProbe {
    private let list: BenchmarkList
    // Stored widget pointer: the benchmark's window, which lives until the benchmark exits.
    private let window: Widget

    static func installIfRequested(in mainWindow: BenchmarkWindow) {
        let environment = ProcessInfo.processInfo.environment
        let lists = mainWindow.projectLists
        guard let featured = lists.first else { return }
        if environment["MAYUN_BENCH_FIRST_ROWS"] == "1" {
            let list = featured
            let probe = ListBenchmarkProbe(list: list, window: mainWindow.window)
            probe.onFirstRows { print("first-rows \(g_get_monotonic_time())"); exit(0) }
            retained.append(probe)
        }
        if let text = environment["MAYUN_BENCH_SCROLL"] {
            let spec = ScrollBenchmarkProbe.Spec(text)
            let index = min(spec.list, lists.count - 1)
            let list = lists[index]
            mainWindow.coordinator.projectsTab.select(index: index)
            // Before the window is presented, so it opens at this size (the 360 px phone run).
            if spec.width > 0, spec.height > 0 {
                gtk_window_set_default_size(UnsafeMutableRawPointer(mainWindow.window).assumingMemoryBound(to: GtkWindow.self), Int32(spec.width), Int32(spec.height))
            }
            let scroll = ScrollBenchmarkProbe(spec: spec, listView: list.listWidget, factory: list.rowFactory,
                                              scroller: list.scroller,
                                              itemCount: { list.rowCount }, isLoadingMore: { list.isLoadingMore })
            let probe = ListBenchmarkProbe(list: list, window: mainWindow.window)
            probe.onFirstRows {
                guard let clock = gtk_widget_get_frame_clock(mainWindow.window) else { return }
                scroll.start(clock: clock)
            }
            retained.append(probe)
            scrollProbes.append(scroll)
        }
    }

    private static var retained: [ListBenchmarkProbe] = []
    private static var scrollProbes: [ScrollBenchmarkProbe] = []

    private init(list: BenchmarkList, window: Widget) {
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
}
