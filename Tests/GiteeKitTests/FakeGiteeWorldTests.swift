import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// The generated world is big, varied, deterministic, and shaped like real Gitee data.
final class FakeGiteeWorldTests: XCTestCase {
    func testWorldSizeAndVariety() {
        let world = WorldGenerator.generate(seed: 7)
        XCTAssertGreaterThanOrEqual(world.projects.count, 5_000)
        XCTAssertGreaterThanOrEqual(world.users.count, 500)
        XCTAssertGreaterThanOrEqual(Set(world.projects.compactMap(\.language)).count, 40)
        XCTAssertGreaterThanOrEqual(world.users.filter(\.isOrganization).count, 3)
        XCTAssertTrue(world.projects.contains { $0.description == nil }, "null descriptions, as in real data")
        XCTAssertTrue(world.projects.contains { $0.language == nil })
        let chinese = world.projects.filter { $0.description?.unicodeScalars.contains { $0.value >= 0x4E00 && $0.value <= 0x9FFF } ?? false }
        XCTAssertGreaterThan(chinese.count, 1_000)
        XCTAssertGreaterThan(world.projects.filter { $0.description?.hasPrefix("A") ?? false }.count, 100)
    }

    func testSameSeedSameWorld() {
        onMainLoop {
            var options = FakeGiteeServer.Options()
            options.projectCount = 300
            options.userCount = 60
            let a = FakeGiteeServer(options: options), b = FakeGiteeServer(options: options)
            XCTAssertEqual(a.world.projects, b.world.projects)
            XCTAssertEqual(a.world.users, b.world.users)
            options.seed = 43
            XCTAssertNotEqual(FakeGiteeServer(options: options).world.projects, a.world.projects)
        }
    }

    func testGenerationIsFast() {
        let started = Date()
        _ = WorldGenerator.generate(seed: 1)
        let seconds = Date().timeIntervalSince(started)
        print("world generation (5,000 projects, 500 users): \(Int(seconds * 1000)) ms")
        XCTAssertLessThan(seconds, 3)
    }

    /// FakeGitee's project, user and issue objects carry every field the real recorded responses carry.
    func testObjectsCarryEveryRealField() throws {
        let realProject = try jsonKeys(Samples.data("repo.json"))
        let realUser = try jsonKeys(Samples.data("user.json"))
        let realIssue = try jsonKeys(Samples.data("issue.json"))
        let realBranch = try jsonKeys(Samples.data("branch.json"))
        let realCommit = try jsonKeys(Samples.data("commit.json"))
        let realComment = try jsonKeys(Samples.data("issue_comment.json"))
        let realContent = try jsonKeys(Samples.data("content.json"))
        onMainLoop {
            let server = Fake.server
            let client = Fake.client(credential: Fake.demoToken)
            let popular = try await client.page(Endpoints.search("a", sort: .stars, perPage: 100)).items
            let project = try XCTUnwrap(popular.first { $0.openIssuesCount > 0 })
            let base = "\(server.baseURL)/api/v5/repos/\(project.fullName)"
            func fetch(_ url: String) async throws -> Data {
                try await client.send(Endpoint<Data>(.get, .v5, path: String(url.dropFirst(server.baseURL.count + 7))) { $0.body })
            }
            let projectKeys = jsonKeys(try await fetch(base))
            XCTAssertTrue(realProject.isSubset(of: projectKeys), "project misses \(realProject.subtracting(projectKeys))")
            let me = jsonKeys(try await fetch("\(server.baseURL)/api/v5/user"))
            XCTAssertTrue(realUser.isSubset(of: me), "user misses \(realUser.subtracting(me))")
            let issues = try await client.page(Endpoints.issues(owner: project.ownerPath, repo: project.repoPath, state: .all))
            let issue = try XCTUnwrap(issues.items.first { $0.commentCount > 0 })
            let issueKeys = jsonKeys(try await fetch("\(base)/issues/\(issue.number)"))
            XCTAssertTrue(realIssue.isSubset(of: issueKeys), "issue misses \(realIssue.subtracting(issueKeys))")
            let branch = try await client.send(Endpoints.branches(owner: project.ownerPath, repo: project.repoPath))[0]
            let branchKeys = jsonKeys(try await fetch("\(base)/branches/\(branch.name)"))
            XCTAssertTrue(realBranch.isSubset(of: branchKeys))
            let commitKeys = jsonKeys(try await fetch("\(base)/commits/\(branch.commitSHA)"))
            XCTAssertTrue(realCommit.isSubset(of: commitKeys), "commit misses \(realCommit.subtracting(commitKeys))")
            let commentList = try await fetch("\(base)/issues/\(issue.number)/comments")
            let comments = try JSONNodeDecoding.decode([JSONValue].self, from: commentList)
            if case .object(let members)? = comments.first { XCTAssertTrue(realComment.isSubset(of: Set(members.keys))) }
            let contentKeys = jsonKeys(try await fetch("\(base)/contents/README.md"))
            XCTAssertTrue(realContent.isSubset(of: contentKeys), "content misses \(realContent.subtracting(contentKeys))")
        }
    }


