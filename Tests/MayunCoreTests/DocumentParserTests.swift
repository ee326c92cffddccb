import Foundation
@testable import MayunCore
@testable import MayunDocument
import XCTest

final class DocumentParserTests: XCTestCase {
    func testGiteeStyleReadmeHasCenteredLogoTitleAndBadges() throws {
        let document = DocumentParser.parseMarkdown(try fixture("gitee-style.md"), context: readmeContext())
        guard case .aligned(.center, let logoBlocks) = document.blocks.first,
              case .image(let logo) = logoBlocks.first
        else { return XCTFail("first block is the centered logo: \(document.blocks.first.map(String.init(describing:)) ?? "none")") }
        XCTAssertEqual(logo.source?.absoluteString,
                       "https://gitee.com/api/v5/repos/mayun/desktop/raw/docs/images/logo-light.png?ref=master")
        XCTAssertEqual(logo.alt, "mayun logo")
        XCTAssertEqual(logo.width, 120)
        XCTAssertEqual(logo.height, 80)

        guard case .aligned(.center, let titleBlocks) = document.blocks[1],
              case .heading(let title) = titleBlocks.first
        else { return XCTFail("second block is the centered title") }
        XCTAssertEqual(title.level, 1)
        XCTAssertEqual(title.content.plainText, "Mayun 码云客户端")
        XCTAssertEqual(title.anchor, "mayun-码云客户端")

        guard case .aligned(.center, let badgeBlocks) = document.blocks[2], case .paragraph(let badges) = badgeBlocks.first
        else { return XCTFail("third block is the badges row") }
        let badgeImages = allInlines([.paragraph(badges)]).compactMap { inline -> DocumentImage? in
            if case .image(let image) = inline { return image }
            return nil
        }
        XCTAssertEqual(badgeImages.map(\.alt), ["license", "star", "build passing", "GVP"])
        XCTAssertEqual(badgeImages[0].source?.absoluteString, "https://img.shields.io/badge/license-MIT-blue.svg")
        XCTAssertEqual(badgeImages[2].source?.absoluteString,
                       "https://gitee.com/api/v5/repos/mayun/desktop/raw/docs/images/badge-build.svg?ref=master")
        XCTAssertEqual(badgeImages[3].source?.absoluteString,
                       "https://gitee.com/api/v5/repos/mayun/desktop/raw/docs/images/gvp.png?ref=master",
                       "website raw URLs are hotlink-protected and go through the API")
        guard case .link(let licenseLink, _) = badges.first else { return XCTFail("the first badge is a link") }
        XCTAssertEqual(licenseLink.target, .route(.blob(mayunRepository, ref: "master", path: "LICENSE")))
    }

    func testPictureFollowsNightMode() throws {
        let night = DocumentParser.parseMarkdown(try fixture("gitee-style.md"), context: readmeContext(),
                                                 prefersDark: true)
        XCTAssertEqual(images(in: night).first?.source?.lastPathComponent, "logo-dark.png")
        let html = #"<picture><source media="(prefers-color-scheme: dark)" srcset="d.png 1x, d@2x.png 2x"><img src="plain.png"></picture>"#
        XCTAssertEqual(images(in: DocumentParser.parseHTML(html, context: readmeContext())).first?.source?
            .lastPathComponent, "plain.png", "no light source: the img is the light variant")
    }

