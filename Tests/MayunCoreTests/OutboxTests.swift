import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// The outbox (docs/WRITES.md, "The outbox"): a write that cannot reach the server waits on disk, survives a restart,
/// is settled before it is sent and sent once, and a conflicting change is left for the person to decide.
final class OutboxTests: XCTestCase {
    @MainActor struct App {
        let coordinator: Coordinator
        let services: AppServices
        let transport: UnpluggableTransport
        let outbox: Outbox
        let file: URL
        var client: GiteeClient { services.client }
    }

    /// `attached`: the app's own outbox, drained when the server answers; else one the test drains by hand.
    @MainActor static func makeApp(drafts: DraftStore? = nil, attached: Bool = true, store: OfflineStore? = nil) -> App {
        IssueFixture.server.clearFaults()
        let configuration = GiteeConfiguration(server: IssueFixture.server.baseURL, appVersion: "test", retry: .none)
        let transport = UnpluggableTransport(configuration: configuration)
        let client = GiteeClient(configuration: configuration, transport: transport)
        let session = Session(client: client, store: nil, environment: [:])
        let services = AppServices(client: client, store: store, session: session, drafts: drafts)
        let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                                      preferences: InMemoryPreferences(), services: services)
        runUntilDone("log in") { try? await session.logIn(personalToken: "mayun-demo-token") }
        let file = Outbox.file(inAccountFolder: FileManager.default.temporaryDirectory
            .appendingPathComponent("mayun-outbox-\(UUID().uuidString)"))
        let outbox = Outbox(file: file)
        if attached { services.outbox = outbox }
        return App(coordinator: coordinator, services: services, transport: transport, outbox: outbox, file: file)
    }

    @MainActor static func open(_ app: App, _ repo: RepositoryID, state: String) throws -> IssueViewModel {
        try IssueFixture.openIssue(IssueFixture.App(coordinator: app.coordinator, services: app.services), repo, state: state)
    }

    @MainActor static func stored(_ text: String, _ repo: RepositoryID, _ number: String, client: GiteeClient) -> Int {
        var stored: [Comment] = []
        runUntilDone("the thread") {
            stored = (try? await client.all(Endpoints.issueComments(owner: repo.owner, repo: repo.name, number: number,
                                                                    perPage: 100))) ?? []
        }
        return stored.filter { $0.body == text }.count
    }

    @MainActor static func posts(to number: String) -> Int {
        IssueFixture.server.requestLog.filter { $0.method == "POST" && $0.path.hasSuffix("/issues/\(number)/comments") }.count
    }

    func testACommentMadeWhileUnreachableWaitsSurvivesARestartAndIsSentOnceWhenTheServerAnswers() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = Self.makeApp(drafts: drafts)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try Self.open(app, repo, state: "open")
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            let text = "Written on a train \(UUID().uuidString)"
            issue.composer.setText(text)
            issue.composer.submit()
            waitUntil("the comment settles") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.payload), [text])
            XCTAssertEqual(app.outbox.entries.first?.kind, .issueComment)
            XCTAssertEqual(app.outbox.entries.first?.status, .waiting)
            let last = issue.comments.items.count - 1
            XCTAssertEqual(issue.comments.items.last?.body, text, "shown in place")
            XCTAssertEqual(issue.waitingText(at: last), "Waiting to send")
            XCTAssertEqual(issue.composer.text, "")
            XCTAssertNil(app.coordinator.toast, "not a failure")
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: repo, issue: issue.number), "",
                           "the draft goes once the text is in the outbox")
            XCTAssertEqual(Self.posts(to: issue.number), 0, "nothing reached the server")

            let restarted = Outbox(file: app.file)
            XCTAssertEqual(restarted.entries.map(\.payload), [text], "the row is on disk")
            XCTAssertEqual(restarted.entries.first?.status, .waiting)

            app.transport.unplugged = false
            issue.refresh()  // any answer from the server starts the drain
            waitUntil("the outbox is sent") { app.outbox.entries.isEmpty && !app.outbox.isDraining }
            XCTAssertEqual(Self.posts(to: issue.number), 1, "sent once")
            XCTAssertEqual(Self.stored(text, repo, issue.number, client: app.client), 1)
            // The shared issue gathers other tests' comments: the new one may be on a later page of the thread.
            waitUntil("the thread shows the server's copy", timeout: 20) {
                if !issue.comments.reachedEnd { issue.comments.loadMore() }
                return issue.comments.items.contains { $0.body == text && $0.id > 0 }
                    && !issue.comments.items.contains { $0.id < 0 }
            }
        }
    }

    /// Found by the end-to-end proof: "Log in to comment" goes back to the issue page made before the login, and the
    /// outbox attached at that first login must reach it (and a pull request page), once.
    func testPagesOpenBeforeTheOutboxIsAttachedTakeItOnce() throws {
        try onMain {
            let app = Self.makeApp(attached: false)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try Self.open(app, repo, state: "open")
            XCTAssertNil(issue.outbox)
            app.coordinator.push(.pullRequest(repo, number: 1))
            guard case .pullRequest(let pull)? = app.coordinator.top?.content else { return XCTFail("a pull request page") }
            XCTAssertFalse(pull.usesOutbox)
            app.services.outbox = app.outbox
            XCTAssertTrue(issue.outbox === app.outbox, "the open issue page takes the outbox")
            XCTAssertTrue(pull.usesOutbox, "the open pull request page takes it")
            app.services.outbox = app.outbox
            XCTAssertTrue(issue.outbox === app.outbox, "attached again: still the one outbox")

            app.coordinator.pop()
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            let text = "Typed before logging in \(UUID().uuidString)"
            issue.composer.setText(text)
            issue.composer.submit()
            waitUntil("the comment settles") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.payload), [text], "it waits instead of failing")
            XCTAssertEqual(issue.waitingText(at: issue.comments.items.count - 1), "Waiting to send")
            app.transport.unplugged = false
            app.services.cancelOutboxRow(app.outbox.entries[0].id)
            XCTAssertTrue(app.outbox.entries.isEmpty)
        }
    }

    func testARowWhoseCommentIsAlreadyThereIsRemovedWithoutAPost() throws {
        try onMain {
            let app = Self.makeApp(attached: false)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try Self.open(app, repo, state: "open")
            let text = "Already there \(UUID().uuidString)"
            app.outbox.enqueue(.issueComment, repo: repo, number: issue.number, payload: text, seen: "0")
            runUntilDone("posted meanwhile") {
                _ = try? await app.client.send(Endpoints.commentOnIssue(owner: repo.owner, repo: repo.name,
                                                                        number: issue.number, body: text))
            }
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(Self.posts(to: issue.number), 0, "settled by asking, never sent")
            XCTAssertEqual(Self.stored(text, repo, issue.number, client: app.client), 1)
        }
    }

    func testARowLeftSendingAtAQuitIsSettledNotResent() throws {
        try onMain {
            let app = Self.makeApp(attached: false)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try Self.open(app, repo, state: "open")
            let landed = "Reached the server before the quit \(UUID().uuidString)"
            let notLanded = "Never left before the quit \(UUID().uuidString)"
            let first = try XCTUnwrap(app.outbox.enqueue(.issueComment, repo: repo, number: issue.number, payload: landed,
                                                         seen: "0"))
            let second = try XCTUnwrap(app.outbox.enqueue(.issueComment, repo: repo, number: issue.number,
                                                          payload: notLanded, seen: "0"))
            app.outbox.setStatus(first.id, .sending)
            app.outbox.setStatus(second.id, .sending)
            runUntilDone("the first request landed") {
                _ = try? await app.client.send(Endpoints.commentOnIssue(owner: repo.owner, repo: repo.name,
                                                                        number: issue.number, body: landed))
            }
            let restarted = Outbox(file: app.file)
            XCTAssertEqual(restarted.entries.map(\.status), [.sending, .sending])
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await restarted.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(restarted.entries.isEmpty)
            let posted = IssueFixture.server.requestLog.filter { $0.method == "POST" }
            XCTAssertEqual(posted.map { $0.fields["body"] }, [Optional(notLanded)], "only the one the server did not have is sent")
            XCTAssertEqual(Self.stored(landed, repo, issue.number, client: app.client), 1)
            XCTAssertEqual(Self.stored(notLanded, repo, issue.number, client: app.client), 1)
        }
    }

    func testACommentWhoseAnswerIsLostWhileDrainingStaysSendingAndIsSettledNotResent() throws {
        try onMain {
            let app = Self.makeApp(attached: false)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try Self.open(app, repo, state: "open")
            let text = "Answer lost on the way back \(UUID().uuidString)"
            app.outbox.enqueue(.issueComment, repo: repo, number: issue.number, payload: text, seen: "0")
            IssueFixture.server.clearLog()
            IssueFixture.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/*/issues/*/comments",
                                               method: "POST", count: 1))
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertEqual(Self.posts(to: issue.number), 1)
            XCTAssertEqual(Outbox(file: app.file).entries.map(\.status), [.sending],
                           "marked on disk before the request; its lost answer proves nothing")
            runUntilDone("drain again") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertTrue(app.outbox.entries.isEmpty, "found on the server by asking")
            XCTAssertEqual(Self.posts(to: issue.number), 1, "never sent twice")
            XCTAssertEqual(Self.stored(text, repo, issue.number, client: app.client), 1)
        }
    }

    func testAStateChangedByAnotherMeanwhileNeedsADecisionAndIsNotOverwritten() throws {
        try onMain {
            let app = Self.makeApp(attached: false)
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try Self.open(app, repo, state: "open")
            app.outbox.enqueue(.issueState, repo: repo, number: issue.number, payload: "closed", seen: "open")
            runUntilDone("someone else starts it") {
                _ = try? await app.client.send(Endpoints.setIssueState(owner: repo.owner, repo: repo.name,
                                                                       number: issue.number, to: .progressing))
            }
            IssueFixture.server.clearLog()
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            XCTAssertEqual(app.outbox.entries.count, 1)
            XCTAssertEqual(app.outbox.entries.first?.needsDecision, true, "\(String(describing: app.outbox.entries.first))")
            XCTAssertTrue(app.outbox.entries.first?.statusText.hasPrefix("Not sent:") ?? false)
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "PATCH" }.count, 0, "never overwritten")
            var now: Issue?
            runUntilDone("the issue") {
                now = try? await app.client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: issue.number))
                _ = try? await app.client.send(Endpoints.setIssueState(owner: repo.owner, repo: repo.name,
                                                                       number: issue.number, to: .open))
            }
            XCTAssertEqual(now?.state, "progressing")
        }
    }

    func testAStateChangeMadeWhileUnreachableWaitsAndIsSentOnce() throws {
        try onMain {
            let app = Self.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: true, with: ["open"], client: app.client)
            let issue = try Self.open(app, repo, state: "open")
            waitUntil("the permission") { issue.canChangeState }
            app.transport.unplugged = true
            issue.move(to: .closed)
            waitUntil("the change settles") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.payload), ["closed"])
            XCTAssertEqual(app.outbox.entries.first?.seen, "open")
            XCTAssertEqual(issue.status, .open, "the page shows what the server has")
            XCTAssertEqual(issue.waitingStateText, "Closed: Waiting to send")
            IssueFixture.server.clearLog()
            app.transport.unplugged = false
            runUntilDone("drain") { await app.services.drainOutbox()?.value }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(IssueFixture.server.requestLog.filter { $0.method == "PATCH" }.count, 1)
            waitUntil("the page reads the issue again") { issue.status == .closed }
            runUntilDone("reopen for the other tests") {
                _ = try? await app.client.send(Endpoints.setIssueState(owner: repo.owner, repo: repo.name,
                                                                       number: issue.number, to: .open))
            }
        }
    }

    func testAPullRequestCommentMadeWhileUnreachableIsSentOnceToItsPullRequest() throws {
        try onMain {
            let app = Self.makeApp()
            let (repo, pull) = try PullFixture.find(ownedByDemo: false, state: "open", client: app.client)
            let page = try PullFixture.open(IssueFixture.App(coordinator: app.coordinator, services: app.services), repo,
                                            pull.number)
            IssueFixture.server.clearLog()
            app.transport.unplugged = true
            let text = "Reviewed offline \(UUID().uuidString)"
            page.composer.setText(text)
            page.composer.submit()
            waitUntil("the comment settles") { !page.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.pullRequestComment])
            XCTAssertEqual(page.waitingText(at: page.comments.items.count - 1), "Waiting to send")
            app.transport.unplugged = false
            runUntilDone("drain") { await app.services.drainOutbox()?.value }
            XCTAssertTrue(app.outbox.entries.isEmpty)
            let posts = IssueFixture.server.requestLog.filter { $0.method == "POST" }
            XCTAssertEqual(posts.map(\.path), ["/api/v5/repos/\(repo.owner)/\(repo.name)/pulls/\(pull.number)/comments"])
            waitUntil("the thread shows the server's copy", timeout: 20) {
                if !page.comments.reachedEnd { page.comments.loadMore() }
                return page.comments.items.contains { $0.body == text && $0.id > 0 }
                    && !page.comments.items.contains { $0.id < 0 }
            }
        }
    }

    func testAReopenedIssueShowsItsWaitingCommentsAtTheEndOfTheThread() throws {
        try onMain {
            let app = Self.makeApp()
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let first = try Self.open(app, repo, state: "open")
            let number = first.number
            app.coordinator.pop()
            app.outbox.isDraining = true  // drains held off: the thread is what is checked first
            let text = "Queued before the page opened \(UUID().uuidString)"
            app.outbox.enqueue(.issueComment, repo: repo, number: number, payload: text, seen: "0")
            app.coordinator.push(.issue(repo, number: number))
            let issue = try XCTUnwrap(app.coordinator.top?.model as? IssueViewModel)
            issue.start()
            waitUntil("the thread with the waiting comment") {
                issue.comments.state == .content && issue.comments.items.last?.body == text
            }
            XCTAssertEqual(issue.waitingText(at: issue.comments.items.count - 1), "Waiting to send")
            XCTAssertEqual(issue.comments.items.filter { $0.body == text }.count, 1)
            app.outbox.isDraining = false
            runUntilDone("drain") { await app.outbox.drain(client: app.client, login: "mayun-demo") }
            waitUntil("the server's copy replaces it") {
                issue.comments.items.contains { $0.body == text && $0.id > 0 } && !issue.comments.items.contains { $0.id < 0 }
            }
        }
    }

    func testTheMinePageListsWhatWaitsAndItsCancelPutsACommentBackInItsDraft() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = Self.makeApp(drafts: drafts, attached: false)
            app.services.outbox = app.outbox
            app.outbox.isDraining = true  // nothing is sent while the page is looked at
            let mine = app.coordinator.mineTab
            XCTAssertNil(mine.waiting?.heading, "nothing waits")
            let repo = RepositoryID(owner: "someone", name: "somewhere")
            let comment = try XCTUnwrap(app.outbox.enqueue(.issueComment, repo: repo, number: "I7", payload: "Kept for later",
                                                           seen: "0"))
            app.outbox.enqueue(.issueState, repo: repo, number: "I7", payload: "closed", seen: "open")
            XCTAssertEqual(mine.waiting?.heading, "Waiting to send (2)")
            XCTAssertEqual(mine.waiting?.lines.map(\.text), ["Comment on someone/somewhere#I7: Waiting to send",
                                                           "Set someone/somewhere#I7 to Closed: Waiting to send"])
            XCTAssertEqual(mine.waiting?.lines.map(\.needsDecision), [false, false])
            let state = try XCTUnwrap(app.outbox.entries.last)
            app.outbox.setStatus(state.id, .needsDecision(reason: "the issue was set to Started meanwhile"))
            XCTAssertEqual(mine.waiting?.lines.map(\.needsDecision), [false, true], "Try Again is offered for it alone")
            mine.waiting?.tryAgain(state.id)
            XCTAssertEqual(app.outbox.entries.last?.status, .waiting, "Try Again, through the app's services")
            XCTAssertEqual(app.outbox.entries.last?.seen, OutboxEntry.anyState)
            mine.waiting?.cancel(comment.id)
            XCTAssertEqual(app.outbox.entries.map(\.kind), [.issueState])
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: repo, issue: "I7"), "Kept for later")
            app.outbox.isDraining = false
        }
    }

    func testEachAccountHasItsOwnPrivateOutboxInTheDataFolderThatRemovingTheAccountDeletes() throws {
        try onMain {
            let servers = try TwoServers()
            let alice = servers.factory.make(server: TwoServers.home, account: TwoServers.alice)
            let bob = servers.factory.make(server: TwoServers.work, account: TwoServers.bob)
            let aliceFile = try XCTUnwrap(alice.outbox?.fileURL)
            let bobFile = try XCTUnwrap(bob.outbox?.fileURL)
            XCTAssertNotEqual(aliceFile, bobFile, "keyed by server and login")
            let data = servers.factory.dataDirectory.standardizedFileURL.path
            XCTAssertTrue(aliceFile.standardizedFileURL.path.hasPrefix(data + "/accounts/"), aliceFile.path)
            let files = FileManager.default
            XCTAssertEqual(try files.attributesOfItem(atPath: aliceFile.path)[.posixPermissions] as? Int, 0o600)
            XCTAssertEqual(try files.attributesOfItem(atPath: aliceFile.deletingLastPathComponent().path)[.posixPermissions] as? Int,
                           0o700)
            alice.outbox?.enqueue(.issueComment, repo: RepositoryID(owner: "o", name: "r"), number: "I1", payload: "hi",
                                  seen: "0")
            XCTAssertEqual(bob.outbox?.entries.count, 0, "another account never sees it")
            XCTAssertEqual(Outbox(file: aliceFile).entries.map(\.payload), ["hi"])
            runUntilDone("remove alice") { await servers.factory.wipe(TwoServers.alice) }
            XCTAssertFalse(files.fileExists(atPath: aliceFile.path))
            XCTAssertTrue(files.fileExists(atPath: bobFile.path))
        }
    }

    func testCancelPutsTheTextBackInTheComposerAndItsDraft() throws {
        try onMain {
            let drafts = DraftStore(directory: IssueFixture.makeDrafts())
            let app = Self.makeApp(drafts: drafts)
            let repo = try IssueFixture.project(ownedByDemo: false, with: ["open"], client: app.client)
            let issue = try Self.open(app, repo, state: "open")
            let before = issue.comments.items.count
            app.transport.unplugged = true
            let text = "Changed my mind \(UUID().uuidString)"
            issue.composer.setText(text)
            issue.composer.submit()
            waitUntil("the comment settles") { !issue.writes.isWriting }
            XCTAssertEqual(app.outbox.entries.count, 1)
            issue.cancelWaitingComment(at: issue.comments.items.count - 1)
            XCTAssertTrue(app.outbox.entries.isEmpty)
            XCTAssertEqual(issue.comments.items.count, before, "it leaves the thread")
            XCTAssertEqual(issue.composer.text, text)
            runUntilDone("the drafts are written") { await drafts.flush() }
            XCTAssertEqual(drafts.comment(account: "mayun-demo", repo: repo, issue: issue.number), text)
            XCTAssertTrue(Outbox(file: app.file).entries.isEmpty, "gone from the file too")
        }
    }
}
