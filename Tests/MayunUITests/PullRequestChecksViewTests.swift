import CGtk
import FakeGitee
import Foundation
import GLibRuntime
@testable import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Checks on a real pull request page against FakeGitee: the Checks section says the overall state and each check in
/// words (an icon beside, never colour alone), lists the annotations, and a failed check's annotation is drawn under
/// its line in Files changed.
final class PullRequestChecksViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testChecksSectionAndAnAnnotationUnderItsLine() throws {
        try onMain {
            let server = try LinePullPage.server()
            let (coordinator, repo, number) = try Self.openFailingPull(server)
            coordinator.push(.pullRequest(repo, number: number))
            let page = try XCTUnwrap(PageFactory(images: testImages()).makePage(for: coordinator.top!) as? PullRequestPage)
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            gtk_window_set_default_size(typed(window), 900, 800)
            gtk_window_set_child(typed(window), page.root)
            gtk_window_present(typed(window))
            let model = page.viewModel
            waitUntil("the checks and their annotations") { !model.checkAnchors.isEmpty }

            let section = page.checks.root.widget
            XCTAssertEqual(page.checks.headingText, "Some checks failed")
            waitUntil("the section is drawn with the annotations") {
                page.checks.noteLines.count == 2 && visibleLabelTexts(in: section).contains("Some checks failed")
            }
            let texts = visibleLabelTexts(in: section)
            for word in ["build", "lint", "test", "Succeeded", "Failed", "In progress"] {
                XCTAssertTrue(texts.contains(word), "\(word) is written, not only coloured: \(texts)")
            }
            XCTAssertEqual(page.checks.rowNames.count, 3)
            let lint = try XCTUnwrap(page.checks.rowNames.dropFirst().first)
            XCTAssertTrue(lint.hasPrefix("lint: Failed."), lint)
            let firstNote = try XCTUnwrap(page.checks.noteLines.first)
            XCTAssertTrue(firstNote.hasPrefix("Failure: "), firstNote)
            XCTAssertTrue(texts.contains(firstNote), "the annotation is listed as file:line: message")

            // Files changed: the failure's note is in the row right under its line.
            page.showFiles()
            let (anchor, notes) = try XCTUnwrap(model.checkAnchors.first { $0.value.contains { $0.level == .failure } })
            let line = try XCTUnwrap(model.diff.row(of: anchor))
            XCTAssertEqual(model.diff.rows[line + 1], .thread(anchor))
            let expected = "Failure: \(notes[0].message)"
            waitUntil("the note is drawn under its line") {
                descendants(of: page.diff.listWidget).contains { widget in
                    gtk_widget_has_css_class(widget, "check-note") != 0 && gtk_widget_get_mapped(widget) != 0
                        && visibleLabelTexts(in: widget).contains(expected)
                }
            }
            XCTAssertTrue(expected.contains("never used"), expected)
            page.viewModel.cancel()
        }
    }

    /// A pull request of the shared FakeGitee whose head has a failed check (number % 4 == 1, docs/FAKE-GITEE.md).
    @MainActor static func openFailingPull(_ server: FakeGiteeServer) throws -> (Coordinator, RepositoryID, Int) {
        let client = GiteeClient(configuration: GiteeConfiguration(server: server.baseURL, appVersion: "test", retry: .none))
        let session = Session(client: client, store: nil, environment: [:])
        let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                      services: AppServices(client: client, session: session))
        for project in server.world.projects where !project.isEmpty && !project.isPrivate {
            let repo = RepositoryID(owner: server.world.owner(of: project).login, name: project.path)
            var pulls: [PullRequest] = []
            LinePullPage.finish("the pull requests") {
                pulls = (try? await client.page(Endpoints.pullRequests(owner: repo.owner, repo: repo.name, state: .all,
                                                                       perPage: 100)).items) ?? []
            }
            if let pull = pulls.first(where: { $0.number % 4 == 1 }) { return (coordinator, repo, pull.number) }
        }
        XCTFail("no pull request with a failed check")
        throw LinePullPage.NoPullRequest()
    }
}