    func testChineseAnchorsAndInRepositoryLinks() throws {
        let document = DocumentParser.parseMarkdown(try fixture("gitee-style.md"), context: readmeContext())
        XCTAssertEqual(document.anchors, ["mayun-码云客户端", "简介", "features", "快速开始"])
        let byText = Dictionary(links(in: document).map { ($0.text, $0.link.target) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byText["使用指南"], .route(.blob(mayunRepository, ref: "master", path: "docs/guide.md")))
        XCTAssertEqual(byText["CHANGELOG"], .route(.blob(mayunRepository, ref: "master", path: "CHANGELOG.md")))
        XCTAssertEqual(byText["快速开始"], .anchor("快速开始"))
        XCTAssertEqual(byText["Features"], .anchor("features"))
        XCTAssertEqual(byText["main.swift"], .route(.blob(mayunRepository, ref: "master", path: "src/main.swift")))
        XCTAssertEqual(byText["examples/"], .route(.tree(mayunRepository, ref: "master", path: "examples")))
        XCTAssertEqual(byText["上一级"], .route(.blob(mayunRepository, ref: "master", path: "other/README.md")),
                       "`..` never climbs above the repository root")
        let screenshot = allBlocks(document.blocks).compactMap { block -> DocumentImage? in
            if case .image(let image) = block { return image }
            return nil
        }.last
        XCTAssertEqual(screenshot?.source?.absoluteString,
                       "https://gitee.com/api/v5/repos/mayun/desktop/raw/docs/images/screenshot.jpg?ref=master")
        XCTAssertTrue(plainText(of: document).contains("Made with ❤️ in 深圳"))
    }

    func testTablesKeepAlignmentAndCells() throws {
        let document = DocumentParser.parseMarkdown(try fixture("tables-and-lists.md"), context: readmeContext())
        let tables = allBlocks(document.blocks).compactMap { block -> Table? in
            if case .table(let table) = block { return table }
            return nil
        }
        XCTAssertEqual(tables.count, 2)
        XCTAssertEqual(tables[0].alignments, [.left, .center, .right])
        XCTAssertEqual(tables[0].header.map(\.plainText), ["Feature", "Status", "Notes"])
        XCTAssertEqual(tables[0].rows.map { $0.map(\.plainText) },
                       [["Login", "✅", "OAuth2"], ["Dark theme", "🚧", "prefers-color-scheme"], ["i18n", "❌", "planned"]])
        XCTAssertEqual(tables[1].alignments, [.none, .none])
        XCTAssertEqual(tables[1].rows.first?.first?.plainText, "a | b")
    }

    func testTaskNestedAndOrderedLists() throws {
        let document = DocumentParser.parseMarkdown(try fixture("tables-and-lists.md"), context: readmeContext())
        let lists = document.blocks.compactMap { block -> ListBlock? in
            if case .list(let list) = block { return list }
            return nil
        }
        XCTAssertEqual(lists.count, 4)
        XCTAssertEqual(lists[0].items.map(\.task), [.done, .done, .open, .open])
        XCTAssertEqual(allInlines(lists[0].items[3].blocks).first, .strike([.text("Legacy mode")]))
        XCTAssertTrue(lists[1].ordered)
        XCTAssertEqual(lists[1].items.count, 3)
        guard case .list(let nested) = lists[1].items[1].blocks.last,
              case .list(let deeper) = nested.items[0].blocks.last,
              case .list(let deepest) = deeper.items[0].blocks.last
        else { return XCTFail("three levels of nesting") }
        XCTAssertTrue(deepest.ordered)
        XCTAssertEqual(allInlines(deepest.items[0].blocks), [.text("deep ordered")])
        XCTAssertEqual(lists[2].start, 5)
        XCTAssertEqual(lists[3].items[0].blocks.count, 2, "a loose item keeps both paragraphs")
    }

    func testDetailsCodeAndInlineHTML() throws {
        let document = DocumentParser.parseMarkdown(try fixture("details-and-code.md"), context: readmeContext())
        let all = allBlocks(document.blocks)
        let details = all.compactMap { block -> Details? in
            if case .details(let details) = block { return details }
            return nil
        }
        XCTAssertEqual(details.count, 2)
        XCTAssertEqual(details[0].summary.plainText, "FAQ (click to expand)")
        XCTAssertFalse(details[0].isOpen)
        XCTAssertTrue(allInlines(details[0].blocks).contains(.strong([.text("Q:")])),
                      "markdown between <details> and </details> lands inside the details")
        XCTAssertTrue(details[0].blocks.contains(.code(CodeBlock(language: "json", text: #"{ "name": "mayun", "stars": 42 }"#))))
        XCTAssertTrue(details[1].isOpen)
        XCTAssertEqual(details[1].summary, [.strong([.text("Open")]), .text(" by default")])

        let codes = all.compactMap { block -> CodeBlock? in
            if case .code(let code) = block { return code }
            return nil
        }
        XCTAssertEqual(codes.map(\.language), ["json", "swift", "python", nil, nil])
        XCTAssertEqual(codes[1].text, "import Foundation\nprint(\"你好，世界\")")
        XCTAssertEqual(codes[4].text, "indented code")

        guard case .paragraph(let first) = document.blocks[1] else { return XCTFail("a paragraph after the title") }
        XCTAssertEqual(Array(first.prefix(5)), [.text("Press "), .keyboard("Ctrl"), .text("+"), .keyboard("F"),
                                                .text(" to search.")])
        XCTAssertTrue(first.contains(.lineBreak))
        XCTAssertTrue(first.contains(.strike([.text("strike")])))
        XCTAssertTrue(first.contains(.emphasis([.text("emphasis")])))
        XCTAssertTrue(first.contains(.code("code")))
        let autolinks = links(in: document).map(\.link.target)
        XCTAssertTrue(autolinks.contains(.external(URL(string: "http://www.example.com")!)))
        XCTAssertTrue(autolinks.contains(.external(URL(string: "https://gitee.com/other/project")!)))

        let centered = document.blocks.filter { if case .aligned(.center, _) = $0 { return true } else { return false } }
        XCTAssertEqual(centered.count, 2)
        guard case .aligned(_, let demo) = centered[0], case .paragraph(let demoRuns) = demo.first else {
            return XCTFail("demo div holds a paragraph")
        }
        XCTAssertEqual(demoRuns.count, 3)
        XCTAssertEqual(demoRuns.last, .text("Animated demo"))
        guard case .aligned(_, let markdownInside) = centered[1] else { return XCTFail() }
        XCTAssertEqual(markdownInside, [.paragraph([.strong([.text("Markdown inside a centered div")])])])
    }

    func testWholeHTMLFile() throws {
        let context = DocumentContext(repository: mayunRepository, ref: "dev", filePath: "site/index.html",
                                      server: giteeServer)
        let document = DocumentParser.parseHTML(try fixture("page.html"), context: context)
        let text = plainText(of: document)
        XCTAssertFalse(text.contains("Dropped title"))
        XCTAssertFalse(text.contains("var x"))
        XCTAssertTrue(text.contains("tag text"), "unknown elements degrade to their text")
        guard case .heading(let heading) = document.blocks.first else { return XCTFail("starts with the heading") }
        XCTAssertEqual(heading.anchor, "html-page")
        XCTAssertEqual(document.blocks[1], .aligned(.right, [.paragraph([
            .text("Right aligned "), .strong([.text("bold")]), .text(" "), .emphasis([.text("italic")]), .text(" "),
            .code("code"),
        ])]))
        let banner = images(in: document).first
        XCTAssertEqual(banner?.source?.absoluteString,
                       "https://gitee.com/api/v5/repos/mayun/desktop/raw/site/img/banner.png?ref=dev")
        XCTAssertNil(banner?.width, "percent widths are left to the pane")
        let lists = allBlocks(document.blocks).compactMap { block -> ListBlock? in
            if case .list(let list) = block { return list }
            return nil
        }
        XCTAssertEqual(lists.first?.items.map(\.task), [.done, nil])
        XCTAssertEqual(lists.first(where: \.ordered)?.start, 3)
        let table = allBlocks(document.blocks).compactMap { block -> Table? in
            if case .table(let table) = block { return table }
            return nil
        }.first
        XCTAssertEqual(table?.alignments, [.left, .right])
        XCTAssertEqual(table?.rows.map { $0.map(\.plainText) }, [["a.png", "12 KB"], ["b.png", ""]])
        XCTAssertEqual(links(in: document).first { $0.text == "up" }?.link.target,
                       .route(.blob(mayunRepository, ref: "dev", path: "up.md")))
        XCTAssertTrue(allBlocks(document.blocks).contains(.code(CodeBlock(
            language: "rust", text: "fn main() {\n    println!(\"hi\");\n}"))))
        XCTAssertTrue(document.blocks.contains(.rule))
    }
}
