import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Labels on issues: chips in the label's own colour with readable text, members adding and removing labels through
/// the update call (rolled back when refused), the list narrowed to one label, and FakeGitee as strict as the site.
final class IssueLabelTests: XCTestCase {
    // MARK: Chips

    func testAChipTakesOnlyAValidHexColourFromOutside() {
        XCTAssertEqual(LabelChip(name: "bug", color: "D73A4A").background, "#d73a4a")
        XCTAssertEqual(LabelChip(name: "bug", color: "#b5cc18").background, "#b5cc18")
        XCTAssertEqual(LabelChip(name: "bug", color: "f0a").background, "#ff00aa", "three digits are widened")
        for junk in [nil, "", "red", "12345", "1234567", "gggggg", "fff; background-image: url(x)", "#", "٣٣٣٣٣٣"] {
            XCTAssertEqual(LabelChip(name: "x", color: junk).background, LabelChip.fallbackBackground, String(describing: junk))
        }
        XCTAssertEqual(LabelChip(name: String(repeating: "长", count: 500), color: nil).name.count, 40, "a name is capped")
    }

    func testTheTextColourContrastsWithTheChip() {
        XCTAssertEqual(LabelChip(name: "a", color: "ffffff").foreground, LabelChip.darkText)
        XCTAssertEqual(LabelChip(name: "a", color: "a2eeef").foreground, LabelChip.darkText, "light cyan: dark text")
        XCTAssertEqual(LabelChip(name: "a", color: "b5cc18").foreground, LabelChip.darkText, "the recorded sample's")
        XCTAssertEqual(LabelChip(name: "a", color: "000000").foreground, LabelChip.lightText)
        XCTAssertEqual(LabelChip(name: "a", color: "0075ca").foreground, LabelChip.lightText, "dark blue: white text")
        XCTAssertEqual(LabelChip(name: "a", color: "7057ff").foreground, LabelChip.lightText)
        XCTAssertEqual(LabelChip.contrast("#000000", "#ffffff"), 21, accuracy: 0.01)
        // Whatever the colour, the chosen text is the better of the two and at least WCAG's large-text 3:1.
        for red in stride(from: 0, through: 255, by: 51) {
            for green in stride(from: 0, through: 255, by: 51) {
                for blue in stride(from: 0, through: 255, by: 51) {
                    let chip = LabelChip(name: "a", color: String(format: "%02x%02x%02x", red, green, blue))
                    let other = chip.foreground == LabelChip.darkText ? LabelChip.lightText : LabelChip.darkText
                    let chosen = LabelChip.contrast(chip.background, chip.foreground)
                    XCTAssertGreaterThanOrEqual(chosen, LabelChip.contrast(chip.background, other), chip.background)
                    XCTAssertGreaterThanOrEqual(chosen, 3, chip.background)
                }
            }
        }
    }

    // MARK: A member labels an issue; the list filters by label

