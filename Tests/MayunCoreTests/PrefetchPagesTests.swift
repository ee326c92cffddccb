import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Issue 41: the issue or pull request under the pointer is asked early, everything its page asks first at once;
/// the page opened from that row takes those answers (joining them while they are still on their way) instead of
/// asking again; a row left before it was opened has its requests cancelled, and its page then asks for itself.
/// Requests are held by a `GatedTransport`, so what is in flight is seen, not timed; the dwell is a wait the test
/// passes (immediate).
final class PrefetchPagesTests: XCTestCase {
    @MainActor private static func issueList(_ app: IssueFixture.App) throws -> (IssuesViewModel, Prefetcher) {
        let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
        app.coordinator.push(.issues(repo))
        let list = try XCTUnwrap(app.coordinator.top?.model as? IssuesViewModel)
        let prefetcher = Prefetcher(cached: app.services.cached, wait: { _ in })
        list.prefetcher = prefetcher
        list.start()
        waitUntil("the issues") { !list.issues.items.isEmpty }
        return (list, prefetcher)
    }

    /// The first issue row under the pointer, its issue and comments asked and held on their way.
    @MainActor private static func restingOnFirstRow(_ app: IssueFixture.App, _ gate: GatedTransport) throws
        -> (list: IssuesViewModel, prefetcher: Prefetcher, number: String, own: String) {
        let (list, prefetcher) = try issueList(app)
        let number = list.issues.items[0].number
        let own = "/api/v5/repos/\(list.repo.owner)/\(list.repo.name)/issues/\(number)"
        gate.holding = true
        list.interest(at: 0)
        waitUntil("the issue and its comments asked together, both still on their way") {
            Set(["GET \(own)", "GET \(own)/comments"]).isSubset(of: Set(gate.inFlight))
        }
        return (list, prefetcher, number, own)
    }

    func testTheIssuePageTakesTheAnswersAskedWhileThePointerRestedOnItsRow() throws {
        try onMain {
            let (app, gate) = PageRequestsTogetherTests.gatedApp()
            let (list, prefetcher, number, own) = try Self.restingOnFirstRow(app, gate)

            // The click: the page opens, then the pointer leaves the list the page replaced.
            list.activate(at: 0)
            list.interest(at: nil)
            let page = try XCTUnwrap(app.coordinator.top?.model as? IssueViewModel)
            page.start()
            gate.releaseAll()
            waitUntil("the page with its issue and comments") { page.issue != nil && !page.comments.items.isEmpty }
            XCTAssertEqual(page.issue?.number, number)
            XCTAssertEqual(gate.asked.filter { $0 == "GET \(own)" }.count, 1, "the page took the issue asked early")
            XCTAssertEqual(gate.asked.filter { $0 == "GET \(own)/comments" }.count, 1, "and its comments")
            XCTAssertEqual(app.client.prefetched.count, 0, "each answer is taken once")
            waitUntil("the prefetch's own reading of the answers") { !prefetcher.completed.isEmpty }
            XCTAssertEqual(prefetcher.completed, [.issue(list.repo, number: number)])
        }
    }

    func testARowLeftBeforeItWasOpenedHasItsRequestsCancelledAndThePageAsksForItself() throws {
        try onMain {
            let (app, gate) = PageRequestsTogetherTests.gatedApp()
            let (list, prefetcher, number, own) = try Self.restingOnFirstRow(app, gate)
            list.interest(at: nil)

            list.activate(at: 0)
            let page = try XCTUnwrap(app.coordinator.top?.model as? IssueViewModel)
            page.start()
            waitUntil("the page's own request") { gate.asked.filter { $0 == "GET \(own)" }.count == 2 }
            gate.releaseAll()
            waitUntil("the page") { page.issue != nil }
            XCTAssertEqual(page.issue?.number, number)
            XCTAssertEqual(prefetcher.completed, [], "a cancelled prefetch is not counted as done")
            waitUntil("the cancelled prefetch forgotten") { app.client.prefetched.count == 0 }
        }
    }

