// mayun-bench: how long a 1 MB README and a 5,000-line source file take from bytes to a painted window, and the
// longest main-thread stall meanwhile, beside floors measured in the same run (cmark-gfm alone; the same text in
// one plain GtkTextView), then the hostile READMEs of FakeGitee (HostileBench.swift). Run under Xvfb: `xvfb-run -a swift run -c release mayun-bench`.
import CGtk
import CMark
import Foundation
import GLibRuntime
import MayunCore
import MayunUI

setenv("GSK_RENDERER", "cairo", 0)
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

    let window = BenchWindow()
    let monitor = StallMonitor()

    // Floors.
    let cmark = Bench.time { _ = BenchInputs.cmarkParseOnly(readme) }
    let parse = Bench.time { _ = DocumentParser.parseMarkdown(readme, context: context) }
    monitor.reset()
    let plainText = Bench.time { window.showPlainText(readme) }
    let plainStall = monitor.longestStall

    // The document pane: parsed off the main thread, written in slices, then painted.
    monitor.reset()
    let documentTime = Bench.time {
        let parsed = ParsedBox()
        Task.detached {
            let document = DocumentParser.parseMarkdown(readme, context: context)
            await MainActor.run { parsed.document = document }
        }
        Bench.spin { parsed.document != nil }
        let view = DocumentView(imageLoader: nil)
        window.setChild(view.root)
        var rendered = false
        view.show(parsed.document ?? .empty) { rendered = true }
        Bench.spin { rendered }
        window.waitForPaint()
    }
    let documentStall = monitor.longestStall

    // Code.
    monitor.reset()
    let plainCode = Bench.time { window.showPlainText(source) }
    let plainCodeStall = monitor.longestStall
    monitor.reset()
    let codeTime = Bench.time {
        let code = CodeView()
        window.setChild(code.root)
        code.show(text: source, fileName: "Bench.swift")
        window.waitForPaint()
    }
    let codeStall = monitor.longestStall

    func ms(_ seconds: Double) -> String { String(format: "%7.1f ms", seconds * 1000) }
    print("README 1 MB")
    print("  floor: cmark-gfm parse only        \(ms(cmark))")
    print("  document model (cmark + libxml2)   \(ms(parse))  (\(String(format: "%.1f", parse / cmark))x the floor)")
    print("  floor: plain GtkTextView + paint   \(ms(plainText))  longest stall \(ms(plainStall))")
    print("  DocumentView bytes -> painted      \(ms(documentTime))  longest stall \(ms(documentStall))  (\(String(format: "%.1f", documentTime / plainText))x the text view floor)")
    print("Source 5,000 lines")
    print("  floor: plain GtkTextView + paint   \(ms(plainCode))  longest stall \(ms(plainCodeStall))")
    print("  CodeView (highlighted) -> painted  \(ms(codeTime))  longest stall \(ms(codeStall))")

    HostileBench.run(window: window, monitor: monitor, context: context)
}

/// Carries the document parsed on a background thread back to the main thread.
final class ParsedBox: @unchecked Sendable {
    var document: Document?
}
