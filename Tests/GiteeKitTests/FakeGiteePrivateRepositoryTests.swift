import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// FakeGitee's private repositories: 404 to strangers and to other users, 200 to their owner with the token, and
/// never named in a public list.
final class FakeGiteePrivateRepositoryTests: XCTestCase {
    func testOnlyTheOwnerSeesAPrivateRepository() {
        onMainLoop {
            Fake.reset()
            let owner = Fake.client(credential: Fake.demoToken)
            let project = try await owner.send(Endpoints.project(owner: "mayun-demo", repo: "private-notes"))
            XCTAssertTrue(project.isPrivate)
            let readme = try await owner.send(Endpoints.readme(owner: "mayun-demo", repo: "private-notes"))
            XCTAssertTrue(readme?.text?.contains(WorldGenerator.privateReadmeMarker) == true)

            let tester = Fake.client()
            try await tester.logIn(username: "tester", password: "secret-pass")
            for client in [Fake.client(), tester] {
                await assertThrows(.notFound("404 Project Not Found")) {
                    try await client.send(Endpoints.project(owner: "mayun-demo", repo: "private-notes"))
                }
                await assertThrows(.notFound("404 Project Not Found")) {
                    try await client.send(Endpoints.folder(owner: "mayun-demo", repo: "private-notes"))
                }
            }
            // The website's raw links are covered by the same rule.
            let raw = try await Fake.client().send(Endpoint<Int>(.get, .root, path: "/mayun-demo/private-notes/raw/master/README.md",
                                                                 valueWhenNotFound: 404) { $0.status })
            XCTAssertEqual(raw, 404)
            let search = try await owner.page(Endpoints.search("private-notes", perPage: 100)).items
            XCTAssertFalse(search.contains { $0.fullName == "mayun-demo/private-notes" }, "no public list names it")
        }
    }
}
