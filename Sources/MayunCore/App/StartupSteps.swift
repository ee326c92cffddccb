import Foundation

/// The start-up probe of `make bench` (bench/startup.py, bench/lists.py): with `MAYUN_BENCH_STARTUP_STEPS` set, each
/// step on the way to the first frame is stamped in µs of CLOCK_MONOTONIC (GLib's monotonic time, the clock the
/// benchmark reads just before it starts the process), and `report()` prints them as `step <name> <µs>` lines.
/// Without the variable `mark` only reads one cached flag, so the stamps can stay in the real start-up path.
///
/// Only the main thread marks (main.swift, the application's signals, the window), hence no lock.
public enum StartupSteps {
    /// The variable's value: `1` (or anything else) stops at the first frame, `rows` at the saved Featured rows.
    public static let request: String? = {
        guard let value = getenv("MAYUN_BENCH_STARTUP_STEPS") else { return nil }
        let text = String(cString: value)
        return text.isEmpty ? nil : text
    }()

    nonisolated(unsafe) private static var marks: [(name: String, time: Int)] = []

    /// Stamps `name` now (the first stamp of a name wins, so a step that can happen twice counts once).
    public static func mark(_ name: String) {
        guard request != nil, !marks.contains(where: { $0.name == name }) else { return }
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        marks.append((name, now.tv_sec * 1_000_000 + now.tv_nsec / 1_000))
    }

    /// Prints every stamp so far, in order, as `step <name> <monotonic µs>`, and flushes stdout.
    public static func report() {
        guard request != nil else { return }
        for mark in marks { print("step \(mark.name) \(mark.time)") }
        fflush(nil)  // every C stream, stdout among them (a pipe under the benchmark: fully buffered)
    }
}
