import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// `POST /__fake/hostile-commit?files=N` makes every existing commit's detail list N vendored files (issue 22 item 6),
/// decoded by the app's own client; `files=0` brings the real files back; unknown shas stay 404.
final class HostileCommitRouteTests: XCTestCase {
    func testAVendoringCommitListsEveryFileUntilCleared() {
        onMainLoop {
            Fake.reset()
            let project = Fake.server.world.projects[12]
            let owner = Fake.server.world.owner(of: project).login
            let client = Fake.client()
            defer { Fake.server.hostileCommitFiles = nil }
            let commits: [Commit] = try await client.send(Endpoints.commits(owner: owner, repo: project.path))
            guard let sha = commits.first?.sha else { return XCTFail("no commits") }
            let real = try await client.send(Endpoints.commit(owner: owner, repo: project.path, sha: sha))

            let answer = try await Self.post(Fake.server.baseURL, "files=20000")
            XCTAssertTrue(answer.contains("20000"), answer)
            let vendoring = try await client.send(Endpoints.commit(owner: owner, repo: project.path, sha: sha))
            XCTAssertEqual(vendoring.sha, sha)
            XCTAssertEqual(vendoring.message, real.message)
            XCTAssertEqual(vendoring.files.count, 20_000)
            XCTAssertEqual(vendoring.files.last?.filename, "vendor/dep199/src/file19999.c")
            XCTAssertEqual(vendoring.stats?.additions, 40_000)
            XCTAssertTrue(vendoring.files[0].patch?.hasPrefix("@@ -0,0 +1,2 @@\n+") ?? false)
            do {
                _ = try await client.send(Endpoints.commit(owner: owner, repo: project.path, sha: String(repeating: "0", count: 40)))
                XCTFail("an unknown sha answered")
            } catch GiteeError.notFound {}

            let refused = try await Self.post(Fake.server.baseURL, "files=-1")
            XCTAssertTrue(refused.contains("files must be"), refused)
            _ = try await Self.post(Fake.server.baseURL, "files=0")
            XCTAssertNil(Fake.server.hostileCommitFiles)
            let back = try await client.send(Endpoints.commit(owner: owner, repo: project.path, sha: sha))
            XCTAssertEqual(back.files, real.files)
        }
    }

    @MainActor
    private static func post(_ base: String, _ form: String) async throws -> String {
        let transport = SoupTransport(configuration: GiteeConfiguration(server: base, appVersion: "test"))
        let request = HTTPRequest(method: "POST", url: base + "/__fake/hostile-commit", body: Data(form.utf8),
                                  contentType: "application/x-www-form-urlencoded")
        let response = try await transport.send(request, progress: nil)
        return String(decoding: response.body, as: UTF8.self)
    }
}
