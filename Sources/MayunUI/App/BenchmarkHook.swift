import CGtk
import MayunCore

/// The app's one hook for `make bench`'s in-process probes (Sources/MayunBenchProbes, installed by the `mayun`
/// executable only when `LaunchOptions.runsBenchmarkProbes` says a `MAYUN_BENCH_` variable is set): each new main
/// window is handed over once, before it is presented, as the few things a probe measures.
@MainActor
package enum BenchmarkHook {
    package static var windowBuilt: (@MainActor (BenchmarkWindow) -> Void)?
}

/// A main window as the probes see it: its widget, the Coordinator (to choose a list) and the Projects tab's lists.
@MainActor
package struct BenchmarkWindow {
    private let mainWindow: MainWindow
    package var window: UnsafeMutablePointer<GtkWidget> { mainWindow.window }
    package var coordinator: Coordinator { mainWindow.coordinator }

    init(_ mainWindow: MainWindow) { self.mainWindow = mainWindow }

    /// The page probe (`MAYUN_BENCH_PAGE`, bench/pages.py) stays in MayunUI: it reads pages' own state (the top
    /// page, a pull request's Files tab, a page's loaded content), which the kit does not offer outside the target.
    package func installPageProbeIfRequested() { PageBenchmarkProbe.installIfRequested(in: mainWindow) }

    /// Featured, Popular and Latest in notebook order; asking builds the ones not shown yet.
    package var projectLists: [BenchmarkList] {
        ((mainWindow.tabsPage as? ProjectsTabPage)?.lists ?? []).map { BenchmarkList($0.listView) }
    }

    /// Featured, if it has been shown (the start-up probe must not build it).
    package var firstListIfBuilt: BenchmarkList? {
        ((mainWindow.tabsPage as? ProjectsTabPage)?.firstListIfBuilt).map { BenchmarkList($0.listView) }
    }
}

/// One project list's widgets and counts, for the list and scroll probes.
@MainActor
package struct BenchmarkList {
    private let list: PagedListView<GiteeProject>
    package var listWidget: UnsafeMutablePointer<GtkWidget> { list.listWidget }
    package var scroller: UnsafeMutablePointer<GtkWidget> { list.scrolledWindow }
    /// The list item factory (GtkListItemFactory), whose bind and unbind signals the scroll probe counts.
    package var rowFactory: UnsafeMutableRawPointer { list.rowFactory }
    package var rowCount: Int { list.rowCount }
    package var isLoadingMore: Bool { list.isLoadingMore }

    init(_ list: PagedListView<GiteeProject>) { self.list = list }
}
