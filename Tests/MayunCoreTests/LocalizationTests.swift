import Foundation
@testable import MayunCore
import XCTest

final class LocalizationTests: XCTestCase {
    /// Every `tr("...")` in the sources has a Simplified Chinese translation in po/zh_CN.po.
    func testChineseCatalogIsComplete() throws {
        let catalog = try String(contentsOf: repositoryRoot.appendingPathComponent("po/zh_CN.po"), encoding: .utf8)
        let translations = POCatalog(catalog).translations
        let missing = try sourceStrings().filter { (translations[$0] ?? "").isEmpty }
        XCTAssertEqual(missing, [], "strings without a zh_CN translation")
    }

    /// Every `trc("context", "...")` has a translation under its own msgctxt (a plain msgid of the same text does
    /// not count: it is the other meaning).
    func testChineseCatalogTranslatesEveryContext() throws {
        let catalog = try String(contentsOf: repositoryRoot.appendingPathComponent("po/zh_CN.po"), encoding: .utf8)
        let translations = POCatalog(catalog).translations
        let strings = try sourceStrings(pattern: #"\btrc\(\s*"((?:[^"\\]|\\.)*)"\s*,\s*"((?:[^"\\]|\\.)*)""#, atLeast: 4)
        let missing = strings.filter { (translations[$0] ?? "").isEmpty }
        XCTAssertEqual(missing, [], "context strings without a zh_CN translation")
    }

    /// The compiled catalog is found and used: with LANGUAGE=zh_CN, tr() answers in Chinese.
    func testCompiledCatalogTranslates() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-l10n-\(getpid())")
        let messages = directory.appendingPathComponent("zh_CN/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let command = "msgfmt -o '\(messages.appendingPathComponent("mayun.mo").path)' "
            + "'\(repositoryRoot.appendingPathComponent("po/zh_CN.po").path)'"
        XCTAssertEqual(system(command), 0, "msgfmt compiles po/zh_CN.po")

        setenv("LANGUAGE", "zh_CN", 1)
        setenv("LC_ALL", "C.UTF-8", 1)
        defer {
            unsetenv("LANGUAGE")
            unsetenv("LC_ALL")
            Localization.setUp(catalogDirectory: nil)  // back to the untranslated strings for the tests after this
        }
        Localization.setUp(catalogDirectory: directory.path)
        XCTAssertEqual(tr("Projects"), "项目")
        XCTAssertEqual(Tab.discover.title, "发现")
        XCTAssertEqual(ProjectListKind.featured.title, "推荐")
        XCTAssertEqual(tr("A string nobody translated"), "A string nobody translated")
        // The issue states as gitee.com names them, apart from the other "Open" and "Closed".
        XCTAssertEqual(IssueStatus.open.name, "待办的")
        XCTAssertEqual(IssueStatus.progressing.name, "进行中")
        XCTAssertEqual(IssueStatus.closed.name, "已完成")
        XCTAssertEqual(IssueStatus.rejected.name, "已拒绝")
        XCTAssertEqual(IssueFilter.open.title, "待办的")
        XCTAssertEqual(tr("Open"), "开启的")
        XCTAssertEqual(tr("Closed"), "已关闭")
        XCTAssertEqual(trc("a context nobody has", "Open"), "Open")
    }

    /// `tr` strings as msgids; with two groups (`trc`), "context\u{4}msgid" as gettext keys them.
    private func sourceStrings(pattern source: String = #"\btr\(\s*"((?:[^"\\]|\\.)*)""#,
                               atLeast: Int = 21) throws -> [String] {
        let sources = repositoryRoot.appendingPathComponent("Sources")
        let pattern = try NSRegularExpression(pattern: source)
        var found = Set<String>()
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = files?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                guard let range = Range(match.range(at: 1), in: text) else { continue }
                if match.numberOfRanges > 2, let message = Range(match.range(at: 2), in: text) {
                    found.insert(String(text[range]) + "\u{4}" + String(text[message]))
                } else {
                    found.insert(String(text[range]))
                }
            }
        }
        XCTAssertGreaterThanOrEqual(found.count, atLeast, "the scan should find the app's strings")
        return found.sorted()
    }
}

/// Just enough of the PO format to read msgid/msgstr pairs (single and multi-line strings).
private struct POCatalog {
    var translations: [String: String] = [:]

    init(_ text: String) {
        var id: String?, value: String?, context: String?, field = ""
        func flush() {
            if let id, let value, !id.isEmpty { translations[context.map { $0 + "\u{4}" + id } ?? id] = value }
            id = nil
            value = nil
            context = nil
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("msgctxt ") {
                flush()
                field = "context"
                context = Self.unquote(line.dropFirst(8))
            } else if line.hasPrefix("msgid ") {
                if field != "context" { flush() }
                field = "id"
                id = Self.unquote(line.dropFirst(6))
            } else if line.hasPrefix("msgstr ") || line.hasPrefix("msgstr[0] ") {
                field = "str"
                value = Self.unquote(line.drop { $0 != " " }.dropFirst())
            } else if line.hasPrefix("\"") {
                if field == "id" { id = (id ?? "") + Self.unquote(Substring(line)) }
                if field == "str" { value = (value ?? "") + Self.unquote(Substring(line)) }
            } else if line.hasPrefix("msgid_plural") {
                field = "plural"
            }
        }
        flush()
    }

    private static func unquote(_ text: Substring) -> String {
        var body = text.trimmingCharacters(in: .whitespaces)
        if body.hasPrefix("\"") { body.removeFirst() }
        if body.hasSuffix("\"") { body.removeLast() }
        return body.replacingOccurrences(of: "\\\"", with: "\"").replacingOccurrences(of: "\\n", with: "\n")
            .replacingOccurrences(of: "\\\\", with: "\\")
    }
}
