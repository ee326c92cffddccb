import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private let repo = RepositoryID(owner: "octo", name: "tool")
private let base = "/api/v5/repos/octo/tool/releases"

private let candidateJSON = #"""
{"id": 2, "tag_name": "v2.0.0-rc.1", "prerelease": true, "name": "v2.0.0-rc.1", "body": "- faster",
 "author": {"id": 1, "login": "alice", "name": "Alice"}, "created_at": "2026-11-20T10:00:00+08:00",
 "assets": [{"browser_download_url": "https://gitee.com/octo/tool/releases/download/v2.0.0-rc.1/tool.zip",
             "name": "tool.zip"}]}
"""#

private let releasesJSON = "[" + candidateJSON + #"""
, {"id": 1, "tag_name": "v1.0.0", "prerelease": false, "name": "First", "body": "",
  "author": {"id": 2, "login": "bob", "name": ""}, "created_at": "2026-10-01T10:00:00+08:00", "assets": []}]
"""#

@MainActor
private func makeCoordinator(_ transport: StubTransport) -> Coordinator {
    Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                preferences: InMemoryPreferences(), services: makeServices(transport: transport))
}

final class ReleasesViewModelTests: XCTestCase {
    func testListRowsNewestFirstAndOpeningOne() {
        onMain {
            let transport = StubTransport()
            transport.responses[base] = HTTPResponse(status: 200, body: Data(releasesJSON.utf8))
            let coordinator = makeCoordinator(transport)
            coordinator.push(.project(repo))
            guard case .project(let project) = coordinator.top?.content else { return XCTFail("no project page") }
            project.openReleases()
            XCTAssertEqual(coordinator.routes.last, .releases(repo))
            guard case .releases(let list) = coordinator.top?.content else { return XCTFail("no releases page") }
            XCTAssertEqual(list.title, "Releases")
            list.start()
            waitUntil("the first page") { list.releases.state == .content }
            XCTAssertTrue(transport.requests.last?.url.contains("direction=desc") ?? false)
            let now = Date(timeIntervalSince1970: 1_795_000_000)
            let first = list.row(at: 0, now: now)
            XCTAssertEqual(first?.title, "v2.0.0-rc.1", "a name equal to the tag is not repeated")
            XCTAssertTrue(first?.subtitle.hasPrefix("Alice  ·  ") ?? false, first?.subtitle ?? "")
            XCTAssertTrue(first?.subtitle.hasSuffix("  ·  Pre-release") ?? false, first?.subtitle ?? "")
            XCTAssertEqual(first?.trailing, "1 file")
            let second = list.row(at: 1, now: now)
            XCTAssertEqual(second?.title, "v1.0.0 — First")
            XCTAssertFalse(second?.subtitle.contains("Pre-release") ?? true)
            XCTAssertTrue(second?.subtitle.hasPrefix("bob  ·  ") ?? false, "a person without a name shows the login")
            XCTAssertEqual(second?.trailing, "")
            XCTAssertNil(list.row(at: 2, now: now))
            list.activate(at: 1)
            XCTAssertEqual(coordinator.routes.last, .release(repo, tag: "v1.0.0"))
        }
    }

    func testReleasePageOffersFilesArchivesAndRendersNotes() {
        let body = Data(candidateJSON.utf8)
        onMain {
            let transport = StubTransport()
            transport.responses["\(base)/tags/v2.0.0-rc.1"] = HTTPResponse(status: 200, body: body)
            let coordinator = makeCoordinator(transport)
            coordinator.push(.release(repo, tag: "v2.0.0-rc.1"))
            guard case .release(let page) = coordinator.top?.content else { return XCTFail("no release page") }
            XCTAssertEqual(page.title, "v2.0.0-rc.1")
            page.start()
            waitUntil("the release") { page.state == .content }
            XCTAssertTrue(page.isPrerelease)
            XCTAssertEqual(page.notes, "- faster")
            XCTAssertEqual(page.assets.map(\.title), ["tool.zip"])
            XCTAssertEqual(page.archives.map(\.title), ["Source code (zip)", "Source code (tar.gz)"])
            XCTAssertEqual(page.archives.map(\.detail), ["tool-v2.0.0-rc.1.zip", "tool-v2.0.0-rc.1.tar.gz"])
            waitUntil("the notes are rendered") { page.notesDocument != nil }
        }
    }

    func testProjectRowSummary() {
        onMain {
            XCTAssertEqual(ReleaseSummary.describe(count: 0, latest: nil), "No releases")
            let latest = Release(id: 1, tagName: "v3.1")
            XCTAssertEqual(ReleaseSummary.describe(count: 12, latest: latest), "12 releases  ·  latest v3.1")
            XCTAssertEqual(ReleaseSummary.describe(count: nil, latest: latest), "1 release  ·  latest v3.1")
            let transport = StubTransport()
            transport.responses[base] = HTTPResponse(status: 200, headers: ["total_count": "2"], body: Data(releasesJSON.utf8))
            let coordinator = makeCoordinator(transport)
            coordinator.push(.project(repo))
            guard case .project(let project) = coordinator.top?.content else { return XCTFail("no project page") }
            project.start()
            waitUntil("the summary") { !project.releases.text.isEmpty }
            XCTAssertEqual(project.releases.text, "2 releases  ·  latest v2.0.0-rc.1")
            XCTAssertTrue(transport.requests.contains { $0.url.contains("/releases?") && $0.url.contains("per_page=1") })
        }
    }
}
