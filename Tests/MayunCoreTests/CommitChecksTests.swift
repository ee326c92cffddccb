import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// The commit page's checks (issue 39): the runs of the page's own sha, asked together with the commit (the sha is in
/// the link, so no round trip waits for them), summed up as on a pull request, and stopped with the page.
final class CommitChecksTests: XCTestCase {
    private static let repo = RepositoryID(owner: "kit101", name: "drone-yml-test")
    private static let sha = "e3c0ff4d5cef439ea11b30866fb1ed79b420801d"
    private static let commitPath = "/api/v5/repos/kit101/drone-yml-test/commits/\(sha)"
    private static let runsPath = "/api/v5/repos/kit101/drone-yml-test/commits/\(sha)/check-runs"

    func testTheCommitPageAsksForItsChecksWithTheCommitAndSumsThemUp() throws {
        try onMain {
            let stub = StubTransport()
            stub.responses[Self.commitPath] = HTTPResponse(status: 200, body: try Data(contentsOf: repositoryRoot
                .deletingLastPathComponent().appendingPathComponent("shared/gitee/samples/commit.json")))
            stub.responses[Self.runsPath] = HTTPResponse(status: 200, body: Data(("[" + [
                PullRequestChecksTests.run(1, "build", status: "completed", conclusion: "success", count: 0),
                PullRequestChecksTests.run(2, "test", status: "in_progress"),
            ].joined(separator: ",") + "]").utf8))
            let gate = GatedTransport(forwardingTo: stub)
            gate.holding = true
            let scheduler = ManualScheduler()
            let client = GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9", retry: .none),
                                     transport: gate)
            let page = CommitViewModel(repo: Self.repo, sha: Self.sha, client: client, checkScheduler: scheduler)
            page.start()
            waitUntil("the commit and its checks are both asked") { gate.inFlight.count == 2 }
            XCTAssertEqual(Set(gate.inFlight), ["GET \(Self.commitPath)", "GET \(Self.runsPath)"],
                           "asked together: neither waits for the other's answer")
            gate.release("/check-runs")
            waitUntil("the checks are in") { page.checks.loadState == .loaded }
            XCTAssertEqual(page.checks.heading, "Checks are running")
            XCTAssertEqual(page.checks.rows.map(\.accessibleName), ["build: Succeeded. build title", "test: In progress. test title"])
            XCTAssertTrue(page.checks.isShown)
            XCTAssertEqual(page.state, .loading, "the commit's own answer is still held: the checks did not wait for it")
            gate.release(Self.sha)
            waitUntil("the commit shows") { page.state == .content }

            XCTAssertTrue(scheduler.hasPending, "a run is going: asked again later")
            page.cancel()
            XCTAssertFalse(scheduler.hasPending, "the page was left: nothing is asked again")
        }
    }
}
