import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private func event(_ json: String) throws -> Event {
    try JSONDecoder().decode(Event.self, from: Data(json.utf8))
}

private let actor = #""actor": {"id": 1, "login": "li", "name": "李雷"}, "repo": {"id": 2, "full_name": "li/app"}"#

final class EventRowTests: XCTestCase {
    func testEveryKnownTypeReadsAsASentence() throws {
        let cases: [(String, String)] = [
            (#"{"id":1,"type":"PushEvent",\#(actor),"payload":{"ref":"refs/heads/main","size":5,"commits":[{"sha":"abcdef123","message":"fix: crash\nmore"},{"sha":"1234567ab","message":"docs"},{"sha":"999","message":"x"}]}}"#,
             "李雷 pushed to main of li/app"),
            (#"{"id":1,"type":"IssueEvent",\#(actor),"payload":{"action":"closed","issue":{"number":"I1","title":"Bug"}}}"#,
             "李雷 closed issue #I1 in li/app"),
            (#"{"id":1,"type":"IssueCommentEvent",\#(actor),"payload":{"issue":{"number":"I2"},"comment":{"body":"+1"}}}"#,
             "李雷 commented on issue #I2 in li/app"),
            (#"{"id":1,"type":"PullRequestEvent",\#(actor),"payload":{"action":"merged"}}"#, "李雷 merged a pull request in li/app"),
            (#"{"id":1,"type":"ForkEvent",\#(actor),"payload":{"forkee":{"full_name":"han/app"}}}"#, "李雷 forked li/app to han/app"),
            (#"{"id":1,"type":"StarEvent",\#(actor),"payload":{}}"#, "李雷 starred li/app"),
            (#"{"id":1,"type":"WatchEvent",\#(actor),"payload":{}}"#, "李雷 started watching li/app"),
            (#"{"id":1,"type":"CreateEvent",\#(actor),"payload":{}}"#, "李雷 created li/app"),
            (#"{"id":1,"type":"MemberEvent",\#(actor),"payload":{}}"#, "李雷 joined li/app"),
            (#"{"id":1,"type":"SomethingNewEvent",\#(actor),"payload":{"weird":[1,2]}}"#, "李雷 did something in li/app"),
        ]
        for (json, sentence) in cases {
            XCTAssertEqual(EventRow(event: try event(json)).sentence, sentence)
        }
    }

    func testPushShowsTheFirstCommitsAndHowManyMore() throws {
        let row = EventRow(event: try event(#"{"id":1,"type":"PushEvent",\#(actor),"payload":{"ref":"refs/heads/main","size":5,"commits":[{"sha":"abcdef123","message":"fix: crash\nbody"},{"sha":"1234567ab","message":"docs"},{"sha":"999","message":"x"}]}}"#))
        XCTAssertEqual(row.details, ["abcdef1  fix: crash", "1234567  docs", "and 3 more commits"])
    }

    func testIssueEventsOpenTheIssueOthersTheProject() throws {
        let issue = try event(#"{"id":1,"type":"IssueEvent",\#(actor),"payload":{"issue":{"number":"I9"}}}"#)
        XCTAssertEqual(issue.destination, .issue(RepositoryID(owner: "li", name: "app"), number: "I9"))
        let star = try event(#"{"id":1,"type":"StarEvent",\#(actor),"payload":{}}"#)
        XCTAssertEqual(star.destination, .project(RepositoryID(owner: "li", name: "app")))
    }

    func testMissingActorAndRepoNeverCrash() throws {
        let row = EventRow(event: try event(#"{"id":1,"type":"StarEvent","payload":null}"#))
        XCTAssertFalse(row.sentence.isEmpty)
    }
}
