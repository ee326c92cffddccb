import Foundation
@testable import MayunCore
@testable import MayunDocument
import XCTest

final class DocumentLinkTests: XCTestCase {
    private let docs = readmeContext(folder: "docs/guide")

    func testRelativePathsResolveAgainstTheFolder() {
        XCTAssertEqual(docs.link(for: "./a.md")?.target, .route(.blob(mayunRepository, ref: "master", path: "docs/guide/a.md")))
        XCTAssertEqual(docs.link(for: "../img/x.png")?.target, .route(.image(mayunRepository, ref: "master", path: "docs/img/x.png")))
        XCTAssertEqual(docs.link(for: "/abs/from/root.md")?.target, .route(.blob(mayunRepository, ref: "master", path: "abs/from/root.md")))
        XCTAssertEqual(docs.link(for: "sub/")?.target, .route(.tree(mayunRepository, ref: "master", path: "docs/guide/sub")))
        XCTAssertEqual(docs.link(for: "../../")?.target, .route(.tree(mayunRepository, ref: "master", path: "")))
        XCTAssertEqual(docs.link(for: "%E4%B8%AD%E6%96%87.md#top")?.target,
                       .route(.blob(mayunRepository, ref: "master", path: "docs/guide/中文.md")))
        XCTAssertEqual(docs.link(for: "Makefile")?.target, .route(.blob(mayunRepository, ref: "master", path: "docs/guide/Makefile")))
        XCTAssertEqual(docs.link(for: "a.md")?.hint, "https://gitee.com/mayun/desktop/blob/master/docs/guide/a.md")
    }

    func testWebsiteLinksToTheSameRepositoryStayInTheApp() {
        XCTAssertEqual(docs.link(for: "https://gitee.com/mayun/desktop/blob/v2.0/src/main.swift")?.target,
                       .route(.blob(mayunRepository, ref: "v2.0", path: "src/main.swift")))
        XCTAssertEqual(docs.link(for: "https://gitee.com/Mayun/Desktop/tree/dev/docs")?.target,
                       .route(.tree(mayunRepository, ref: "dev", path: "docs")))
        XCTAssertEqual(docs.link(for: "https://gitee.com/mayun/desktop")?.target,
                       .route(.tree(mayunRepository, ref: nil, path: "")))
        XCTAssertEqual(docs.link(for: "https://gitee.com/other/repo/blob/master/a.md")?.target,
                       .external(URL(string: "https://gitee.com/other/repo/blob/master/a.md")!))
        XCTAssertEqual(docs.link(for: "https://github.com/mayun/desktop")?.target,
                       .external(URL(string: "https://github.com/mayun/desktop")!))
        XCTAssertEqual(docs.link(for: "//example.com/x")?.target, .external(URL(string: "https://example.com/x")!))
        // LinkPolicy: mailto: is shown but never opened (mail clients have attached local files named in it).
        XCTAssertEqual(docs.link(for: "mailto:a@example.com")?.target, .blocked("mailto:a@example.com"))
    }

    func testAnchorsUseHeadingSlugs() {
        XCTAssertEqual(docs.link(for: "#Quick Start")?.target, .anchor("quick-start"))
        XCTAssertEqual(docs.link(for: "#%E5%BF%AB%E9%80%9F%E5%BC%80%E5%A7%8B")?.target, .anchor("快速开始"))
        var slugger = HeadingSlugger()
        XCTAssertEqual(slugger.uniqueSlug(for: "FAQ"), "faq")
        XCTAssertEqual(slugger.uniqueSlug(for: "FAQ"), "faq-1")
        XCTAssertEqual(slugger.uniqueSlug(for: "faq"), "faq-2")
        XCTAssertEqual(slugger.uniqueSlug(for: "🚀 Getting Started!"), "-getting-started")
        XCTAssertEqual(slugger.uniqueSlug(for: "C++ & Swift_5.9"), "c--swift_59")
        XCTAssertEqual(HeadingSlugger.slug("安装 Install（推荐）"), "安装-install推荐")
    }

    func testDangerousSchemesAreBlocked() {
        for href in ["javascript:alert(1)", " JavaScript:alert(1)", "java\nscript:alert(1)", "data:text/html,<b>",
                     "file:///etc/passwd", "vbscript:msgbox", "chrome://settings", "foo:bar"] {
            XCTAssertFalse(docs.link(for: href)?.target.isFollowable ?? true, href)
        }
        XCTAssertNil(docs.link(for: "  "))
    }

    func testImagesGoThroughTheAPI() {
        XCTAssertEqual(docs.imageSource(for: "../img/x.png")?.absoluteString,
                       "https://gitee.com/api/v5/repos/mayun/desktop/raw/docs/img/x.png?ref=master")
        XCTAssertEqual(docs.imageSource(for: "/logo 1.png")?.absoluteString,
                       "https://gitee.com/api/v5/repos/mayun/desktop/raw/logo%201.png?ref=master")
        XCTAssertEqual(docs.imageSource(for: "https://gitee.com/other/repo/raw/v1/a/b.png")?.absoluteString,
                       "https://gitee.com/api/v5/repos/other/repo/raw/a/b.png?ref=v1")
        XCTAssertEqual(docs.imageSource(for: "https://img.shields.io/badge/a-b-blue")?.absoluteString,
                       "https://img.shields.io/badge/a-b-blue")
        XCTAssertNil(docs.imageSource(for: "javascript:alert(1)"))
        XCTAssertNil(docs.imageSource(for: "file:///etc/passwd"))
        XCTAssertNil(docs.imageSource(for: "data:text/html,x"))
        XCTAssertNotNil(docs.imageSource(for: "data:image/png;base64,iVBORw0KGgo="))
        let defaultBranch = DocumentContext(repository: mayunRepository, ref: nil, server: giteeServer)
        XCTAssertEqual(defaultBranch.imageSource(for: "a.png")?.absoluteString,
                       "https://gitee.com/api/v5/repos/mayun/desktop/raw/a.png")
        let local = DocumentContext(repository: mayunRepository, ref: "main", server: URL(string: "http://127.0.0.1:8080")!)
        XCTAssertEqual(local.imageSource(for: "http://127.0.0.1:8080/mayun/desktop/raw/main/a.png")?.absoluteString,
                       "http://127.0.0.1:8080/api/v5/repos/mayun/desktop/raw/a.png?ref=main")
    }
}
