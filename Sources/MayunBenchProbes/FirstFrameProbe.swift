import CGtk
import Foundation
import GLibRuntime
import GtkKit
import MayunCore
import MayunShell
import MayunUI

/// For `make bench`; inert unless one of its variables is set.
///
/// - `MAYUN_BENCH_FIRST_FRAME=1`: prints `first-frame <monotonic µs>` when the window's first frame has been painted,
///   then exits.
/// - `MAYUN_BENCH_STARTUP_STEPS=1`: the same, preceded by the `step <name> <µs>` lines of `StartupSteps` (the stamps
///   along the way, plus the window's realize and map and the first frame's layout and paint phases).
/// - `MAYUN_BENCH_STARTUP_STEPS=rows`: carries on past the first frame until the Featured list's rows are painted
///   (from the saved copy on a warm start), stamps `saved-rows`, prints the steps and `first-rows <µs>`, then exits.
///
/// g_get_monotonic_time is CLOCK_MONOTONIC, the clock the benchmark reads before it starts the process.
@MainActor
enum FirstFrameProbe {
    static func installIfRequested(in mainWindow: BenchmarkWindow) {
        let firstFrameOnly = ProcessInfo.processInfo.environment["MAYUN_BENCH_FIRST_FRAME"] == "1"
        guard firstFrameOnly || StartupSteps.request != nil else { return }
        let untilRows = !firstFrameOnly && StartupSteps.request == "rows"
        let window = mainWindow.window
        connect(raw(window), "map", main: { StartupSteps.mark("window-map") })
        connect(raw(window), "realize", after: true, main: {
            StartupSteps.mark("window-realize")
            guard let clock = gtk_widget_get_frame_clock(window) else { return }
            let clockObject = UnsafeMutableRawPointer(clock)
            connect(clockObject, "layout", main: { StartupSteps.mark("frame-layout") })
            connect(clockObject, "paint", main: { StartupSteps.mark("frame-paint") })
            connect(clockObject, "after-paint", main: {
                StartupSteps.mark("first-frame")
                if !untilRows {
                    StartupSteps.report()
                    print("first-frame \(g_get_monotonic_time())")
                    exit(0)
                }
                guard let featured = mainWindow.firstListIfBuilt,
                      featured.rowCount > 0, gtk_widget_get_mapped(featured.listWidget) != 0 else { return }
                StartupSteps.mark("saved-rows")
                StartupSteps.report()
                // Rows may be held back for the next frame (PagedListView): those painted must fill the list's view.
                print("saved-rows-shown rows=\(featured.rowCount) filled=\(rowsFillView(of: featured) ? 1 : 0)")
                print("first-rows \(g_get_monotonic_time())")
                exit(0)
            })
        })
    }
}

/// Whether the bound rows reach the bottom of the list's scrolled window (no empty band under the last row painted).
@MainActor
private func rowsFillView(of list: BenchmarkList) -> Bool {
    let height = gtk_widget_get_height(list.scroller)
    var bottom: Int32 = 0
    var child = gtk_widget_get_first_child(list.listWidget)
    while let current = child {
        if gtk_widget_get_child_visible(current) != 0 {
            var allocation = GtkAllocation()
            gtk_widget_get_allocation(current, &allocation)
            bottom = max(bottom, allocation.y + allocation.height)
        }
        child = gtk_widget_get_next_sibling(current)
    }
    return height > 0 && bottom >= height
}
