import CGtk
import Foundation
import GLibRuntime
import GtkKit
import MayunCore
import MayunShell
import MayunUI

/// `make bench`'s probes inside the app (bench/startup.py, bench/lists.py, bench/scroll.py). The `mayun` executable
/// calls `install` only when a `MAYUN_BENCH_` variable is set (`LaunchOptions.runsBenchmarkProbes`); the app itself
/// knows nothing of them but `BenchmarkHook`.
@MainActor
public enum BenchmarkProbes {
    public static func install() {
        BenchmarkHook.windowBuilt = { window in
            FirstFrameProbe.installIfRequested(in: window)
            // The page probe (bench/pages.py) reads pages' own state: the top page, a pull request's Files tab.
            PageBenchmarkProbe.installIfRequested(in: window.mainWindow)
            // Only for a list benchmark (any MAYUN_BENCH_ variable but the start-up probe's): the list probe reaches
            // for every Projects list, which builds the hidden ones.
            let startupProbe: Set = ["MAYUN_BENCH_STARTUP_STEPS", "MAYUN_BENCH_FIRST_FRAME"]
            let variables = ProcessInfo.processInfo.environment.keys
            if variables.contains(where: { $0.hasPrefix("MAYUN_BENCH_") && !startupProbe.contains($0) }) {
                ListBenchmarkProbe.installIfRequested(in: window)
            }
        }
    }
}

/// The probes' pointer views of a widget. GtkKit keeps its C types inside (it imports CGtk `internal`ly), so what
/// it hands the probes is an `OpaquePointer` (`BenchmarkWindow.window`, `Page.benchmarkRoot`, ...), made a
/// `GtkWidget *` again here.
typealias Widget = UnsafeMutablePointer<GtkWidget>

@inline(__always) func widget(_ pointer: OpaquePointer) -> Widget {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: GtkWidget.self)
}
@inline(__always) func typed<T>(_ widget: Widget, as type: T.Type = T.self) -> UnsafeMutablePointer<T> {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: T.self)
}
@inline(__always) func raw<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
@inline(__always) func opaque<T>(_ pointer: UnsafeMutablePointer<T>) -> OpaquePointer { OpaquePointer(pointer) }

extension BenchmarkWindow {
    var window: Widget { widget(windowPointer) }
}

extension BenchmarkList {
    var listWidget: Widget { widget(listPointer) }
    var scroller: Widget { widget(scrollerPointer) }
}
