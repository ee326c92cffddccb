import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// @mention completion (the token rule, filtering, keys, insertion; collaborators read once per project), a new
/// issue's labels / assignee / milestone for members, and searching a project's issues through /search/issues.
final class IssueMentionSearchTests: XCTestCase {
    func testTheMentionBeingTypedIsFoundOnlyAfterAnAtThatStartsAWord() {
        XCTAssertEqual(MentionToken.find(in: "hi @ma", cursor: 6), MentionToken(start: 3, end: 6, query: "ma"))
        XCTAssertEqual(MentionToken.find(in: "@", cursor: 1), MentionToken(start: 0, end: 1, query: ""))
        XCTAssertEqual(MentionToken.find(in: "(@ma) x", cursor: 4)?.query, "ma")
        XCTAssertNil(MentionToken.find(in: "mail me@host", cursor: 12), "an e-mail address is no mention")
        XCTAssertNil(MentionToken.find(in: "hi @ma x", cursor: 8), "the mention ended at the space")
        XCTAssertNil(MentionToken.find(in: "@@ma", cursor: 4))
        XCTAssertNil(MentionToken.find(in: "abc", cursor: 9), "a cursor past the end is refused, not trapped")
        // Offsets count Unicode scalars, as GtkTextBuffer does: "你好 @z" has the "@" at 3.
        XCTAssertEqual(MentionToken.find(in: "你好 @z", cursor: 5), MentionToken(start: 3, end: 5, query: "z"))
        let replaced = MentionCompletion.apply((3, 5, "@zhang "), to: "你好 @z!")
        XCTAssertEqual(replaced.text, "你好 @zhang !")
        XCTAssertEqual(replaced.cursor, 10)
    }

    func testCompletionFiltersMovesInsertsAndClosesOnEscape() {
        onMain {
            var loads = 0
            let people = [("mayun-demo", "Mayun Demo"), ("zhangsan", "张三"), ("lisi", "Mary Li"), ("wangwu", "")]
                .enumerated().map { User(id: $0.offset + 1, login: $0.element.0, name: $0.element.1) }
            let mentions = MentionCompletion { loads += 1; return people }
            mentions.update(text: "see @", cursor: 5)
            waitUntil("the people arrive") { mentions.isShowing }
            XCTAssertEqual(mentions.candidates.count, 4, "an empty query lists everyone (up to the limit)")
            mentions.update(text: "see @ma", cursor: 7)
            // Login or name beginning with "ma" first: mayun-demo (login), lisi ("Mary Li").
            XCTAssertEqual(mentions.candidates.map(\.login), ["mayun-demo", "lisi"])
            XCTAssertTrue(mentions.moveSelection(by: 1))
            XCTAssertEqual(mentions.selectedIndex, 1)
            mentions.moveSelection(by: 1)
            XCTAssertEqual(mentions.selectedIndex, 0, "Down past the last wraps to the first")
            mentions.moveSelection(by: -1)
            let change = try? XCTUnwrap(mentions.accept())
            XCTAssertEqual(change?.insertion, "@lisi ")
            XCTAssertEqual(change.map { MentionCompletion.apply($0, to: "see @ma") }?.text, "see @lisi ")
            XCTAssertFalse(mentions.isShowing, "accepting closes the list")
            mentions.update(text: "see @lisi ", cursor: 10)
            XCTAssertFalse(mentions.isShowing, "after the space nothing is offered")

            mentions.update(text: "see @lisi @zh", cursor: 13)
            XCTAssertEqual(mentions.candidates.map(\.login), ["zhangsan"])
            XCTAssertTrue(mentions.dismiss())
            XCTAssertFalse(mentions.isShowing)
            mentions.update(text: "see @lisi @zha", cursor: 14)
            XCTAssertFalse(mentions.isShowing, "Escape keeps the list closed while the same mention is typed")
            mentions.update(text: "see @lisi @zha @", cursor: 16)
            XCTAssertTrue(mentions.isShowing, "a new @ offers again")
            XCTAssertNil(MentionCompletion { [] }.accept(), "nothing to accept when nothing is shown")
            XCTAssertEqual(loads, 1, "the people are read once")
        }
    }

