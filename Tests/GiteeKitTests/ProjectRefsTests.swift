import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Branches and tags: the real recorded answers decode, a saved copy decodes like a fresh one, and FakeGitee pages
/// tags as the spec says (and refuses what the spec does not allow).
final class ProjectRefsTests: XCTestCase {
    func testRecordedTagsAndBranchesDecode() throws {
        let tags = try JSONNodeDecoding.decode([Tag].self, from: try Samples.data("tags.json"))
        XCTAssertEqual(tags.map(\.name), ["release-test", "1.1", "1.0", "1.2"])
        XCTAssertEqual(tags[1].message, "1.1")
        XCTAssertEqual(tags[1].commitSHA, "5e7876efb3468ff679410b82a72f7c002382d41e")
        XCTAssertEqual(tags[1].date?.date, Date(timeIntervalSince1970: 1_616_556_575))
        // The spec's shape: `commit` a string.
        let specShaped = try JSONNodeDecoding.decode(Tag.self, from: Data(#"{"name":"v1","message":"m","commit":"abc1234"}"#.utf8))
        XCTAssertEqual(specShaped.commitSHA, "abc1234")
        XCTAssertNil(specShaped.date)

        let branches = try JSONNodeDecoding.decode([Branch].self, from: try Samples.data("branches.json"))
        XCTAssertEqual(branches.first?.name, "master")
        XCTAssertEqual(branches.first?.commitSHA, "e3c0ff4d5cef439ea11b30866fb1ed79b420801d")
    }

    func testSavedCopiesDecodeLikeFreshAnswers() throws {
        let tags = try JSONNodeDecoding.decode([Tag].self, from: try Samples.data("tags.json"))
        XCTAssertEqual(try JSONNodeDecoding.decode([Tag].self, from: try JSONEncoder().encode(tags)), tags)
        var branches = try JSONNodeDecoding.decode([Branch].self, from: try Samples.data("branches.json"))
        branches[0].isProtected = true
        XCTAssertEqual(try JSONNodeDecoding.decode([Branch].self, from: try JSONEncoder().encode(branches)), branches)
    }

    func testTagsArePagedNewestFirstAndOpenAsARef() {
        onMainLoop {
            let server = Fake.server
            let client = Fake.client()
            let project = try XCTUnwrap(server.world.projects.first { !$0.isEmpty && !$0.isPrivate })
            let owner = server.world.owner(of: project).login
            let first = try await client.page(Endpoints.tags(owner: owner, repo: project.path, perPage: 2))
            XCTAssertEqual(first.items.count, 2)
            let total = try XCTUnwrap(first.totalCount)
            XCTAssertGreaterThanOrEqual(total, 5, "every fifth commit of 25 or more is tagged")
            XCTAssertEqual(first.items.first?.name, "v0.\(total)", "newest first")
            let dates = first.items.compactMap { $0.date?.date }
            XCTAssertEqual(dates.count, 2, "each tag carries its commit's date")
            XCTAssertGreaterThan(dates[0], dates[1])
            let second = try await client.page(Endpoints.tags(owner: owner, repo: project.path, perPage: 2), at: first.next)
            XCTAssertEqual(second.items.first?.name, "v0.\(total - 2)", "page two follows page one")

            // A tag is a ref: the files at it list.
            let files = try await client.send(Endpoints.folder(owner: owner, repo: project.path, ref: "v0.1"))
            XCTAssertFalse(files.isEmpty)

            // The spec's `sort` values only, as the site's parameter checks.
            let bogus = Endpoint<Data>(.get, .v5, path: "/repos/\(owner)/\(project.path)/tags",
                                       query: [QueryItem("sort", "created")]) { $0.body }
            do {
                _ = try await client.send(bogus)
                XCTFail("sort=created is not in the spec")
            } catch GiteeError.validation(let message) {
                XCTAssertEqual(message, "sort does not have a valid value")
            }
        }
    }

    func testBranchesArePagedTwentyAtATime() {
        onMainLoop {
            let server = Fake.server
            let client = Fake.client()
            let project = try XCTUnwrap(server.world.projects.first { !$0.isEmpty && !$0.isPrivate && $0.branches.count > 1 })
            let owner = server.world.owner(of: project).login
            let page = try await client.page(Endpoints.branches(owner: owner, repo: project.path, perPage: 1))
            XCTAssertEqual(page.items.map(\.name), [project.branches[0]])
            XCTAssertEqual(page.totalCount, project.branches.count)
            XCTAssertNotNil(page.next)
        }
    }
}
