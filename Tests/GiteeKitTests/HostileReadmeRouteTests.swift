import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// `FakeGiteeServer.hostileReadme` (the `--hostile-readme` flag) and `POST /__fake/hostile-readme` replace every
/// project's README, and clearing them brings the generated README back.
final class HostileReadmeRouteTests: XCTestCase {
    func testHostileReadmeIsServedUntilCleared() {
        onMainLoop {
            Fake.reset()
            let project = Fake.server.world.projects[12]
            let owner = Fake.server.world.owner(of: project).login
            let client = Fake.client()
            defer { Fake.server.hostileReadme = nil }
            let generated = try await client.send(Endpoints.readme(owner: owner, repo: project.path))?.text
            Fake.server.hostileReadme = .intOverflow
            let hostile = try await client.send(Endpoints.readme(owner: owner, repo: project.path))?.text
            XCTAssertEqual(hostile, HostileReadme.intOverflow.text)
            XCTAssertNotEqual(generated, hostile)

            let answer = try await Self.post(Fake.server.baseURL, "kind=table")
            XCTAssertTrue(answer.contains("\"table\""), answer)
            XCTAssertEqual(Fake.server.hostileReadme, .table)
            let unknown = try await Self.post(Fake.server.baseURL, "kind=nonsense")
            XCTAssertTrue(unknown.contains("unknown kind"), unknown)
            _ = try await Self.post(Fake.server.baseURL, "kind=")
            XCTAssertNil(Fake.server.hostileReadme)
            let back = try await client.send(Endpoints.readme(owner: owner, repo: project.path))?.text
            XCTAssertEqual(back, generated)
        }
    }

    /// A control call through libsoup (the app's own transport is for the Gitee API only).
    @MainActor
    private static func post(_ base: String, _ form: String) async throws -> String {
        let transport = SoupTransport(configuration: GiteeConfiguration(server: base, appVersion: "test"))
        let request = HTTPRequest(method: "POST", url: base + "/__fake/hostile-readme", body: Data(form.utf8),
                                  contentType: "application/x-www-form-urlencoded")
        let response = try await transport.send(request, progress: nil)
        return String(decoding: response.body, as: UTF8.self)
    }
}
