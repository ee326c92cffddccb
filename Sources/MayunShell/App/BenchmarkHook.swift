import CGtk
import GtkBasics
import GtkKit
import MayunUI
import MayunCore

/// The app's one hook for `make bench`'s in-process probes (Sources/MayunBenchProbes, installed by the `mayun`
/// executable only when `LaunchOptions.runsBenchmarkProbes` says a `MAYUN_BENCH_` variable is set): each new main
/// window is handed over once, before it is presented, as the few things a probe measures.
@MainActor
package enum BenchmarkHook {
    package static var windowBuilt: (@MainActor (BenchmarkWindow) -> Void)?
}

/// A main window as the probes see it: its widget (as an `OpaquePointer`: the kit's C types stay inside it; the
/// probes import CGtk themselves), the Coordinator (to choose a list) and the Projects tab's lists.
@MainActor
package struct BenchmarkWindow {
    /// The page and account-switch probes (MayunBenchProbes) read the window's own parts.
    package let mainWindow: MainWindow
    package var windowPointer: OpaquePointer { OpaquePointer(mainWindow.window) }
    package var coordinator: Coordinator { mainWindow.coordinator }

    package init(_ mainWindow: MainWindow) { self.mainWindow = mainWindow }

    /// Featured, Popular and Latest in notebook order; asking builds the ones not shown yet.
    package var projectLists: [BenchmarkList] {
        ((mainWindow.tabsPage as? ProjectsTabPage)?.projectListViews ?? []).map { BenchmarkList($0) }
    }

    /// Featured, if it has been shown (the start-up probe must not build it).
    package var firstListIfBuilt: BenchmarkList? {
        ((mainWindow.tabsPage as? ProjectsTabPage)?.firstProjectListViewIfBuilt).map { BenchmarkList($0) }
    }
}

extension MainWindow {
    /// The window widget for `make bench`'s probes (see `BenchmarkWindow`).
    package var windowPointer: OpaquePointer { OpaquePointer(window) }
}

extension AccountSwitcher {
    /// The account button for `make bench`'s account-switch probe (see `BenchmarkWindow`).
    package var benchmarkRoot: OpaquePointer { OpaquePointer(root) }
}
