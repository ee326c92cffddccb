// mayun-bench: how long a 1 MB README and a 5,000-line source file take from bytes to a painted window, and the
// longest main-thread stall meanwhile, beside floors measured in the same run (cmark-gfm alone; the same text in
// one plain GtkTextView), then the hostile READMEs of FakeGitee (HostileBench.swift) and a 10,000-line pull request diff (DiffBench.swift). Run under Xvfb: `xvfb-run -a swift run -c release mayun-bench`.
import CGtk
import CMark
import Foundation
import GLibRuntime
import GiteeKit
import GtkKit
import MayunCore
import MayunDocument
import MayunUI

setenv("GSK_RENDERER", "cairo", 0)
GlobalExecutor.install()  // as the app runs its tasks
MainQueueBridge.install()
guard gtk_init_check() != 0 else {
    print("mayun-bench: no display (run it under xvfb-run)")
    exit(1)
}

MainActor.assumeIsolated {
    let readme = BenchInputs.readme(bytes: 1_000_000)
    let source = BenchInputs.swiftSource(lines: 5_000)
    let context = DocumentContext(repository: RepositoryID(owner: "mayun", name: "bench"), ref: "master",
                                  server: URL(string: "https://gitee.com")!)
    print("inputs: README \(readme.utf8.count) bytes, source \(source.utf8.count) bytes / 5000 lines")
    // For profiling (perf record): only the document model, ten times over.
    if ProcessInfo.processInfo.environment["MAYUN_BENCH_ONLY"] == "model" {
        for _ in 0..<10 {
            let seconds = Bench.time { _ = DocumentParser.parseMarkdown(readme, context: context) }
            print(String(format: "document model %.1f ms", seconds * 1000))
        }
        exit(0)
    }

    // MAYUN_BENCH_ONLY=images: only the image bombs (HostileImageBench).
    if ProcessInfo.processInfo.environment["MAYUN_BENCH_ONLY"] == "images" {
        HostileImageBench.run()
        exit(0)
    }

    let window = BenchWindow()
    let monitor = StallMonitor()
    if ProcessInfo.processInfo.environment["MAYUN_BENCH_ONLY"] == "diff" {
        DiffBench.run(window: window, monitor: monitor)
        exit(0)
    }
    // MAYUN_BENCH_ONLY=hostile: the hostile READMEs alone.
    if ProcessInfo.processInfo.environment["MAYUN_BENCH_ONLY"] == "hostile" {
        HostileBench.run(window: window, monitor: monitor, context: context)
        exit(0)
    }

    // Floors.
    let cmark = Bench.time { BenchInputs.cmarkParseOnly(readme) }
    let parse = Bench.time { _ = DocumentParser.parseMarkdown(readme, context: context) }
    monitor.reset()
    let plainText = Bench.time { window.showPlainText(readme) }
    let plainStall = monitor.longestStall

    // The document pane the way the app takes it: parsed off the main thread through DocumentParseService, the
    // first chunk painted at once, the rest written in idle slices.
    let progressive = DocumentBench.progressive(readme, context: context, window: window, monitor: monitor)
    // The pages' path: the ProgressiveDocument a ViewModel publishes, written by the DocumentFeed a page binds.
    let page = DocumentBench.page(readme, context: context, window: window, monitor: monitor)
    // The same with the whole document parsed first, then written (no chunks).
    let whole = DocumentBench.whole(readme, context: context, window: window, monitor: monitor)

    // Code.
    monitor.reset()
    let plainCode = Bench.time { window.showPlainText(source) }
    let plainCodeStall = monitor.longestStall
    monitor.reset()
    let codeTime = Bench.time {
        let code = CodeView()
        window.setChild(code)
        code.show(text: source, fileName: "Bench.swift")
        window.waitForPaint()
    }
    let codeStall = monitor.longestStall

    func ms(_ seconds: Double) -> String { String(format: "%7.1f ms", seconds * 1000) }
    print("README 1 MB (targets: first screen < 150 ms, complete < 1000 ms, longest stall < 50 ms, slices <= 8 ms)")
    print("  floor: cmark-gfm parse only        \(ms(cmark))")
    print("  document model (cmark + libxml2)   \(ms(parse))  (\(String(format: "%.1f", parse / cmark))x the floor)")
    print("  floor: plain GtkTextView + paint   \(ms(plainText))  longest stall \(ms(plainStall))")
    for (name, run) in [("progressive (chunks)", progressive), ("page path (ProgressiveDocument + DocumentFeed)", page),
                        ("whole document first", whole)] {
        print("  DocumentView, \(name)")
        print("    bytes -> first screen painted    \(ms(run.firstScreen))  (\(String(format: "%.1f", run.firstScreen / plainText))x the text view floor)")
        print("    bytes -> complete, painted       \(ms(run.complete))  (\(String(format: "%.1f", run.complete / plainText))x the text view floor)")
        print("    longest main-thread stall        \(ms(run.stall))")
        print("    slices: \(run.slices), longest      \(ms(run.longestSlice))")
    }
    print("Source 5,000 lines")
    print("  floor: plain GtkTextView + paint   \(ms(plainCode))  longest stall \(ms(plainCodeStall))")
    print("  CodeView (highlighted) -> painted  \(ms(codeTime))  longest stall \(ms(codeStall))")

    // MAYUN_BENCH_ONLY=readme: the 1 MB README alone (for profiling the pane).
    if ProcessInfo.processInfo.environment["MAYUN_BENCH_ONLY"] != "readme" {
        HostileBench.run(window: window, monitor: monitor, context: context)
        DiffBench.run(window: window, monitor: monitor)
        HostileImageBench.run()
    }
}

