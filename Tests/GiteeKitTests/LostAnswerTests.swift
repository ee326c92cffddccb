import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// A write is never sent twice by GiteeKit after an answer that leaves its outcome unknown (a 5xx may come from a
/// gateway after the write was done); a GET still is. FakeGitee's `lost-answer` and `lost-connection` do the write and
/// lose only its answer.
final class LostAnswerTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { Fake.reset() }
    }

    func testAWriteMeetingA502IsNotSentAgainButAGetIs() {
        onMainLoop {
            let project = Fake.server.world.projects[3]
            let owner = Fake.server.world.owner(of: project).login
            let client = Fake.client(credential: Fake.demoToken)
            Fake.server.addFault(Fault(kind: .status, path: "/api/v5/user/starred/*/*", method: "PUT", status: 502, count: 1))
            await assertThrows(.server(status: 502, message: "Internal Server Error (injected)")) {
                try await client.send(Endpoints.star(owner: owner, repo: project.path))
            }
            XCTAssertEqual(Fake.server.requestLog.filter { $0.method == "PUT" }.count, 1, "a PUT is not repeated after a 502")
            Fake.server.clearLog()
            Fake.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/*", method: "GET", status: 502, count: 1))
            _ = try await client.send(Endpoints.project(owner: owner, repo: project.path))
            XCTAssertEqual(Fake.server.requestLog.map(\.status), [502, 200], "a GET is asked again")
        }
    }

    func testAWriteRefusedByARateLimitIsSentAgain() {
        onMainLoop {
            let project = Fake.server.world.projects[4]
            let owner = Fake.server.world.owner(of: project).login
            let client = Fake.client(credential: Fake.demoToken)
            Fake.server.addFault(Fault(kind: .status, path: "/api/v5/user/starred/*/*", method: "PUT", status: 429,
                                       retryAfter: 0, count: 1))
            _ = try await client.send(Endpoints.star(owner: owner, repo: project.path))
            XCTAssertEqual(Fake.server.requestLog.filter { $0.method == "PUT" }.map(\.status), [429, 204],
                           "a 429 proves nothing was done: the PUT goes again")
        }
    }

    func testALostAnswerDoesTheWriteAndALostConnectionToo() {
        onMainLoop {
            let project = Fake.server.world.projects[5]
            let owner = Fake.server.world.owner(of: project).login
            let client = Fake.client(credential: Fake.demoToken)
            Fake.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/user/starred/*/*", method: "PUT", count: 1))
            do {
                _ = try await client.send(Endpoints.star(owner: owner, repo: project.path))
                XCTFail("the answer was lost")
            } catch let failure as GiteeError {
                XCTAssertTrue(failure.leavesOutcomeUnknown, "\(failure)")
            }
            let starred = try await client.send(Endpoints.isStarred(owner: owner, repo: project.path))
            XCTAssertTrue(starred, "the server did the write")
            Fake.server.addFault(Fault(kind: .lostConnection, path: "/api/v5/user/starred/*/*", method: "DELETE", count: 1))
            do {
                _ = try await client.send(Endpoints.unstar(owner: owner, repo: project.path))
                XCTFail("the connection was lost")
            } catch GiteeError.unreachable {}
            let still = try await client.send(Endpoints.isStarred(owner: owner, repo: project.path))
            XCTAssertFalse(still, "the server did the write")
            XCTAssertEqual(Fake.server.requestLog.filter { $0.method == "DELETE" }.count, 1)
        }
    }
}
