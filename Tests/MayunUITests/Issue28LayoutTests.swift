import Foundation
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Issue 28's pages from a 360 px phone to a desktop (the checks and screenshots of `AdaptiveLayoutTests`): tags,
/// a project's stargazers, an organisation, and the people search in Discover. Screenshots go to
/// tests/artifacts/adaptive-{tags,stargazers,organization,search-people}-*.png.
final class Issue28LayoutTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    private static func answers(_ request: HTTPRequest) -> HTTPResponse? {
        let samples = repositoryRoot.deletingLastPathComponent().appendingPathComponent("shared/gitee/samples")
        func file(_ name: String) -> HTTPResponse {
            HTTPResponse(status: 200, headers: ["total_page": "1"],
                         body: (try? Data(contentsOf: samples.appendingPathComponent(name))) ?? Data("[]".utf8))
        }
        let people = HTTPResponse(status: 200, headers: ["total_page": "1"], body: Data("""
            [{"id":1,"login":"alice","name":"Alice Wonderland With A Very Long Display Name Indeed"},
             {"id":2,"login":"zhang","name":"张三"}]
            """.utf8))
        let url = request.url
        if url.contains("/drone-yml-test/tags") { return file("tags.json") }
        if url.contains("/drone-yml-test/stargazers") || url.contains("/search/users") || url.contains("/members") { return people }
        if url.contains("/orgs/kit101-personal/repos") { return file("repos.json") }
        if url.contains("/orgs/kit101-personal") { return file("org.json") }
        return nil
    }

    func testIssue28PagesFitPhoneAndDesktop() {
        onMain {
            for size in AdaptiveLayoutTests.sizes {
                let fixture = AdaptiveFixture(size: size)
                defer { fixture.close() }
                fixture.transport.extraAnswers = Self.answers

                fixture.coordinator.push(.tags(AdaptiveLayoutTests.project))
                waitUntil("the tags arrive") { visibleLabelTexts(in: fixture.window).contains("release-test") }
                fixture.checkLayout("tags")
                fixture.screenshots("tags")

                fixture.coordinator.push(.stargazers(AdaptiveLayoutTests.project))
                waitUntil("the stargazers arrive") { visibleLabelTexts(in: fixture.window).contains("张三") }
                fixture.checkLayout("stargazers")
                fixture.screenshots("stargazers")

                fixture.coordinator.push(.organization(login: "kit101-personal"))
                waitUntil("the organisation's projects arrive") {
                    visibleLabelTexts(in: fixture.window).contains("kit101-personal")
                        && visibleLabelTexts(in: fixture.window).contains { $0.contains("drone-yml-test") }
                }
                fixture.checkLayout("organisation")
                fixture.screenshots("organization")

                fixture.coordinator.select(.discover)
                fixture.coordinator.discoverTab.selectKind(.people)
                fixture.coordinator.discoverTab.search("zhang")
                waitUntil("people found") { visibleLabelTexts(in: fixture.window).contains("张三") }
                XCTAssertTrue(visibleLabelTexts(in: fixture.window).contains(tr("People")), "the kind switch says People")
                fixture.checkLayout("people search")
                fixture.screenshots("search-people")
            }
        }
    }
}