    func testALabelWhoseAnswerIsLostIsSettledByTheIssueAndSentOnce() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the labels for a member") { issue.canEditLabels }
            let name = try XCTUnwrap(issue.labelChoices.first { !$0.isOn }?.chip.name)
            IssueFixture.server.clearLog()
            IssueFixture.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/issues/*", method: "PATCH", count: 1))
            issue.setLabel(name, on: true)
            waitUntil("the PATCH settles") { !issue.writes.isWriting }
            XCTAssertTrue(issue.labels.contains(name), "the server has it: it stays shown")
            XCTAssertNil(app.coordinator.toast, "no error over a change that happened")
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "PATCH" }.map(\.status), [502], "sent once")
        }
    }

    func testAMemberAddsALabelAndTheListFiltersByIt() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the labels for a member") { issue.canEditLabels }
            let name = try XCTUnwrap(issue.labelChoices.first { !$0.isOn }?.chip.name)
            let before = issue.labels
            issue.setLabel(name, on: true)
            XCTAssertEqual(issue.labels, before + [name], "shown at once")
            XCTAssertTrue(issue.labelChoices.contains { $0.chip.name == name && $0.isOn })
            waitUntil("the PATCH settles") { !issue.writes.isWriting }
            let patch = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "PATCH" })
            XCTAssertEqual(patch.path, "/api/v5/repos/\(repo.owner)/issues/\(issue.number)")
            XCTAssertEqual(patch.fields["repo"], repo.name)
            XCTAssertEqual(patch.fields["labels"], (before + [name]).joined(separator: ","))
            XCTAssertEqual(patch.status, 200)
            XCTAssertTrue(issue.labels.contains(name), "the server's answer carries it")
            let chip = try XCTUnwrap(issue.labelChips.first { $0.name == name })
            XCTAssertEqual(chip.background, LabelChip.validHex(FakeLabels.all.first { $0.name == name }?.color))

            app.coordinator.push(.issues(repo))
            let list = try XCTUnwrap(app.coordinator.top?.model as? IssuesViewModel)
            list.start()
            waitUntil("the list and its labels") { list.issues.state == .content && list.labelOptions.count > 1 }
            XCTAssertEqual(list.labelOptions.first?.label, nil, "Any label first")
            XCTAssertTrue(list.labelOptions.contains { $0.label == name })
            list.selectLabel(name)
            waitUntil("the labelled list") { list.issues.state == .content }
            XCTAssertTrue(list.issues.items.contains { $0.number == issue.number })
            XCTAssertTrue(list.issues.items.allSatisfy { $0.labels.contains { $0.name == name } })
            let get = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "GET" && $0.path.hasSuffix("/issues") })
            XCTAssertEqual(get.fields["labels"], name)
            let row = try XCTUnwrap(list.row(at: list.issues.items.firstIndex { $0.number == issue.number } ?? 0))
            XCTAssertTrue(row.chips.contains { $0.name == name }, "rows carry chips")

            // Removing it takes the issue out of the labelled list below.
            issue.setLabel(name, on: false)
            waitUntil("the removal settles") { !issue.writes.isWriting }
            XCTAssertFalse(issue.labels.contains(name))
            XCTAssertFalse(list.issues.items.contains { $0.number == issue.number })
        }
    }

    func testARefusedLabelChangeIsPutBackWithTheReason() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the labels for a member") { issue.canEditLabels }
            let name = try XCTUnwrap(issue.labelChoices.first { !$0.isOn }?.chip.name)
            let before = issue.labels
            IssueFixture.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/issues/*", method: "PATCH",
                                               status: 500, count: 1))
            issue.setLabel(name, on: true)
            XCTAssertTrue(issue.labels.contains(name))
            waitUntil("the rollback") { !issue.writes.isWriting }
            XCTAssertEqual(issue.labels, before)
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Could not change the labels:"), true)
        }
    }

    /// The last label goes with the description's `DELETE .../issues/{number}/labels`, not an empty `labels` in the
    /// update (which the description does not say clears anything), and the issue is read back. A server that
    /// answers 204 but keeps the labels is caught by that read: the label comes back on the page with the reason.
    func testRemovingTheLastLabelUsesTheDeleteCallAndIsCheckedByReadingBack() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the labels for a member") { issue.canEditLabels }
            XCTAssertNil(Self.send(app, Endpoints.setIssueLabels(owner: repo.owner, repo: repo.name, number: issue.number,
                                                                 labels: ["bug"])))
            issue.refresh()
            waitUntil("one label") { issue.labels == ["bug"] && issue.state == .content }

            // A server that ignores the call: 204, labels kept.
            IssueFixture.server.addFault(Fault(kind: .status, path: "/api/v5/repos/*/*/issues/*/labels", method: "DELETE",
                                               status: 204, count: 1))
            issue.setLabel("bug", on: false)
            XCTAssertEqual(issue.labels, [], "shown at once")
            waitUntil("the read-back settles") { !issue.writes.isWriting }
            XCTAssertEqual(issue.labels, ["bug"], "put back: the site kept it")
            XCTAssertEqual(app.coordinator.toast?.message, "Could not change the labels: Gitee kept the labels on the issue.")

            IssueFixture.server.clearLog()
            issue.setLabel("bug", on: false)
            waitUntil("the removal settles") { !issue.writes.isWriting }
            XCTAssertEqual(issue.labels, [])
            let calls = IssueFixture.server.requestLog.map { "\($0.method) \($0.path) \($0.status)" }
            XCTAssertEqual(calls, ["DELETE /api/v5/repos/\(repo.owner)/\(repo.name)/issues/\(issue.number)/labels 204",
                                   "GET /api/v5/repos/\(repo.owner)/\(repo.name)/issues/\(issue.number) 200"])
            XCTAssertFalse(IssueFixture.server.requestLog.contains { $0.fields["labels"] == "" }, "no blank labels sent")
        }
    }

    // MARK: Who may; FakeGitee's rules

    func testSomeoneWhoIsNotAMemberGetsNoLabelControlsAndTheServerRefusesThem() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the permission") { issue.permission != nil }
            XCTAssertFalse(issue.canEditLabels)
            XCTAssertTrue(issue.labelChoices.isEmpty)
            issue.setLabel("bug", on: true)
            XCTAssertFalse(issue.writes.isWriting, "nothing is sent")
            let refusal = Self.send(app, Endpoints.setIssueLabels(owner: repo.owner, repo: repo.name, number: issue.number,
                                                             labels: ["bug"]))
            guard case .forbidden? = refusal else { return XCTFail("expected 403, got \(String(describing: refusal))") }
        }
    }

    func testFakeGiteeRefusesALabelTheProjectDoesNotHave() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            let before = issue.labels
            let refusal = Self.send(app, Endpoints.setIssueLabels(owner: repo.owner, repo: repo.name, number: issue.number,
                                                             labels: ["bug", "no-such-label"]))
            guard case .validation(let message)? = refusal else { return XCTFail("expected 422, got \(String(describing: refusal))") }
            XCTAssertTrue(message.contains("no-such-label"), message)
            var fresh: Issue?
            runUntilDone("the issue") {
                fresh = try? await app.client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: issue.number))
            }
            XCTAssertEqual(fresh?.labels.map(\.name), before, "nothing changed")
            var labels: [Issue.Label] = []
            runUntilDone("the labels") { labels = (try? await app.client.send(Endpoints.labels(owner: repo.owner, repo: repo.name))) ?? [] }
            XCTAssertEqual(labels.map(\.name), FakeLabels.all.map(\.name))
            XCTAssertTrue(labels.allSatisfy { LabelChip.validHex($0.color) != nil })
        }
    }

    /// Issue 39: the description is silent on clearing, so a clearing is checked in the answer: against a site that
    /// ignores an empty `assignee` and refuses `milestone=0`, the page says the change did not take and shows the
    /// issue as it is; against one that takes them, they clear.
    func testClearingTheAssigneeOrMilestoneSaysWhenTheSiteKeptThem() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try IssueFixture.openIssue(app, repo, state: "open")
            waitUntil("the triage lists") { issue.canAssign && issue.canSetMilestone }
            let person = try XCTUnwrap(issue.projectCollaborators.first?.login)
            let milestone = try XCTUnwrap(issue.projectMilestones.first?.number)
            XCTAssertNil(Self.send(app, Endpoints.setIssueAssignee(owner: repo.owner, repo: repo.name, number: issue.number,
                                                                   login: person)))
            XCTAssertNil(Self.send(app, Endpoints.setIssueMilestone(owner: repo.owner, repo: repo.name, number: issue.number,
                                                                    milestone: milestone)))
            issue.refresh()
            waitUntil("assigned, in a milestone") { issue.issue?.assignee?.login == person && issue.issue?.milestone != nil }

            IssueFixture.server.ignoresBlankTriage = true
            defer { IssueFixture.server.ignoresBlankTriage = false }
            issue.setAssignee(nil)
            XCTAssertNil(issue.issue?.assignee, "shown at once")
            waitUntil("the answer") { !issue.writes.isWriting }
            XCTAssertEqual(issue.issue?.assignee?.login, person, "put back: the site kept it")
            XCTAssertEqual(app.coordinator.toast?.message,
                           "Could not change the assignee: Gitee kept the assignee: the change did not take.")
            issue.setMilestone(nil)
            waitUntil("the refusal") { !issue.writes.isWriting }
            XCTAssertEqual(issue.issue?.milestone?.number, milestone)
            XCTAssertEqual(app.coordinator.toast?.message.hasPrefix("Could not change the milestone:"), true)

            IssueFixture.server.ignoresBlankTriage = false
            issue.setAssignee(nil)
            issue.setMilestone(nil)
            waitUntil("both cleared") { !issue.writes.isWriting }
            XCTAssertNil(issue.issue?.assignee)
            XCTAssertNil(issue.issue?.milestone)
        }
    }

    @MainActor private static func send(_ app: IssueFixture.App, _ endpoint: Endpoint<Issue>) -> GiteeError? {
        var refusal: GiteeError?
        runUntilDone("the PATCH") {
            do { _ = try await app.client.send(endpoint) } catch { refusal = error as? GiteeError }
        }
        return refusal
    }
}
