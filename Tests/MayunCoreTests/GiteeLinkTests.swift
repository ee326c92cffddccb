import Foundation
import GiteeKit
@testable import MayunCore
@testable import MayunDocument
import XCTest

private let gitee = URL(string: "https://gitee.com")!
private let local = URL(string: "http://127.0.0.1:8080")!
private let repo = RepositoryID(owner: "openharmony", name: "docs")

final class GiteeLinkTests: XCTestCase {
    private func page(_ text: String, server: URL = gitee) -> Route? {
        if case .page(let route) = GiteeLink.outcome(for: text, server: server) { return route }
        return nil
    }

    func testProjectsInEveryWayPeopleWriteThem() {
        for text in ["https://gitee.com/openharmony/docs", "https://gitee.com/openharmony/docs/",
                     "http://gitee.com/openharmony/docs", "https://www.gitee.com/openharmony/docs",
                     "https://GITEE.com/openharmony/docs", "gitee.com/openharmony/docs",
                     "  https://gitee.com/openharmony/docs.git\n", "https://gitee.com/openharmony/docs?from=x#readme",
                     "https://gitee.com:443/openharmony/docs"] {
            XCTAssertEqual(page(text), .project(repo), text)
        }
    }

    func testUsers() {
        XCTAssertEqual(page("https://gitee.com/li-si"), .user(login: "li-si"))
        XCTAssertEqual(page("https://gitee.com/li-si/"), .user(login: "li-si"))
    }

    func testTreesFilesAndImages() {
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/tree/master"), .tree(repo, ref: "master", path: ""))
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/tree/master/zh-cn/readme/"),
                       .tree(repo, ref: "master", path: "zh-cn/readme"))
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/blob/master/src/main.c"),
                       .blob(repo, ref: "master", path: "src/main.c"))
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/raw/v1.0/logo.png"),
                       .image(repo, ref: "v1.0", path: "logo.png"))
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/blob/master"), .tree(repo, ref: "master", path: ""))
    }

    func testPercentEncodingIsDecodedPerSegment() {
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/blob/master/%E6%96%87%E6%A1%A3/a%20b.md"),
                       .blob(repo, ref: "master", path: "文档/a b.md"))
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/tree/feature%2Fx/src"),
                       .tree(repo, ref: "feature/x", path: "src"), "an encoded slash stays in the branch name")
    }

    func testIssuesAndCommits() {
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/issues"), .issues(repo))
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/issues/I4CD5P"), .issue(repo, number: "I4CD5P"))
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/commits/dev"), .commits(repo, ref: "dev"))
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/commit/0123abc"), .commit(repo, sha: "0123abc"))
    }

    func testPullRequests() {
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/pulls"), .pullRequests(repo))
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/pulls/"), .pullRequests(repo))
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/pulls/12"), .pullRequest(repo, number: 12))
        XCTAssertEqual(page("https://www.gitee.com/openharmony/docs.git/pulls/12/files"),
                       .pullRequest(repo, number: 12, opensFiles: true),
                       "a link to its files opens the pull request on Files changed")
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/pulls/12/commits"), .pullRequest(repo, number: 12))
        XCTAssertEqual(page("http://127.0.0.1:8080/openharmony/docs/pulls/3", server: local), .pullRequest(repo, number: 3))
        for text in ["https://gitee.com/openharmony/docs/pulls/new", "https://gitee.com/openharmony/docs/pulls/-1",
                     "https://gitee.com/openharmony/docs/pulls/0", "https://gitee.com/openharmony/docs/pulls/99999999999999999999"] {
            XCTAssertEqual(GiteeLink.outcome(for: text, server: gitee), .unsupported, text)
        }
    }

    func testOtherSitesAndSchemesAreForeign() {
        for text in ["https://github.com/openharmony/docs", "https://gitee.com.evil.example/openharmony/docs",
                     "https://evilgitee.com/openharmony/docs", "ftp://gitee.com/openharmony/docs",
                     "file:///etc/passwd", "javascript:alert(1)", "", "not a link at all",
                     "https://gitee.com:8443/openharmony/docs",
                     "https://gitee.com/" + String(repeating: "a", count: 5000)] {
            XCTAssertEqual(GiteeLink.outcome(for: text, server: gitee), .foreign, text)
        }
    }

    func testSitePagesAndUnsupportedRepositoryPagesSaySo() {
        for text in ["https://gitee.com/explore", "https://gitee.com/explore/all", "https://gitee.com/search?q=x",
                     "https://gitee.com/", "https://gitee.com/openharmony/docs/wikis",
                     "https://gitee.com/openharmony/docs/releases/download/v1/a.zip",
                     "https://gitee.com/openharmony/docs/releases/tag"] {
            XCTAssertEqual(GiteeLink.outcome(for: text, server: gitee), .unsupported, text)
        }
    }

    func testReleasePages() {
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/releases", server: gitee), .releases(repo))
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/releases/tag/v3.2-Release", server: gitee),
                       .release(repo, tag: "v3.2-Release"))
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/releases/tag/release/1.0", server: gitee),
                       .release(repo, tag: "release/1.0"))
    }

    func testAnotherServerWithItsPort() {
        XCTAssertEqual(page("http://127.0.0.1:8080/openharmony/docs", server: local), .project(repo))
        XCTAssertEqual(GiteeLink.outcome(for: "http://127.0.0.1:9090/openharmony/docs", server: local), .foreign)
        XCTAssertEqual(GiteeLink.outcome(for: "https://gitee.com/openharmony/docs", server: local), .foreign,
                       "with --server, gitee.com links belong to another site")
    }

    /// Issue 36: a link whose path could leave its project is refused, not opened (here or in the browser).
    func testLinksWithDotSegmentsOrEncodedSlashesAreRefused() {
        for text in ["https://gitee.com/openharmony/docs/blob/master/..%2F..%2F..%2Fevil%2Fother%2Fcontents%2FREADME.md",
                     "https://gitee.com/openharmony/docs/blob/master/%2E%2E/%2E%2E/x/y",
                     "https://gitee.com/openharmony/docs/tree/master/a/%2e/b",
                     "https://gitee.com/openharmony%2Fevil/docs", "https://gitee.com/openharmony/docs%2F..%2Fx",
                     "https://gitee.com/openharmony/docs/blob/master/a%5Cb.md", "https://gitee.com/openharmony/docs/issues/I1%00",
                     "https://gitee.com/%2E%2E/docs"] {
            XCTAssertEqual(GiteeLink.outcome(for: text, server: gitee), .refused, text)
        }
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/blob/master/..hidden/a...b.md"),
                       .blob(repo, ref: "master", path: "..hidden/a...b.md"), "dots inside a name are a name")
        XCTAssertEqual(page("https://gitee.com/openharmony/docs/releases/tag/release%2F1.0"),
                       .release(repo, tag: "release/1.0"), "an encoded slash in a tag is kept")
    }
}
