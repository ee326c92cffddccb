import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Issue 41: a page asks at once for everything it can know it needs from the link alone. FakeGitee logs a request
/// when it arrives and holds the project's answer back, so what arrives meanwhile was asked together with it.
final class RoundTripTests: XCTestCase {
    func testTheProjectPageAsksForItsReadmeAndTheChecksTogetherWithTheProject() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            IssueFixture.server.clearLog()
            IssueFixture.server.addFault(Fault(kind: .latency, path: "/api/v5/repos/\(repo.owner)/\(repo.name)",
                                               method: "GET", delayMs: 1_500, count: 1))
            app.coordinator.push(.project(repo))
            let page = try XCTUnwrap(app.coordinator.top?.model as? ProjectViewModel)
            page.start()
            waitUntil("the README and the star and watch checks are asked") {
                let paths = IssueFixture.server.requestLog.map(\.path)
                return paths.contains { $0.hasSuffix("/\(repo.name)/readme") }
                    && paths.contains { $0.hasPrefix("/api/v5/user/starred/") }
                    && paths.contains { $0.hasPrefix("/api/v5/user/subscriptions/") }
            }
            XCTAssertNil(page.project, "all asked while the project's answer was still on its way")
            let readme = IssueFixture.server.requestLog.first { $0.path.hasSuffix("/readme") }
            XCTAssertNil(readme?.fields["ref"], "the README without ref: the site answers the default branch's")
            waitUntil("the page") { page.project != nil }
        }
    }
}
