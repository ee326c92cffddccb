import Foundation
@testable import GiteeKit
@testable import MayunCore
@testable import MayunDocument
import XCTest

/// One rule for every address handed to the desktop: http(s) with a host opens, everything else is inert with a hint.
final class LinkPolicyTests: XCTestCase {
    func testOnlyWebAddressesWithAHostOpen() {
        for text in ["https://example.com", "http://example.com/a?b=c#d", "HTTPS://EXAMPLE.COM/x"] {
            XCTAssertTrue(LinkPolicy.decide(URL(string: text)!).isAllowed, text)
        }
        for text in ["file:///etc/passwd", "smb://host/share", "javascript:alert(1)", "mailto:a@b.c?attach=/etc/passwd",
                     "data:text/html,hi", "ms-settings:", "steam://run/1", "vscode://file/x", "http:no-host",
                     "ftp://example.com", "ghelp:foo", "x-scheme-handler://y"] {
            guard let url = URL(string: text) else { continue }
            guard case .inert(let hint) = LinkPolicy.decide(url) else { return XCTFail("\(text) must not open") }
            XCTAssertTrue(hint.contains("only http and https"), hint)
            XCTAssertTrue(hint.contains(String(url.absoluteString.prefix(20))), "the hint names the address: \(hint)")
        }
        let long = URL(string: "https://example.com/" + String(repeating: "a", count: LinkPolicy.maxLength))!
        XCTAssertFalse(LinkPolicy.decide(long).isAllowed, "an address longer than any real page's is not opened")
    }

    func testProfileTextWithoutASchemeMeansHTTPS() {
        XCTAssertEqual(LinkPolicy.decide(profileText: " example.com/me "), .open(URL(string: "https://example.com/me")!))
        XCTAssertEqual(LinkPolicy.decide(profileText: "example.com:8080/me"),
                       .open(URL(string: "https://example.com:8080/me")!))
        XCTAssertEqual(LinkPolicy.decide(profileText: "http://weibo.com/u"), .open(URL(string: "http://weibo.com/u")!))
        for text in ["file:///home/me/.ssh/id_rsa", "smb://evil/share", "javascript:alert(1)", "steam://run/1",
                     "FILE:/etc/passwd", "java\tscript:alert(1)", "mailto:me@example.com", ""] {
            XCTAssertFalse(LinkPolicy.decide(profileText: text).isAllowed, text)
        }
    }

    func testTheHintIsShortenedButSaysWhy() {
        let hint = LinkPolicy.hint(for: "file:///" + String(repeating: "x", count: 500))
        XCTAssertLessThan(hint.count, 200)
        XCTAssertTrue(hint.hasPrefix("Not opened"))
    }

    func testCoordinatorOpensOnlyWhatThePolicyAllows() {
        onMain {
            let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                                          preferences: InMemoryPreferences(), services: makeServices())
            let platform = RecordingPlatform()
            coordinator.platform = platform
            coordinator.openExternal(URL(string: "file:///etc/passwd")!)
            coordinator.openExternal(URL(string: "smb://host/share")!)
            coordinator.follow(.external(URL(string: "mailto:a@example.com")!))
            XCTAssertEqual(platform.opened, [], "nothing but http(s) reaches the desktop")
            XCTAssertEqual(coordinator.toast?.message.hasPrefix("Not opened"), true, "a refused open says why")
            coordinator.openExternal(URL(string: "https://gitee.com/x")!)
            XCTAssertEqual(platform.opened.map(\.absoluteString), ["https://gitee.com/x"])
        }
    }

    func testDocumentLinksWithOtherSchemesAreBlockedWithTheReason() {
        let context = DocumentContext(repository: nil, ref: nil, folder: "", server: URL(string: "https://gitee.com")!)
        for href in ["smb://host/share", "file:///etc/passwd", "mailto:a@b.c", "steam://run/1"] {
            let link = context.link(for: href)
            XCTAssertEqual(link?.target, .blocked(href), href)
            XCTAssertEqual(link?.hint.hasPrefix("Not opened"), true, href)
        }
    }

    /// A stranger's blog and Weibo fields: a `file:` address is listed but cannot be opened; a bare host is https.
    func testProfileLinksOfAStranger() {
        onMain {
            let transport = StubTransport()
            transport.responses["/api/v5/users/stranger"] = HTTPResponse(status: 200, body: Data("""
            {"id": 9, "login": "stranger", "name": "S", "blog": "file:///home/you/.ssh/id_rsa", "weibo": "weibo.com/s"}
            """.utf8))
            let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                                          preferences: InMemoryPreferences(), services: makeServices(transport: transport))
            let platform = RecordingPlatform()
            coordinator.platform = platform
            coordinator.push(.user(login: "stranger"))
            guard let viewModel = coordinator.top?.model as? UserViewModel else { return XCTFail("no user page") }
            viewModel.start()
            waitUntil("the profile loaded") { viewModel.user != nil }
            let links = viewModel.links
            XCTAssertEqual(links.map(\.title), ["Blog", "Weibo"])
            XCTAssertFalse(links[0].decision.isAllowed)
            XCTAssertEqual(links[1].decision, .open(URL(string: "https://weibo.com/s")!))
            viewModel.open(links[0])
            XCTAssertEqual(platform.opened, [])
            viewModel.open(links[1])
            XCTAssertEqual(platform.opened.map(\.absoluteString), ["https://weibo.com/s"])
        }
    }
}