/// Carries the document parsed on a background thread back to the main thread.
final class ParsedBox: @unchecked Sendable {
    var document: Document?
}

/// Bytes to a painted DocumentView: when the first screen was painted, when the last block was, the longest
/// main-thread stall on the way and the writer's slices.
@MainActor
enum DocumentBench {
    final class Progress {
        var firstChunkAt: Int?
        var replaced = false
    }

    struct Run {
        var firstScreen = 0.0, complete = 0.0, stall = 0.0, longestSlice = 0.0
        var slices = 0

        /// The figures of one run that started at `start` and painted its first screen at `firstScreen` (µs).
        @MainActor init(start: Int, firstScreen: Int, window: BenchWindow, view: DocumentView,
                        monitor: StallMonitor) {
            self.firstScreen = Double(firstScreen - start) / 1e6
            complete = Double(window.lastPaint - start) / 1e6
            stall = monitor.longestStall
            slices = view.slicesWritten
            longestSlice = view.longestSlice
        }
    }

    static func progressive(_ readme: String, context: DocumentContext, window: BenchWindow,
                            monitor: StallMonitor) -> Run {
        prepare(window, monitor)
        let start = g_get_monotonic_time()
        let view = DocumentView(imageLoader: nil)
        window.setChild(view)
        let progress = Progress()
        view.begin()
        Task { @MainActor in
            let request = DocumentRequest(text: readme, format: .markdown, context: context, prefersDark: false)
            let delivery = await DocumentParseService.parse(request) { chunk in
                if progress.firstChunkAt == nil { progress.firstChunkAt = g_get_monotonic_time() }
                view.append(chunk.blocks)
            }
            if case .replaced(let fallback)? = delivery {
                progress.replaced = true
                view.show(fallback)
            } else {
                view.finish()
            }
        }
        Bench.spin { progress.firstChunkAt != nil }
        if ProcessInfo.processInfo.environment["MAYUN_BENCH_VERBOSE"] != nil {
            print(String(format: "    (first chunk after %.1f ms)", Double((progress.firstChunkAt ?? 0) - start) / 1000))
        }
        window.waitForNextPaint()
        let firstScreen = window.lastPaint
        Bench.spin { view.isRendered }
        window.waitForPaint()
        let run = Run(start: start, firstScreen: firstScreen, window: window, view: view, monitor: monitor)
        if ProcessInfo.processInfo.environment["MAYUN_BENCH_VERBOSE"] != nil {
            // GTK measures the lines below the screen after the document is in (its own idle work).
            StallMonitor.longest = 0
            let until = g_get_monotonic_time() + 2_000_000
            Bench.spin { g_get_monotonic_time() > until }
            print(String(format: "    (longest stall in the 2 s after complete: %.1f ms)", Double(StallMonitor.longest) / 1000))
            let long = view.sliceDurations.enumerated().filter { $0.element > 0.008 }
            print("    (slices over 8 ms: " + long.map { String(format: "#%d %.1f ms", $0.offset, $0.element * 1000) }
                .joined(separator: ", ") + ")")
        }
        if ProcessInfo.processInfo.environment["MAYUN_BENCH_VERBOSE"] != nil {
            print("    (GtkSourceView warm-up steps: " + SourceLanguageWarmUp.stepDurations
                .map { String(format: "%.1f ms", $0 * 1000) }.joined(separator: ", ") + ")")
        }
        if progress.replaced { print("  (the progressive parse ran out of its budget: plain text shown)") }
        return run
    }

    /// As the project and file pages take a README: the ViewModel's `ProgressiveDocument` (parse service, chunks
    /// on the main actor), the page's binding re-running on each chunk and its `DocumentFeed` appending them.
    static func page(_ readme: String, context: DocumentContext, window: BenchWindow, monitor: StallMonitor) -> Run {
        prepare(window, monitor)
        let start = g_get_monotonic_time()
        let view = DocumentView(imageLoader: nil)
        window.setChild(view)
        let feed = DocumentFeed(view: view)
        let request = DocumentRequest(text: readme, format: .markdown, context: context, prefersDark: false)
        let document = ProgressiveDocument(parsing: request)
        let binding = ObservationBinding { feed.sync(with: document) }
        defer { binding.cancel() }
        Bench.spin { view.slicesWritten > 0 || document.phase != .parsing }
        window.waitForNextPaint()
        let firstScreen = window.lastPaint
        Bench.spin { document.phase != .parsing && view.isRendered }
        window.waitForPaint()
        if document.phase == .replaced { print("  (the page path's parse ran out of its budget: plain text shown)") }
        return Run(start: start, firstScreen: firstScreen, window: window, view: view, monitor: monitor)
    }

    static func whole(_ readme: String, context: DocumentContext, window: BenchWindow, monitor: StallMonitor) -> Run {
        prepare(window, monitor)
        let start = g_get_monotonic_time()
        let parsed = ParsedBox()
        Task.detached {
            let document = DocumentParser.parseMarkdown(readme, context: context)
            await MainActor.run { parsed.document = document }
        }
        Bench.spin { parsed.document != nil }
        let view = DocumentView(imageLoader: nil)
        window.setChild(view)
        view.show(parsed.document ?? .empty)
        window.waitForNextPaint()
        let firstScreen = window.lastPaint
        Bench.spin { view.isRendered }
        window.waitForPaint()
        return Run(start: start, firstScreen: firstScreen, window: window, view: view, monitor: monitor)
    }

    private static func prepare(_ window: BenchWindow, _ monitor: StallMonitor) {
        window.setChild(gtk_label_new("")!)
        window.waitForPaint()
        monitor.reset()
    }
}
