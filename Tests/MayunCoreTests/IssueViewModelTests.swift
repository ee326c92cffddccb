import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private let repo = RepositoryID(owner: "kit101", name: "drone-yml-test")
private let createPath = "/api/v5/repos/kit101/issues"

@MainActor
private func makeDrafts() -> DraftStore {
    DraftStore(directory: FileManager.default.temporaryDirectory
        .appendingPathComponent("mayun-drafts-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"))
}

@MainActor
private func makeCoordinator(_ transport: StubTransport, drafts: DraftStore) -> Coordinator {
    let services = AppServices(client: GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9"),
                                                   transport: transport), drafts: drafts)
    services.client.auth.use(.personalToken("token"))
    return Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                       preferences: InMemoryPreferences(), services: services)
}

private func sample(_ name: String) throws -> Data {
    try Data(contentsOf: repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/gitee/samples/\(name)"))
}

final class IssueViewModelTests: XCTestCase {
    func testDraftIsSavedAsYouTypeAndSurvivesARestart() {
        onMain {
            let drafts = makeDrafts()
            let coordinator = makeCoordinator(StubTransport(), drafts: drafts)
            coordinator.push(.createIssue(repo))
            guard let form = coordinator.top?.model as? CreateIssueViewModel else { return XCTFail("no form") }
            XCTAssertFalse(form.canSubmit, "Submit is disabled until the title has text")
            form.setTitle("Crash on start")
            form.setBody("Steps:\n1. open")
            XCTAssertTrue(form.canSubmit)
            XCTAssertEqual(drafts.draft(for: repo).body, "Steps:\n1. open", "read back before its write is on disk")
            runUntilDone("the draft is written") { await drafts.flush() }
            // A "restart": a new store over the same folder, a new form.
            let restarted = DraftStore(directory: drafts.directory)
            let again = CreateIssueViewModel(repo: repo, drafts: restarted, client: coordinator.services.client,
                                             markdown: nil, navigator: nil)
            XCTAssertEqual(again.draft, IssueDraft(title: "Crash on start", body: "Steps:\n1. open"))
        }
    }

    func testFailedSubmitKeepsTheDraftAndSaysWhy() {
        onMain {
            let transport = StubTransport()
            transport.responses[createPath] = HTTPResponse(status: 500, body: Data(#"{"message":"boom"}"#.utf8))
            let drafts = makeDrafts()
            let coordinator = makeCoordinator(transport, drafts: drafts)
            coordinator.push(.createIssue(repo))
            guard let form = coordinator.top?.model as? CreateIssueViewModel else { return XCTFail("no form") }
            form.setTitle("Keep me")
            form.submit()
            XCTAssertTrue(form.isSubmitting)
            XCTAssertFalse(form.canSubmit, "no double submit")
            waitUntil("the failure") { !form.isSubmitting }
            XCTAssertNotNil(form.errorMessage)
            XCTAssertEqual(form.draft.title, "Keep me")
            XCTAssertEqual(coordinator.routes.last, .createIssue(repo), "the form stays open")
            runUntilDone("the draft is written") { await drafts.flush() }
            XCTAssertEqual(DraftStore(directory: drafts.directory).draft(for: repo).title, "Keep me", "on disk")
            XCTAssertEqual(transport.requests.filter { $0.method == "POST" }.count, 1, "a create is never retried")
        }
    }

    /// Gitee's refusal names no field (`{"message": ...}` only: docs/WRITES.md), so its words are shown under the form,
    /// never guessed onto a field from the words.
    func testValidationErrorIsShownUnderTheFormWithTheTextKept() {
        onMain {
            let transport = StubTransport()
            transport.responses[createPath] = HTTPResponse(status: 422, body: Data(#"{"message":"body is too long"}"#.utf8))
            let coordinator = makeCoordinator(transport, drafts: makeDrafts())
            coordinator.push(.createIssue(repo))
            guard let form = coordinator.top?.model as? CreateIssueViewModel else { return XCTFail("no form") }
            form.setTitle("Title")
            form.setBody(String(repeating: "x", count: 10))
            form.submit()
            waitUntil("the answer") { !form.isSubmitting }
            XCTAssertEqual(form.errorMessage, "Could not create the issue: body is too long Your draft is kept.")
            XCTAssertEqual(form.draft.body, String(repeating: "x", count: 10), "the text stays")
            XCTAssertEqual(transport.requests.filter { $0.method == "POST" }.count, 1)
        }
    }

    func testSuccessClearsTheDraftPutsTheIssueFirstAndOpensIt() throws {
        try onMain {
            let transport = StubTransport()
            transport.responses[createPath] = HTTPResponse(status: 201, body: try sample("issue.json"))
            transport.responses["/api/v5/repos/kit101/drone-yml-test/issues"] =
                HTTPResponse(status: 200, body: try sample("issues.json"))
            let drafts = makeDrafts()
            let coordinator = makeCoordinator(transport, drafts: drafts)
            coordinator.push(.issues(repo))
            guard let list = coordinator.top?.model as? IssuesViewModel else { return XCTFail("no list") }
            list.start()
            waitUntil("issues load") { list.issues.state == .content }
            list.newIssue()
            guard let form = coordinator.top?.model as? CreateIssueViewModel else { return XCTFail("no form") }
            form.setTitle("New one")
            form.submit()
            waitUntil("created") { coordinator.top?.route == .issue(repo, number: "I4CD5P") }
            XCTAssertEqual(list.issues.items.first?.number, "I4CD5P", "the new issue is at the top of the list")
            XCTAssertEqual(coordinator.toast?.message, "Issue #I4CD5P created")
            XCTAssertEqual(coordinator.routes, [.issues(repo), .issue(repo, number: "I4CD5P")])
            waitUntil("the draft is cleared") { drafts.draft(for: repo).isEmpty }
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertTrue(DraftStore(directory: drafts.directory).draft(for: repo).isEmpty, "gone from the disk too")
            let post = try XCTUnwrap(transport.requests.first { $0.method == "POST" })
            let sent = String(data: post.body ?? Data(), encoding: .utf8) ?? ""
            XCTAssertTrue(sent.contains("title=New%20one") || sent.contains("title=New+one"), sent)
            XCTAssertTrue(sent.contains("repo=drone-yml-test"), sent)
        }
    }
}
