import CGtk
import FakeGitee
import Foundation
import GLibRuntime
import GtkKit
import MayunCore
import MayunDocument
import MayunUI

/// The hostile READMEs FakeGitee serves (deep nesting, emphasis runs, a huge table, 2 MB of plain text...), each
/// taken the way the app takes it: `DocumentParseService` off the main thread (1.5 s budget, then plain text), then
/// the document pane, painted. Prints the service's answer time, the parse alone without a budget, the longest
/// main-thread stall from request to paint, the process's peak RSS while doing it, and the CPU seconds spent (this
/// process and its children, beyond an idle baseline) in the 2 s after a page closed 300 ms into its parse.
@MainActor
enum HostileBench {
    static func run(window: BenchWindow, monitor: StallMonitor, context: DocumentContext) {
        print("Hostile READMEs (targets: parse <= 1000 ms, stall <= 50 ms)")
        print("  (cmark alone: cmark-gfm on the raw text, before MarkdownNesting's escaping)")
        print("  (in-process figures are not taken for the kinds cmark-gfm is quadratic on: about 75 s and 9 s)")
        print("  kind             size    cmark alone  parse alone  service answer  shown as    written+painted  longest stall"
              + "  closing stall  peak RSS  CPU after closing")
        let idle = cpuSeconds { Bench.spin(for: afterClosingWindow) }
        for kind in HostileReadme.allCases {
            let text = kind.text
            let cmark = kind.isSlowInCmark ? .nan : Bench.time { BenchInputs.cmarkParseOnly(text) }
            let alone = kind.isSlowInCmark ? .nan : Bench.time { _ = DocumentParser.parseMarkdown(text, context: context) }
            window.setChild(gtk_label_new("")!)
            window.waitForPaint()
            PeakMemory.reset()
            monitor.reset()
            let request = DocumentRequest(text: text, format: .markdown, context: context, prefersDark: false)
            let box = ParsedBox()
            var answered = 0.0
            let total = Bench.time {
                answered = Bench.time {
                    Task { box.document = await DocumentParseService.parse(request) ?? .empty }
                    Bench.spin { box.document != nil }
                }
                let view = DocumentView(imageLoader: nil)
                window.setChild(view)
                var rendered = false
                view.show(box.document ?? .empty) { rendered = true }
                Bench.spin { rendered }
                window.waitForPaint()
            }
            let stall = monitor.longestStall
            let shown = box.document?.blocks.first.map(isNote) == true ? "plain+note" : "formatted"
            let rss = PeakMemory.megabytes()
            // Leaving the page: the text view, its buffer and the document are freed on the main thread.
            monitor.reset()
            window.setChild(gtk_label_new("")!)
            box.document = nil
            window.waitForPaint()
            let closing = monitor.longestStall
            let afterClosing = max(0, cpuAfterClosing(request) - idle)
            let size = ByteCountFormatter.string(fromByteCount: Int64(text.utf8.count), countStyle: .file)
            print("  " + [pad(kind.rawValue, 15), pad(size, 7), ms(cmark), "  " + ms(alone), "   " + ms(answered),
                          "  " + pad(shown, 10), "  " + ms(total - answered), "     " + ms(stall), "    " + ms(closing),
                          "  " + rss, String(format: "   %5.2f s", afterClosing)].joined(separator: " "))
        }
    }

    static let afterClosingWindow = 2.0

    /// A page opened on `request` and closed 300 ms later: the CPU seconds spent from the close over the next
    /// `afterClosingWindow` seconds (the main loop idles meanwhile).
    private static func cpuAfterClosing(_ request: DocumentRequest) -> Double {
        let page = Task { _ = await DocumentParseService.parse(request) }
        Bench.spin(for: 0.3)
        page.cancel()
        return cpuSeconds { Bench.spin(for: afterClosingWindow) }
    }

    /// CPU seconds used by this process and its reaped children while `body` ran.
    private static func cpuSeconds(_ body: () -> Void) -> Double {
        func total() -> Double {
            var mine = rusage(), children = rusage()
            getrusage(RUSAGE_SELF.rawValue, &mine)
            getrusage(RUSAGE_CHILDREN.rawValue, &children)
            return [mine.ru_utime, mine.ru_stime, children.ru_utime, children.ru_stime]
                .reduce(0) { $0 + Double($1.tv_sec) + Double($1.tv_usec) / 1e6 }
        }
        let before = total()
        body()
        return total() - before
    }

    private static func isNote(_ block: Block) -> Bool {
        if case .paragraph(let inlines) = block { return inlines.plainText == DocumentNotes.tooComplex }
        return false
    }

    private static func ms(_ seconds: Double) -> String {
        seconds.isNaN ? "   (slow)  " : String(format: "%7.1f ms", seconds * 1000)
    }
    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}

/// The process's peak resident set (VmHWM), reset between measurements through /proc/self/clear_refs.
enum PeakMemory {
    static func reset() {
        // Freed heap goes back to the system first, or the high-water mark would start at the last kind's peak.
        _ = malloc_trim(0)
        guard let file = fopen("/proc/self/clear_refs", "w") else { return }
        fputs("5", file)
        fclose(file)
    }

    static func megabytes() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
        else { return "?" }
        return String(format: "%6.0f MB", Double(kilobytes) / 1024)
    }
}

/// glibc's `malloc_trim` (malloc.h is not part of the Glibc module).
@_silgen_name("malloc_trim") private func malloc_trim(_ pad: Int) -> Int32
