import Foundation
import MayunUI

/// `make bench`'s probes inside the app (bench/startup.py, bench/lists.py, bench/scroll.py). The `mayun` executable
/// calls `install` only when a `MAYUN_BENCH_` variable is set (`LaunchOptions.runsBenchmarkProbes`); the app itself
/// knows nothing of them but `BenchmarkHook`.
@MainActor
public enum BenchmarkProbes {
    public static func install() {
        BenchmarkHook.windowBuilt = { window in
            FirstFrameProbe.installIfRequested(in: window)
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

/// The probes' pointer views of a widget (MayunUI keeps its own helpers internal).
@inline(__always) func raw<T>(_ pointer: UnsafeMutablePointer<T>) -> UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
@inline(__always) func opaque<T>(_ pointer: UnsafeMutablePointer<T>) -> OpaquePointer { OpaquePointer(pointer) }