    func testAWriteAfterThePrefetchMakesThePageAskAgain() throws {
        try onMain {
            let (app, gate) = PageRequestsTogetherTests.gatedApp()
            let (list, prefetcher, number, own) = try Self.restingOnFirstRow(app, gate)
            gate.releaseAll()
            waitUntil("the prefetch answered") { !prefetcher.completed.isEmpty }
            // Any write (here a comment on another issue) may change what was asked: the kept answers go.
            let other = try XCTUnwrap(list.issues.items.last?.number)
            runUntilDone("a write") {
                _ = try? await app.client.send(Endpoints.commentOnIssue(owner: list.repo.owner, repo: list.repo.name,
                                                                        number: other, body: "meanwhile"))
            }
            list.activate(at: 0)
            let page = try XCTUnwrap(app.coordinator.top?.model as? IssueViewModel)
            page.start()
            waitUntil("the page") { page.issue != nil && !page.comments.items.isEmpty }
            XCTAssertEqual(gate.asked.filter { $0 == "GET \(own)" }.count, 2, "the page asked afresh")
            XCTAssertEqual(page.issue?.number, number)
        }
    }

    func testThePullRequestPageTakesItsFourFirstAnswersFromThePrefetch() throws {
        try onMain {
            let (app, gate) = PageRequestsTogetherTests.gatedApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "merged", client: app.client)
            let prefetcher = Prefetcher(cached: app.services.cached, wait: { _ in })
            let own = "/api/v5/repos/\(repo.owner)/\(repo.name)/pulls/\(pull.number)"
            let first = ["GET \(own)", "GET \(own)/commits", "GET \(own)/files", "GET \(own)/comments"]
            gate.holding = true
            prefetcher.interest(in: .pullRequest(repo, number: pull.number))
            waitUntil("the pull request, its commits, files and comments asked together") {
                Set(first).isSubset(of: Set(gate.inFlight))
            }
            prefetcher.opening()
            prefetcher.interest(in: nil)
            app.coordinator.push(.pullRequest(repo, number: pull.number))
            let page = try XCTUnwrap(app.coordinator.top?.model as? PullRequestViewModel)
            page.start()
            gate.releaseAll()
            waitUntil("the page") { page.pullRequest != nil && page.commitList.value != nil && page.fileList.value != nil }
            for request in first {
                XCTAssertEqual(gate.asked.filter { $0 == request }.count, 1, "\(request) asked once")
            }
        }
    }

    func testKeptAnswersAreTakenOnceByTheSameAccountWithinHalfAMinuteAndAtMostEight() throws {
        try onMain {
            var clock = Date(timeIntervalSince1970: 1_000_000)
            let answers = PrefetchedAnswers(now: { clock })
            let answered = { Task<HTTPResponse, Error> { HTTPResponse(status: 200) } }
            _ = answers.keep(answered(), key: "token a", account: 1)
            XCTAssertNil(answers.take(key: "token a", account: 2), "another account's answer is not taken")
            XCTAssertNotNil(answers.take(key: "token a", account: 1))
            XCTAssertNil(answers.take(key: "token a", account: 1), "an answer is taken once")

            _ = answers.keep(answered(), key: "token b", account: 1)
            clock += PrefetchedAnswers.keptFor
            XCTAssertNil(answers.take(key: "token b", account: 1), "an answer half a minute old is asked afresh")

            for index in 0..<(PrefetchedAnswers.limit + 3) {
                _ = answers.keep(answered(), key: "token \(index)", account: 1)
                clock += 1
            }
            XCTAssertEqual(answers.count, PrefetchedAnswers.limit)
            XCTAssertNil(answers.take(key: "token 0", account: 1), "the oldest went first")
            let newest = try XCTUnwrap(answers.take(key: "token \(PrefetchedAnswers.limit + 2)", account: 1))
            XCTAssertFalse(newest.drop(), "a taken answer is not dropped by its prefetch's cancellation")

            let cancelled = answers.keep(answered(), key: "token c", account: 1)
            XCTAssertTrue(cancelled.drop())
            XCTAssertNil(answers.take(key: "token c", account: 1), "a cancelled prefetch is never taken")
        }
    }
}