    func testStateFileKeepsStarsAndIssuesAcrossRestarts() {
        onMainLoop {
            let file = NSTemporaryDirectory() + "fake-gitee-state-\(UUID().uuidString).json"
            defer { try? FileManager.default.removeItem(atPath: file) }
            var options = FakeGiteeServer.Options()
            options.projectCount = 400
            options.userCount = 60
            options.stateFile = file
            let first = FakeGiteeServer(options: options)
            try first.start()
            let project = try XCTUnwrap(first.world.projects.first { !$0.isEmpty })
            let owner = first.world.owner(of: project).login
            let configuration = GiteeConfiguration(server: first.baseURL, retry: .none)
            let client = GiteeClient(configuration: configuration, auth: GiteeAuth(credential: Fake.demoToken))
            let before = try await client.send(Endpoints.project(owner: owner, repo: project.path)).stargazersCount
            _ = try await client.send(Endpoints.star(owner: owner, repo: project.path))
            let issue = try await client.send(Endpoints.createIssue(owner: owner, repo: project.path, title: "persisted", body: "yes"))
            first.stop()

            let second = FakeGiteeServer(options: options)
            try second.start()
            defer { second.stop() }
            let again = GiteeClient(configuration: GiteeConfiguration(server: second.baseURL, retry: .none),
                                    auth: GiteeAuth(credential: Fake.demoToken))
            let reloaded = try await again.send(Endpoints.project(owner: owner, repo: project.path))
            XCTAssertEqual(reloaded.stargazersCount, before + 1)
            XCTAssertEqual(reloaded.isStarred, true)
            let issues = try await again.page(Endpoints.issues(owner: owner, repo: project.path))
            XCTAssertEqual(issues.items.first?.title, issue.title)
        }
    }

    func testControlAPIOverHTTP() {
        onMainLoop {
            Fake.reset()
            let client = Fake.client()
            func control(_ method: Endpoint<Data>.Method, _ path: String, _ form: [QueryItem]? = nil) async throws -> JSONValue {
                let data = try await client.send(Endpoint<Data>(method, .root, path: path, form: form) { $0.body })
                return data.isEmpty ? .null : try JSONNodeDecoding.decode(JSONValue.self, from: data)
            }
            let health = try await control(.get, "/__fake/health")
            XCTAssertEqual(health["projects"]?.intValue, 5_000)
            let fault = try await control(.post, "/__fake/fault", [QueryItem("kind", "status"), QueryItem("status", "503"),
                                                                    QueryItem("path", "/api/v5/search/**"), QueryItem("count", "1")])
            XCTAssertEqual(fault["remaining"]?.intValue, 1)
            await assertThrows(.server(status: 503, message: "Internal Server Error (injected)")) {
                try await Fake.client(retry: .none).page(Endpoints.search("a"))
            }
            let log = try await control(.get, "/__fake/log")
            XCTAssertTrue(log.arrayValue.contains { $0["path"]?.stringValue == "/api/v5/search/repositories" && $0["fault"]?.stringValue == "status" })
            _ = try await control(.post, "/__fake/fault", [QueryItem("kind", "html")])
            _ = try await control(.delete, "/__fake/faults")
            let faults = try await control(.get, "/__fake/faults")
            XCTAssertTrue(faults.arrayValue.isEmpty)
            _ = try await client.page(Endpoints.featured())
            let avatar = try await client.send(Endpoint<Data>(.get, .root, path: "/__fake/avatar/mayun-demo.png") { $0.body })
            XCTAssertEqual(Array(avatar.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        }
    }

    /// Gitee also takes the token as an `access_token` parameter (GiteeKit never does: it would end up in logs).
    func testAccessTokenParameterIsAccepted() {
        onMainLoop {
            Fake.reset()
            let transport = SoupTransport(configuration: GiteeConfiguration(server: Fake.server.baseURL))
            let response = try await transport.send(HTTPRequest(method: "GET", url: Fake.server.baseURL + "/api/v5/user?access_token=mayun-demo-token"),
                                                    progress: nil)
            XCTAssertEqual(response.status, 200)
            XCTAssertEqual(Fake.server.requestLog.last?.tokenSource, "query")
            XCTAssertEqual(Fake.server.requestLog.last?.fields["access_token"], "***")
            let expired = try await transport.send(HTTPRequest(method: "GET", url: Fake.server.baseURL + "/api/v5/user"), progress: nil)
            XCTAssertEqual(expired.status, 401, "login required and missing")
        }
    }

    func testFaultParsingFromTheCommandLine() {
        let fault = Fault.parse("kind=status,status=500,path=/api/v5/repos/*/issues,method=post,count=1")
        XCTAssertEqual(fault?.status, 500)
        XCTAssertEqual(fault?.method, "POST")
        XCTAssertEqual(fault?.remaining, 1)
        XCTAssertEqual(Fault.parse("429")?.retryAfter, 1)
        XCTAssertEqual(Fault.parse("no-answer")?.kind, .noAnswer)
        XCTAssertNil(Fault.parse("kind=explode"))
        XCTAssertTrue(fault?.applies(to: "POST", path: "/api/v5/repos/alice/issues") ?? false)
        XCTAssertFalse(fault?.applies(to: "POST", path: "/api/v5/repos/alice/x/issues") ?? true)
        XCTAssertTrue(Fault.parse("kind=html,path=/api/**")?.applies(to: "GET", path: "/api/v5/a/b/c") ?? false)
    }
}

private func jsonKeys(_ data: Data) -> Set<String> {
    guard case .object(let members)? = try? JSONNodeDecoding.decode(JSONValue.self, from: data) else { return [] }
    return Set(members.keys)
}
