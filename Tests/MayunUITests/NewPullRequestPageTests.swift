import Foundation
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// The new pull request form from a 360 px phone to a desktop, light and night (the checks and screenshots of
/// `AdaptiveLayoutTests`): branches chosen, the comparison (recorded `samples/compare.json`) summarised and drawn by
/// the diff view, the title filled from its one commit. Screenshots: tests/artifacts/adaptive-new-pull-request-*.png.
final class NewPullRequestPageTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    private static func answers(_ request: HTTPRequest) -> HTTPResponse? {
        let samples = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/gitee/samples")
        let url = request.url
        if url.contains("/drone-yml-test/compare/") {
            return HTTPResponse(status: 200, headers: [:],
                                body: (try? Data(contentsOf: samples.appendingPathComponent("compare.json"))) ?? Data())
        }
        if url.contains("/drone-yml-test/branches") {
            return HTTPResponse(status: 200, headers: ["total_page": "1"], body: Data("""
                [{"name":"master","commit":{"sha":"e3c0ff4d5cef439ea11b30866fb1ed79b420801d"},"protected":false},
                 {"name":"feat-compare","commit":{"sha":"2700445cd84c08546f4d003f8aa54d2099a006b7"},"protected":false}]
                """.utf8))
        }
        return nil
    }

    /// The sample project, as a fork of a project with a long name.
    private static func forkAnswers(_ request: HTTPRequest) -> HTTPResponse? {
        let samples = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/gitee/samples")
        guard request.url.hasSuffix("/repos/kit101/drone-yml-test") || request.url.contains("/repos/kit101/drone-yml-test?"),
              let data = try? Data(contentsOf: samples.appendingPathComponent("repo.json")),
              var project = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        project["fork"] = true
        project["parent"] = ["full_name": "a-rather-long-organisation-name/an-even-longer-repository-name-for-phones",
                             "default_branch": "master"]
        return HTTPResponse(status: 200, headers: [:], body: (try? JSONSerialization.data(withJSONObject: project)) ?? Data())
    }

    func testAForksPageSaysWhereItCameFromOnPhoneAndDesktop() {
        onMain {
            for size in AdaptiveLayoutTests.sizes {
                let fixture = AdaptiveFixture(size: size)
                defer { fixture.close() }
                fixture.transport.extraAnswers = Self.forkAnswers
                fixture.coordinator.push(.project(AdaptiveLayoutTests.project))
                let page = fixture.coordinator.top?.model as? ProjectViewModel
                waitUntil("the fork's source shows") { page?.fork?.forkedFromText != nil }
                waitForFrames(of: fixture.window, count: 2)
                XCTAssertEqual(page?.fork?.forkedFromText,
                               "Forked from a-rather-long-organisation-name/an-even-longer-repository-name-for-phones")
                XCTAssertEqual(page?.fork?.isShown, false, "nobody is logged in: no Fork")
                fixture.checkLayout("fork's project page")
                fixture.screenshots("fork-project")
            }
        }
    }

    func testTheFormFitsPhoneAndDesktop() {
        onMain {
            for size in AdaptiveLayoutTests.sizes {
                let fixture = AdaptiveFixture(size: size)
                defer { fixture.close() }
                fixture.transport.extraAnswers = Self.answers
                fixture.coordinator.push(.newPullRequest(AdaptiveLayoutTests.project, head: nil, branch: nil))
                let form = fixture.coordinator.top?.model as? NewPullRequestViewModel
                waitUntil("the comparison shows") {
                    visibleLabelTexts(in: fixture.window).contains("Commits: 1 · files changed: 1")
                }
                XCTAssertEqual(form?.headBranch, "feat-compare", "a branch other than the base is proposed")
                XCTAssertEqual(form?.baseBranch, "master")
                XCTAssertEqual(form?.titleText, "add feat-compare.txt.", "one commit: its title")
                XCTAssertEqual(form?.diff.files.map(\.path), ["feat-compare.txt"])
                XCTAssertTrue(form?.canSubmit == true)
                fixture.checkLayout("new pull request")
                fixture.screenshots("new-pull-request")
            }
        }
    }
}
