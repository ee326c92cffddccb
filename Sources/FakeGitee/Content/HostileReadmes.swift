import Foundation

/// READMEs no person writes but a stranger might, to crash or freeze a client: served for every project when
/// `fake-gitee --hostile-readme KIND` or `POST /__fake/hostile-readme?kind=KIND` asks for them (see
/// docs/FAKE-GITEE.md), and used by Mayun's tests and `make bench`. Each is about 1-2 MB.
public enum HostileReadme: String, CaseIterable, Sendable {
    /// 100,000 HTML lists nested directly inside lists (`<ul><ul><ul>...`): froze the window for good.
    case nestedLists = "nested-lists"
    /// 100,000 levels of markdown lists (`- - - - ...x`) and of block quotes (`> > > ...x`).
    case nestedMarkdown = "nested-markdown"
    /// `<ol start="9223372036854775807">`, other numbers at the edge of Int64, and a link 100 KB long: killed the app.
    case intOverflow = "int-overflow"
    /// Long runs of unclosed emphasis, brackets and link openers: cmark-gfm's super-linear cases.
    case emphasis
    /// A markdown table of 64 columns and 3,500 rows (just under 1 MB).
    case table
    /// 2 MB of plain text, no markup.
    case plain2MB = "plain-2mb"
    /// `![[]()` repeated to 960 KB: quadratic in Debian's cmark-gfm 0.29.0.gfm.6 (60 KB 0.29 s, 240 KB 4.5-5.9 s,
    /// about 75 s at this size), the issue-22 probe.
    case imageBrackets = "image-brackets"
    /// `a@b.` repeated to 960 KB on one line: the autolink extension's e-mail scan is quadratic too (256 KB 0.67 s,
    /// about 9 s at this size).
    case emailAutolinks = "email-autolinks"

    /// cmark-gfm alone takes more than a few seconds on this text: only a parse that can be stopped (the app's
    /// `DocumentParseService`, which renders long markdown in a child process) may be given it.
    public var isSlowInCmark: Bool {
        switch self {
        case .imageBrackets, .emailAutolinks: true
        case .nestedLists, .nestedMarkdown, .intOverflow, .emphasis, .table, .plain2MB: false
        }
    }

    public var text: String {
        switch self {
        case .nestedLists:
            let depth = 100_000
            return "# Nested lists\n\n" + String(repeating: "<ul><li>level", count: 1) + String(repeating: "<ul>", count: depth)
                + "<li>the bottom</li>" + String(repeating: "</ul>", count: depth) + "</li></ul>\n\nAfter the lists.\n"
        case .nestedMarkdown:
            return "# Nested markdown\n\n" + String(repeating: "- ", count: 100_000) + "deep item\n\n"
                + String(repeating: "> ", count: 100_000) + "deep quote\n\n"
                + String(repeating: "1. ", count: 50_000) + "deep number\n\nAfter the nesting.\n"
        case .intOverflow:
            return """
                # Numbers at the edge

                <ol start="9223372036854775807"><li>max</li><li>max + 1</li><li>max + 2</li></ol>
                <ol start="-9223372036854775808"><li>min</li><li>min + 1</li></ol>
                <ol start="99999999999999999999999999999"><li>too many digits</li></ol>

                9223372036854775807. markdown at the top of Int64
                9223372036854775808. and past it

                <img src="x.png" width="99999999999999999999" height="-9223372036854775808">
                <table><tr><td colspan="9223372036854775807" rowspan="-1">wide</td></tr></table>

                [a link 100 KB long](https://example.com/\(String(repeating: "a", count: 100_000)))

                After the numbers.

                """
        case .emphasis:
            return "# Emphasis\n\n" + String(repeating: "*a **b _c __d ~~e ", count: 30_000) + "\n\n"
                + String(repeating: "[", count: 100_000) + "a" + String(repeating: "](b", count: 50_000) + "\n\n"
                + String(repeating: "![", count: 50_000) + "\n\nAfter the emphasis.\n"
        case .table:
            let columns = 64
            let header = "|" + (0..<columns).map { " h\($0) |" }.joined() + "\n"
            let rule = "|" + String(repeating: " --- |", count: columns) + "\n"
            let row = "|" + String(repeating: " x |", count: columns) + "\n"
            return "# Table\n\n" + header + rule + String(repeating: row, count: 3_500) + "\nAfter the table.\n"
        case .plain2MB:
            let line = "Plain words without any markup at all, line after line after line of them.\n"
            let lines = 2 * 1024 * 1024 / line.utf8.count
            return "# Plain\n\n" + String(repeating: line, count: lines)
        case .imageBrackets:
            return "# Image brackets\n\n" + String(repeating: "![[]()", count: 160_000) + "\n\nAfter the brackets.\n"
        case .emailAutolinks:
            return "# E-mail autolinks\n\n" + String(repeating: "a@b.", count: 240_000) + "\n\nAfter the addresses.\n"
        }
    }
}