    func testTheComposerOffersTheProjectsCollaboratorsReadOncePerProject() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open", "progressing"], client: app.client)
            let before = IssueFixture.server.requestLog.count
            let first = try IssueFixture.openIssue(app, repo, state: "open")
            first.composer.mentions.update(text: "@", cursor: 1)
            waitUntil("collaborators offered") { first.composer.mentions.isShowing }
            XCTAssertTrue(first.composer.mentions.candidates.contains { $0.login == "mayun-demo" })
            first.composer.mentions.update(text: "@mayun-d", cursor: 8)
            XCTAssertEqual(first.composer.mentions.candidates.first?.login, "mayun-demo")
            XCTAssertEqual(first.composer.mentions.accept()?.insertion, "@mayun-demo ")

            let second = try IssueFixture.openIssue(app, repo, state: "progressing")
            second.composer.mentions.update(text: "hello @", cursor: 7)
            waitUntil("the same people, from memory") { second.composer.mentions.isShowing }
            let asked = IssueFixture.server.requestLog.dropFirst(before)
                .filter { $0.method == "GET" && $0.path.hasSuffix("/\(repo.name)/collaborators") }
            XCTAssertEqual(asked.count, 1, "one request for the project, shared by its composers")
            XCTAssertEqual(asked.first?.login, "mayun-demo", "asked with the token, as the site requires")

