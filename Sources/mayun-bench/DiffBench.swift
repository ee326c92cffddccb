import CGtk
import Foundation
import GLibRuntime
import MayunCore
import GtkKit
import MayunUI

/// A pull request's Files changed: 10,000 changed lines across 300 files, from the files' answer (already decoded,
/// as the app decodes off the main thread) to the first screen painted in a DiffView, in one column (1000 px) and
/// side by side (1280 px); then a scroll through the first 40 screens. Prints the longest main-thread stall and peak
/// RSS. `MAYUN_BENCH_ONLY=diff` runs this alone. Targets (issue 25): first screen < 200 ms, no stall over 50 ms.
@MainActor
enum DiffBench {
    static func files(count: Int = 300, lines: Int = 10_000) -> [DiffFile] {
        let perFile = lines / count  // 33: 11 context, 11 removed, 11 added
        return (0..<count).map { index in
            var patch = "@@ -\(index * 10 + 1),\(perFile * 2 / 3) +\(index * 10 + 1),\(perFile * 2 / 3) @@ func f\(index)()\n"
            for line in 0..<(perFile / 3) {
                patch += "     let keep\(line) = value(\(line)) // unchanged context line\n"
                patch += "-    let old\(line) = compute(\(line), mode: .legacy)\n"
                patch += "+    let new\(line) = compute(\(line), mode: .current, retries: 3)\n"
            }
            return DiffFile(path: "Sources/Module\(index / 20)/File\(index).swift", status: "modified",
                            additions: perFile / 3, deletions: perFile / 3, patch: patch)
        }
    }

    static func run(window previous: BenchWindow, monitor: StallMonitor) {
        let count = Int(ProcessInfo.processInfo.environment["MAYUN_BENCH_DIFF_FILES"] ?? "") ?? 300
        let input = files(count: count, lines: count * 33)
        let lines = input.compactMap(\.patch).map { $0.split(separator: "\n").count - 1 }.reduce(0, +)
        print("Pull request diff: \(input.count) files, \(lines) changed and context lines "
              + "(targets: first screen < 200 ms, longest stall < 50 ms)")
        gtk_widget_set_visible(previous.window, 0)
        for width in [1_000, 1_280] {
            // A window of that width of its own (a window resized after it was shown may keep its old size).
            let window = BenchWindow(width: Int32(width), height: 800)
            defer { gtk_window_destroy(UnsafeMutableRawPointer(window.window).assumingMemoryBound(to: GtkWindow.self)) }
            window.setChild(gtk_label_new("")!)
            window.waitForPaint()
            // The app's ThemeController makes libadwaita's style manager at start-up (the diff view reads its `dark`
            // for the syntax colours); made here for the first time it took 28 ms, which no diff pays in the app.
            _ = adw_style_manager_get_default()
            PeakMemory.reset()
            monitor.reset()
            let start = g_get_monotonic_time()
            let model = DiffViewModel()
            let bindings = BindingBag()
            model.widthChanged(to: width)
            model.show(input)
            let modelDone = g_get_monotonic_time()
            let view = DiffView(model: model, bindings: bindings)
            window.setChild(view)
            let viewDone = g_get_monotonic_time()
            window.waitForNextPaint()
            print(String(format: "      (model %.1f ms, view %.1f ms)", Double(modelDone - start) / 1000,
                         Double(viewDone - modelDone) / 1000))
            let firstScreen = Double(window.lastPaint - start) / 1e6
            let stall = monitor.longestStall
            let layout = model.isSideBySide ? "side by side" : "one column  "
            print("  \(width) px, \(layout): first screen painted \(ms(firstScreen)), longest stall \(ms(stall)), "
                  + "\(view.rowCount) rows, peak RSS \(PeakMemory.megabytes())")

            // Forty screens down, one frame each.
            monitor.reset()
            let adjustment = gtk_scrolled_window_get_vadjustment(view.benchmarkScroller)
            let scrollStart = g_get_monotonic_time()
            for _ in 0..<40 {
                let page = gtk_adjustment_get_page_size(adjustment)
                gtk_adjustment_set_value(adjustment, gtk_adjustment_get_value(adjustment) + page)
                window.waitForNextPaint()
            }
            let scrolled = Double(g_get_monotonic_time() - scrollStart) / 1e6
            print("      40 screens scrolled in \(ms(scrolled)) (\(ms(scrolled / 40)) a screen), longest stall "
                  + "\(ms(monitor.longestStall)), peak RSS \(PeakMemory.megabytes())")
            print("      syntax colours: \(ms(DiffHighlightTimes.total)) in all, longest step "
                  + "\(ms(DiffHighlightTimes.longest)); GtkSourceView warm-up steps: "
                  + SourceLanguageWarmUp.stepDurations.map { ms($0) }.joined(separator: ","))
            DiffHighlightTimes.reset()
            bindings.cancelAll()
        }
    }

    private static func ms(_ seconds: Double) -> String { String(format: "%6.1f ms", seconds * 1000) }
}
