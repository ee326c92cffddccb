import CGtk
import CMark
import Foundation
import GLibRuntime
import GtkKit

@MainActor
enum Bench {
    static func time(_ body: () -> Void) -> Double {
        let start = g_get_monotonic_time()
        body()
        return Double(g_get_monotonic_time() - start) / 1e6
    }

    /// Runs the main loop until `condition` holds (60 s at most).
    static func spin(_ condition: () -> Bool) {
        let deadline = g_get_monotonic_time() + 60_000_000
        while !condition(), g_get_monotonic_time() < deadline { g_main_context_iteration(nil, 1) }
    }

    /// Runs the main loop for `seconds` (a timeout wakes it at the end).
    static func spin(for seconds: Double) {
        let end = g_get_monotonic_time() + gint64(seconds * 1e6)
        let wake = g_timeout_add(guint(max(1, seconds * 1000)), { _ in gboolean(0) }, nil)
        while g_get_monotonic_time() < end { g_main_context_iteration(nil, 1) }
        _ = wake
    }
}

/// The longest gap between ticks of a 1 ms high-priority timeout: how long the main thread was busy in one go.
@MainActor
final class StallMonitor {
    nonisolated(unsafe) static var last: Int = 0
    nonisolated(unsafe) static var longest: Int = 0

    init() {
        g_timeout_add_full(G_PRIORITY_HIGH, 1, { _ in
            let now = g_get_monotonic_time()
            if StallMonitor.last > 0 { StallMonitor.longest = max(StallMonitor.longest, now - StallMonitor.last) }
            StallMonitor.last = now
            return 1
        }, nil, nil)
    }

    func reset() {
        // Let the loop settle, then start counting from now.
        for _ in 0..<50 { g_main_context_iteration(nil, 0) }
        Self.last = g_get_monotonic_time()
        Self.longest = 0
    }

    /// Seconds; the work done directly inside `Bench.time` (not in the main loop) counts as one stall too.
    var longestStall: Double {
        Self.longest = max(Self.longest, g_get_monotonic_time() - Self.last)
        return Double(Self.longest) / 1e6
    }
}

@MainActor
final class BenchWindow {
    let window: UnsafeMutablePointer<GtkWidget>
    private var painted = false
    /// When the last frame was painted (`g_get_monotonic_time`, microseconds).
    private(set) var lastPaint: Int = 0

    init(width: Int32 = 1000, height: Int32 = 800) {
        window = gtk_window_new()
        let typedWindow = UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_default_size(typedWindow, width, height)
        gtk_window_present(typedWindow)
        Bench.spin { gtk_widget_get_mapped(window) != 0 }
        if let clock = gtk_widget_get_frame_clock(window) {
            connect(UnsafeMutableRawPointer(clock), "after-paint", main: { [weak self] in
                self?.painted = true
                self?.lastPaint = g_get_monotonic_time()
            })
        }
    }

    func setChild(_ child: UnsafeMutablePointer<GtkWidget>) {
        gtk_window_set_child(UnsafeMutableRawPointer(window).assumingMemoryBound(to: GtkWindow.self), child)
    }

    /// A kit view as its root widget (GtkKit hands it over as an `OpaquePointer`: its C types stay inside).
    func setChild(_ view: any Shown) {
        setChild(UnsafeMutablePointer<GtkWidget>(view.benchmarkPointer))
    }

    func waitForPaint() {
        painted = false
        gtk_widget_queue_draw(window)
        Bench.spin { painted }
    }

    /// Runs the main loop until the next frame is painted, without asking for one.
    func waitForNextPaint() {
        painted = false
        Bench.spin { painted }
    }

    /// The floor: all the text in one GtkTextView without tags, in a scrolled window, painted.
    func showPlainText(_ text: String) {
        let view = gtk_text_view_new()!
        let scroller = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_child(OpaquePointer(scroller), view)
        setChild(scroller)
        let buffer = gtk_text_view_get_buffer(UnsafeMutableRawPointer(view).assumingMemoryBound(to: GtkTextView.self))
        gtk_text_buffer_set_text(buffer, text, Int32(text.utf8.count))
        waitForPaint()
    }
}

enum BenchInputs {
    /// A README of about `bytes` bytes with what READMEs contain: headings, paragraphs in two languages, links,
    /// lists, tables, code blocks, quotes, HTML.
    static func readme(bytes: Int) -> String {
        var text = "<p align=\"center\"><img src=\"docs/logo.png\" width=\"120\"></p>\n\n# Bench project\n\n"
        var section = 0
        while text.utf8.count < bytes {
            section += 1
            text += "## Section \(section)\n\n"
            text += "This is paragraph \(section) with **bold**, *emphasis*, `inline code` and a [link](docs/page\(section).md). "
            text += "码云是开源中国推出的代码托管平台，支持 Git 和 SVN，提供免费的私有仓库托管。\n"
            text += "A second line of the same paragraph that wraps in the pane and mentions https://gitee.com/mayun.\n\n"
            text += "- item one\n- item two with `code`\n  - nested item\n- [x] done task\n\n"
            if section % 4 == 0 {
                text += "| Name | Value | Notes |\n|:--|:-:|--:|\n| a | 1 | first |\n| b | 2 | second |\n| c | 3 | third |\n\n"
            }
            if section % 5 == 0 {
                text += "```swift\nstruct Item\(section) {\n    let id = \(section)\n    func run() -> Int { id * 2 }\n}\n```\n\n"
            }
            if section % 7 == 0 { text += "> A quote in section \(section), with *style*.\n\n" }
        }
        return text
    }

    static func swiftSource(lines: Int) -> String {
        var text = "import Foundation\n\n"
        var line = 2
        var type = 0
        while line < lines {
            type += 1
            text += "/// Type number \(type).\nstruct Generated\(type): Codable {\n    var name = \"item \(type)\"\n"
            text += "    var values: [Int] = [1, 2, 3]\n\n    func total() -> Int {\n        values.reduce(0, +) + \(type)\n    }\n}\n\n"
            line += 11
        }
        return text
    }

    /// cmark-gfm with the same extensions, parse only: the floor the document model is compared with.
    static func cmarkParseOnly(_ markdown: String) {
        cmark_gfm_core_extensions_ensure_registered()
        guard let parser = cmark_parser_new(CMARK_OPT_DEFAULT) else { return }
        for name in ["table", "strikethrough", "autolink", "tasklist"] {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        cmark_parser_feed(parser, markdown, markdown.utf8.count)
        if let root = cmark_parser_finish(parser) { cmark_node_free(root) }
        cmark_parser_free(parser)
    }
}
