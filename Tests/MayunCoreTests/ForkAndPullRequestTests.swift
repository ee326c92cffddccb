import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Forking, committing to a new branch, opening a pull request against the fork's source, and the pull request
/// list's filters, against FakeGitee (as strict as the site): the requests each step sends and what the next screen
/// shows.
final class ForkAndPullRequestTests: XCTestCase {
    @MainActor private static var server: FakeGiteeServer { IssueFixture.server }
    @MainActor private static var used: Set<Int> = []

    /// A project someone else owns that the demo account has no project of the same name for (each test its own).
    @MainActor private static func foreignProject() throws -> RepositoryID {
        let demo = try XCTUnwrap(server.world.user(login: "mayun-demo"))
        let found = try XCTUnwrap(server.world.projects.first { project in
            project.ownerID != demo.id && !project.isEmpty && !project.isPrivate && !used.contains(project.id)
                && server.world.project(owner: "mayun-demo", repo: project.path) == nil
                && project.branches.first == "master"
        })
        used.insert(found.id)
        return RepositoryID(owner: server.world.owner(of: found).login, name: found.path)
    }

    @MainActor private static func openProject(_ app: IssueFixture.App, _ repo: RepositoryID) throws -> ProjectViewModel {
        app.coordinator.push(.project(repo))
        let page = try XCTUnwrap(app.coordinator.top?.model as? ProjectViewModel)
        page.start()
        waitUntil("the project loads") { page.project != nil && page.fork?.destinations.isEmpty == false }
        return page
    }

    @MainActor private static func fork(_ repo: RepositoryID, client: GiteeClient) -> RepositoryID {
        var fork: Project?
        runUntilDone("fork") { fork = try? await client.send(Endpoints.fork(owner: repo.owner, repo: repo.name)) }
        return RepositoryID(owner: fork?.ownerPath ?? "", name: fork?.repoPath ?? "")
    }

    func testForkAsksWhereItGoesThenOpensTheForkAndASecondForkOpensTheExistingOne() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let repo = try Self.foreignProject()
            let page = try Self.openProject(app, repo)
            let fork = try XCTUnwrap(page.fork)
            XCTAssertTrue(fork.isShown, "a logged-in person may fork someone else's project")
            XCTAssertNil(fork.forkedFromText, "the source is not a fork")
            XCTAssertEqual(fork.destination, "mayun-demo")
            XCTAssertTrue(fork.question.body.contains("mayun-demo"), "the question says where the copy goes")
            Self.server.clearLog()
            fork.fork()
            XCTAssertEqual(fork.phase, .forking)
            XCTAssertEqual(fork.buttonTitle, "Forking…")
            let forkRoute = Route.project(RepositoryID(owner: "mayun-demo", name: repo.name))
            waitUntil("the fork opens") { app.coordinator.routes.last == forkRoute }
            let post = try XCTUnwrap(Self.server.requestLog.first { $0.method == "POST" })
            XCTAssertEqual(post.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/forks")
            XCTAssertEqual(post.status, 201)
            XCTAssertNil(post.fields["organization"], "into the person's own space")
            XCTAssertEqual(fork.phase, .idle)
            // The fork's page says where it came from and offers a pull request into it.
            let forkPage = try XCTUnwrap(app.coordinator.top?.model as? ProjectViewModel)
            forkPage.start()
            waitUntil("the fork's page loads") { forkPage.fork?.forkedFromText != nil }
            XCTAssertEqual(forkPage.fork?.forkedFromText, "Forked from \(repo)")
            XCTAssertEqual(forkPage.fork?.isShown, false, "one's own fork is not forked again")
            waitUntil("logged in is known") { forkPage.fork?.canProposeChanges == true }
            forkPage.fork?.proposeChanges()
            XCTAssertEqual(app.coordinator.routes.last, .newPullRequest(repo, head: forkPage.repo, branch: nil))
            // Forking again opens the fork there is, without asking the server for another.
            app.coordinator.pop()
            app.coordinator.pop()
            XCTAssertEqual(app.coordinator.routes, [.project(repo)])
            Self.server.clearLog()
            fork.fork()
            waitUntil("the existing fork opens") { app.coordinator.routes.last == forkRoute }
            XCTAssertFalse(Self.server.requestLog.contains { $0.method == "POST" }, "no second fork was asked for")
        }
    }

    func testAForkWhoseAnswerIsLostIsFoundAndOpenedAndAskedForOnce() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let repo = try Self.foreignProject()
            let fork = try XCTUnwrap(try Self.openProject(app, repo).fork)
            Self.server.clearLog()
            Self.server.addFault(Fault(kind: .lostAnswer, path: "/api/v5/repos/*/*/forks", method: "POST", count: 1))
            fork.fork()
            let forkRoute = Route.project(RepositoryID(owner: "mayun-demo", name: repo.name))
            waitUntil("the fork found by asking opens") { app.coordinator.routes.last == forkRoute }
            XCTAssertEqual(fork.phase, .idle, "no error over a fork that happened")
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "POST" }.map(\.status), [502], "asked for once")
        }
    }

    func testOwnProjectsAndLoggedOutPeopleGetNoFork() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let demo = try XCTUnwrap(Self.server.world.user(login: "mayun-demo"))
            let own = try XCTUnwrap(Self.server.world.projects.first { $0.ownerID == demo.id && !$0.isEmpty })
            let page = try Self.openProject(app, RepositoryID(owner: "mayun-demo", name: own.path))
            XCTAssertEqual(page.fork?.isShown, false)

            let anonymous = IssueFixture.makeApp(loggedIn: false)
            let foreign = try Self.foreignProject()
            anonymous.coordinator.push(.project(foreign))
            let other = try XCTUnwrap(anonymous.coordinator.top?.model as? ProjectViewModel)
            other.start()
            waitUntil("the project loads") { other.project != nil }
            XCTAssertEqual(other.fork?.isShown, false)
            other.fork?.fork()
            XCTAssertEqual(other.fork?.phase, .idle, "nothing is sent")
        }
    }

    func testFakeGiteeRefusesForksAsTheSiteDoes() throws {
        try onMain {
            let app = IssueFixture.makeApp()
            let repo = try Self.foreignProject()
            _ = Self.fork(repo, client: app.client)
            var refusal: GiteeError?
            runUntilDone("fork twice") {
                do { _ = try await app.client.send(Endpoints.fork(owner: repo.owner, repo: repo.name)) } catch {
                    refusal = GiteeError.from(error)
                }
            }
            guard case .validation? = refusal else { return XCTFail("a second fork into the same space is 422: \(String(describing: refusal))") }
            let org = try XCTUnwrap(Self.server.world.users.first { $0.isOrganization && Self.server.world.organisationMembers[$0.id] == nil })
            runUntilDone("fork into someone else's organisation") {
                do {
                    _ = try await app.client.send(Endpoints.fork(owner: repo.owner, repo: repo.name, organization: org.login))
                    refusal = nil
                } catch { refusal = GiteeError.from(error) }
            }
            guard case .forbidden? = refusal else { return XCTFail("not a member: 403, got \(String(describing: refusal))") }
            let anonymous = IssueFixture.makeApp(loggedIn: false)
            runUntilDone("fork logged out") {
                do { _ = try await anonymous.client.send(Endpoints.fork(owner: repo.owner, repo: repo.name)); refusal = nil } catch {
                    refusal = GiteeError.from(error)
                }
            }
            guard case .unauthorized? = refusal else { return XCTFail("logged out: 401") }
        }
    }
}