            // Nobody logged in: the endpoint wants a token, so nothing is asked and nothing offered.
            let anonymous = IssueFixture.makeApp(loggedIn: false)
            let directory = anonymous.services.collaborators
            var found: [User] = [User(id: 1, login: "x", name: "x")]
            runUntilDone("logged out") { found = await directory.collaborators(of: repo) }
            XCTAssertEqual(found, [])
        }
    }

    func testAMemberCreatesAnIssueWithLabelsAssigneeAndMilestone() throws {
        try onMain {
            let folder = IssueFixture.makeDrafts()
            defer { try? FileManager.default.removeItem(at: folder) }
            let drafts = DraftStore(directory: folder)
            let app = IssueFixture.makeApp(drafts: drafts)
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            app.coordinator.push(.createIssue(repo))
            let form = try XCTUnwrap(app.coordinator.top?.model as? CreateIssueViewModel)
            form.loadTriage()
            waitUntil("a member's fields") {
                !form.labelChoices.isEmpty && !form.assigneeChoices.isEmpty && !form.milestoneChoices.isEmpty
            }
            form.setTitle("Mentions in the composer")
            form.setLabel("bug", on: true)
            form.setLabel("feature", on: true)
            form.setLabel("no such label", on: true)
            XCTAssertEqual(form.draft.labels, ["bug", "feature"], "only the project's labels")
            XCTAssertEqual(form.chosenLabelChips.map(\.name), ["bug", "feature"])
            form.setAssignee("mayun-demo")
            let milestone = try XCTUnwrap(form.milestoneChoices.last?.number)
            form.setMilestone(milestone)
            runUntilDone("the draft is written") { await drafts.flush() }
            let kept = DraftStore(directory: folder).draft(for: repo)
            XCTAssertEqual(kept.labels, ["bug", "feature"], "the choices are part of the draft")
            XCTAssertEqual(kept.assignee, "mayun-demo")
            XCTAssertEqual(kept.milestone, milestone)

            form.submit()
            waitUntil("created") { !form.isSubmitting }
            let post = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.method == "POST" && $0.path.hasSuffix("/issues") })
            XCTAssertEqual(post.status, 201)
            XCTAssertEqual(post.fields["labels"], "bug,feature")
            XCTAssertEqual(post.fields["assignee"], "mayun-demo")
            XCTAssertEqual(post.fields["milestone"], String(milestone))
            let page = try XCTUnwrap(app.coordinator.top?.model as? IssueViewModel, "the new issue replaced the form")
            XCTAssertEqual(page.issue?.labels.map(\.name), ["bug", "feature"])
            XCTAssertEqual(page.issue?.assignee?.login, "mayun-demo")
            XCTAssertEqual(page.issue?.milestone?.number, milestone)
        }
    }

    func testSomeoneElsesProjectShowsNoTriageFieldsAndFakeGiteeRefusesThem() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            app.coordinator.push(.createIssue(repo))
            let form = try XCTUnwrap(app.coordinator.top?.model as? CreateIssueViewModel)
            form.loadTriage()
            waitUntil("the permission is read") { form.permission != nil }
            XCTAssertFalse(form.canTriage)
            XCTAssertTrue(form.labelChoices.isEmpty && form.assigneeChoices.isEmpty && form.milestoneChoices.isEmpty)
            form.setLabel("bug", on: true)
            XCTAssertEqual(form.draft.labels, [])

            var refusal: GiteeError?
            runUntilDone("a non-member sends labels") {
                do {
                    _ = try await app.client.send(Endpoints.createIssue(owner: repo.owner, repo: repo.name, title: "x",
                                                                        body: nil, labels: ["bug"]))
                } catch let error as GiteeError { refusal = error } catch {}
            }
            guard case .forbidden = refusal else { return XCTFail("expected 403, got \(String(describing: refusal))") }
        }
    }

    func testSearchingAProjectsIssuesUsesSearchIssuesWithTheRepoAndTheListsFilters() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open", "closed"], client: app.client)
            app.coordinator.push(.issues(repo))
            let list = try XCTUnwrap(app.coordinator.top?.model as? IssuesViewModel)
            list.start()
            list.selectFilter(.all)
            waitUntil("all issues") { list.issues.state == .content }
            let target = try XCTUnwrap(list.issues.items.first { $0.state == "closed" })
            // Several of its title's words, so the closed issue is among the first page of matches.
            let word = target.title.split(separator: " ").prefix(3).joined(separator: " ")
            XCTAssertFalse(word.isEmpty)
            list.search("  \(word) ")
            XCTAssertEqual(list.searchText, word)
            waitUntil("the search answers") { list.issues.state != .loading && !list.issues.isRefreshing }
            let get = try XCTUnwrap(IssueFixture.server.requestLog.last { $0.path.hasPrefix("/api/v5/search/issues") })
            XCTAssertEqual(get.fields["repo"], "\(repo.owner)/\(repo.name)")
            XCTAssertEqual(get.fields["q"], word)
            XCTAssertNil(get.fields["state"], "All asks for every state")
            XCTAssertTrue(list.issues.items.contains { $0.number == target.number })
            XCTAssertTrue(list.issues.items.allSatisfy { $0.title.localizedCaseInsensitiveContains(word)
                || ($0.body ?? "").localizedCaseInsensitiveContains(word) })

            list.selectFilter(.unfinished)
            waitUntil("unfinished matches") { list.issues.state != .loading && !list.issues.isRefreshing }
            XCTAssertFalse(list.issues.items.contains { $0.number == target.number }, "the closed one is not unfinished")
            let states = IssueFixture.server.requestLog.suffix(3).filter { $0.path.hasPrefix("/api/v5/search/issues") }
                .compactMap { $0.fields["state"] }
            XCTAssertTrue(states.contains("progressing") || states.contains("open"), "\(states)")

            list.search("")
            waitUntil("the plain list again") { list.issues.state != .loading && !list.issues.isRefreshing }
            let plain = try XCTUnwrap(IssueFixture.server.requestLog.last)
            XCTAssertTrue(plain.path.hasSuffix("/\(repo.name)/issues"), plain.path)
            XCTAssertEqual(IssueStatus.open.name, "Open", "untranslated, the state reads as in English")
        }
    }
}
