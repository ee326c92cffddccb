import CGtk
import FakeGitee
import Foundation
import GLibRuntime
import MayunCore
import MayunUI

/// The hostile READMEs FakeGitee serves (deep nesting, emphasis runs, a huge table, 2 MB of plain text...), each
/// taken the way the app takes it: `DocumentParseService` off the main thread (1.5 s budget, then plain text), then
/// the document pane, painted. Prints the service's answer time, the parse alone without a budget, the longest
/// main-thread stall from request to paint, and the process's peak RSS while doing it.
@MainActor
enum HostileBench {
    static func run(window: BenchWindow, monitor: StallMonitor, context: DocumentContext) {
        print("Hostile READMEs (targets: parse <= 1000 ms, stall <= 50 ms)")
        print("  (cmark alone: cmark-gfm on the raw text, before MarkdownNesting's escaping)")
        print("  kind             size    cmark alone  parse alone  service answer  shown as    written+painted  longest stall"
              + "  closing stall  peak RSS")
        for kind in HostileReadme.allCases {
            let text = kind.text
            let cmark = Bench.time { BenchInputs.cmarkParseOnly(text) }
            let alone = Bench.time { _ = DocumentParser.parseMarkdown(text, context: context) }
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
                window.setChild(view.root)
                var rendered = false
                view.show(box.document ?? .empty) { rendered = true }
                Bench.spin { rendered }
                window.waitForPaint()
            }
            let stall = monitor.longestStall
            let rss = PeakMemory.megabytes()
            // Leaving the page: the text view, its buffer and the document are freed on the main thread.
            monitor.reset()
            window.setChild(gtk_label_new("")!)
            box.document = nil
            window.waitForPaint()
            let closing = monitor.longestStall
            let shown = box.document?.blocks.first.map(isNote) == true ? "plain+note" : "formatted"
            let size = ByteCountFormatter.string(fromByteCount: Int64(text.utf8.count), countStyle: .file)
            print("  " + [pad(kind.rawValue, 15), pad(size, 7), ms(cmark), "  " + ms(alone), "   " + ms(answered),
                          "  " + pad(shown, 10), "  " + ms(total - answered), "     " + ms(stall), "    " + ms(closing),
                          "  " + rss].joined(separator: " "))
        }
    }

    private static func isNote(_ block: Block) -> Bool {
        if case .paragraph(let inlines) = block { return inlines.plainText == DocumentNotes.tooComplex }
        return false
    }

    private static func ms(_ seconds: Double) -> String { String(format: "%7.1f ms", seconds * 1000) }
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
