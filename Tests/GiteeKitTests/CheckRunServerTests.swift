import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// The check-run endpoints against FakeGitee: a pull request's head commit's runs, one run, its annotations (on lines
/// its diff shows), the description's filters, and the visibility rules of every repository route.
final class CheckRunServerTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { Fake.reset() }
    }

    func testHeadCommitRunsAndAnnotationsRoundTrip() {
        onMainLoop {
            let client = Fake.client()
            let project = try await PullRequestServerTests.projectWithPullRequests(client, atLeast: 5)
            let (owner, repo) = (project.ownerPath, project.repoPath)
            let pulls = try await client.page(Endpoints.pullRequests(owner: owner, repo: repo, state: .all, perPage: 100)).items
            let failing = try XCTUnwrap(pulls.first { $0.number % 4 == 1 })
            let head = try XCTUnwrap(failing.head.sha)
            let runs = try await client.send(Endpoints.checkRuns(owner: owner, repo: repo, ref: head)).runs
            XCTAssertEqual(runs.map(\.name), ["build", "lint", "test"])
            XCTAssertEqual(runs.map(\.status), [.completed, .completed, .inProgress])
            XCTAssertEqual(runs.map(\.conclusion), [.success, .failure, nil])
            XCTAssertTrue(runs.allSatisfy { $0.headSHA == head })
            XCTAssertEqual(runs[1].output?.summary, "The linter found 2 problems.")

            let lint = try await client.send(Endpoints.checkRun(owner: owner, repo: repo, id: runs[1].id))
            XCTAssertEqual(lint, runs[1])
            let notes = try await client.send(Endpoints.checkAnnotations(owner: owner, repo: repo, id: lint.id)).annotations
            XCTAssertEqual(notes.map(\.level), [.failure, .warning])
            // Both on new-side lines of a file the pull request's diff shows.
            let files = try await client.send(Endpoints.pullRequestFiles(owner: owner, repo: repo, number: failing.number))
            let file = try XCTUnwrap(files.first { $0.filename == notes[0].path })
            let lines = Set(DiffLines.newLineNumbers(in: file.patch ?? ""))
            XCTAssertTrue(notes.allSatisfy { lines.contains($0.startLine) }, "\(notes.map(\.startLine)) not in \(lines.sorted())")

            // Each kind of pull request: passing, pending, none.
            let kinds: [(Int, [String])] = [(2, ["build"]), (3, ["build", "test"]), (0, [])]
            for (remainder, names) in kinds {
                guard let pull = pulls.first(where: { $0.number % 4 == remainder }) else { continue }
                let runs = try await client.send(Endpoints.checkRuns(owner: owner, repo: repo, ref: pull.head.sha ?? "")).runs
                XCTAssertEqual(runs.map(\.name), names, "!\(pull.number)")
            }
            // The description's filters and enums.
            var inProgress = Endpoints.checkRuns(owner: owner, repo: repo, ref: head)
            inProgress.query.append(QueryItem("status", "in_progress"))
            let running = try await client.send(inProgress).runs
            XCTAssertEqual(running.map(\.name), ["test"])
            inProgress.query = [QueryItem("filter", "newest")]
            await assertThrows(.validation("filter does not have a valid value")) { try await client.send(inProgress) }
            await assertThrows(.notFound("404 Check Run Not Found")) {
                try await client.send(Endpoints.checkRun(owner: owner, repo: repo, id: 1))
            }
        }
    }

    /// A private project's checks are hidden from strangers like the rest of it, and shown to its owner.
    func testPrivateProjectsChecksAreHiddenFromStrangers() {
        onMainLoop {
            let endpoint = Endpoints.checkRuns(owner: "mayun-demo", repo: "private-notes", ref: "master")
            await assertThrows(.notFound("404 Project Not Found")) { try await Fake.client().send(endpoint) }
            let owner = Fake.client(credential: Fake.demoToken)
            let runs = try await owner.send(endpoint).runs
            XCTAssertEqual(runs, [], "no pull request's head: no runs, but an answer")
        }
    }
}

/// The new side's line numbers of a unified diff (context and added lines), read independently of the app's parser.
enum DiffLines {
    static func newLineNumbers(in patch: String) -> [Int] {
        var numbers: [Int] = []
        var next = 0
        for line in patch.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("@@") {
                let plus = line.split(separator: " ").first { $0.hasPrefix("+") } ?? "+0"
                next = Int(plus.dropFirst().split(separator: ",").first ?? "0") ?? 0
            } else if line.hasPrefix("+") || line.hasPrefix(" ") {
                numbers.append(next)
                next += 1
            }
        }
        return numbers
    }
}
