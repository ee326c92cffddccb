import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Every endpoint of the catalogue against FakeGitee over loopback, through the real libsoup transport.
final class EndpointTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { Fake.reset() }
    }

    func testExploreListsPageAndEnd() {
        onMainLoop {
            let client = Fake.client()
            let featured = try await client.page(Endpoints.featured())
            XCTAssertEqual(featured.items.count, 20)
            XCTAssertFalse(featured.servedByFallback)
            XCTAssertTrue(featured.items.allSatisfy(\.isRecommended))
            XCTAssertNotNil(featured.totalCount)
            let popular = try await client.page(Endpoints.popular(perPage: 50))
            XCTAssertEqual(popular.items.count, 50)
            XCTAssertTrue(zip(popular.items, popular.items.dropFirst()).allSatisfy { $0.stargazersCount >= $1.stargazersCount })
            let second = try await client.page(Endpoints.popular(perPage: 50), at: popular.next)
            XCTAssertEqual(second.items.count, 50)
            XCTAssertTrue(Set(popular.items.map(\.id)).isDisjoint(with: second.items.map(\.id)))
            let latest = try await client.page(Endpoints.latest())
            XCTAssertTrue(zip(latest.items, latest.items.dropFirst()).allSatisfy { ($0.pushedAt?.date ?? .distantPast) >= ($1.pushedAt?.date ?? .distantPast) })
            // The last page is short and ends the list.
            let total = try XCTUnwrap(featured.totalCount)
            let lastPage = (total + 99) / 100
            let last = try await client.page(Endpoints.featured(perPage: 100), at: Pagination(style: .numbered(perPage: 100), page: lastPage))
            XCTAssertTrue(last.isLast)
        }
    }

    func testExploreFallsBackToSearchWhenV3IsGone() {
        onMainLoop {
            Fake.server.addFault(Fault(kind: .status, path: "/api/v3/projects/popular", status: 404))
            let client = Fake.client()
            let page = try await client.page(Endpoints.popular())
            XCTAssertTrue(page.servedByFallback)
            XCTAssertEqual(page.items.count, 20)
            let next = try await client.page(Endpoints.popular(), at: page.next)
            XCTAssertTrue(next.servedByFallback, "later pages ask the fallback directly")
            XCTAssertEqual(Fake.server.requestLog.filter { $0.path == "/api/v3/projects/popular" }.count, 1)
        }
    }

    func testLanguagesAndLanguageProjects() {
        onMainLoop {
            let client = Fake.client()
            let languages = try await client.send(Endpoints.languages())
            XCTAssertEqual(languages.count, 40)
            let swift = try XCTUnwrap(languages.first { $0.name == "Swift" })
            XCTAssertGreaterThan(swift.projectsCount ?? 0, 0)
            let page = try await client.page(Endpoints.languageProjects(id: swift.id, name: swift.name))
            XCTAssertFalse(page.items.isEmpty)
            XCTAssertTrue(page.items.allSatisfy { $0.language == "Swift" })
        }
    }

    func testSearch() {
        onMainLoop {
            let client = Fake.client()
            let results = try await client.page(Endpoints.search("admin", sort: .stars))
            XCTAssertFalse(results.items.isEmpty)
            XCTAssertTrue(results.items.allSatisfy { ($0.fullName + ($0.description ?? "")).lowercased().contains("admin") })
            XCTAssertTrue(zip(results.items, results.items.dropFirst()).allSatisfy { $0.stargazersCount >= $1.stargazersCount })
            let java = try await client.page(Endpoints.search("a", language: "Java", sort: .lastPush))
            XCTAssertTrue(java.items.allSatisfy { $0.language == "Java" })
            let chinese = try await client.page(Endpoints.search("管理"))
            XCTAssertTrue(chinese.items.allSatisfy { ($0.description ?? "").contains("管理") }, "UTF-8 queries survive the URL")
            XCTAssertFalse(chinese.items.isEmpty)
            let none = try await client.page(Endpoints.search("zzzz-no-such-thing"))
            XCTAssertTrue(none.items.isEmpty)
            XCTAssertTrue(none.isLast)
            await assertThrows(.validation("q is missing")) { try await client.send(Endpoints.search("")) }
        }
    }

    func testProjectReadmeTreeAndFiles() {
        onMainLoop {
            let client = Fake.client()
            let listed = try await client.page(Endpoints.popular()).items[0]
            let project = try await client.send(Endpoints.project(owner: listed.ownerPath, repo: listed.repoPath))
            XCTAssertEqual(project.id, listed.id)
            XCTAssertNil(project.isStarred, "anonymous: Gitee sends no `stared` to a caller without a token")
            let branch = try XCTUnwrap(project.defaultBranch)

            let readme = try await client.send(Endpoints.readme(owner: project.ownerPath, repo: project.repoPath))
            let markdown = try XCTUnwrap(readme?.text)
            for needle in ["<picture>", "<details>", "- [x]", "```", "| ", "docs/images/logo.png", "docs/guide.md", "demo.gif"] {
                XCTAssertTrue(markdown.contains(needle), "README lacks \(needle)")
            }

            let root = try await client.send(Endpoints.folder(owner: project.ownerPath, repo: project.repoPath))
            XCTAssertTrue(root.contains { $0.isDirectory && $0.name == "docs" })
            XCTAssertTrue(root.filter { !$0.isDirectory }.allSatisfy { $0.size == nil }, "listings send size: null like Gitee")
            let missing = try await client.send(Endpoints.folder(owner: project.ownerPath, repo: project.repoPath, path: "no/such"))
            XCTAssertTrue(missing.isEmpty)

            let tree = try await client.send(Endpoints.tree(owner: project.ownerPath, repo: project.repoPath, sha: branch, recursive: true))
            let depth = tree.entries.map { $0.path.split(separator: "/").count }.max() ?? 0
            XCTAssertGreaterThanOrEqual(depth, 5, "trees go several levels deep")
            let extensions = Set(tree.entries.filter { !$0.isFolder }.compactMap { $0.path.split(separator: ".").last.map(String.init) })
            XCTAssertGreaterThanOrEqual(extensions.count, 15)
            let docs = try XCTUnwrap(tree.entries.first { $0.path == "docs" })
            let docsTree = try await client.send(Endpoints.tree(owner: project.ownerPath, repo: project.repoPath, sha: docs.sha))
            XCTAssertTrue(docsTree.entries.contains { $0.path == "guide.md" })

            let file = try await client.send(Endpoints.file(owner: project.ownerPath, repo: project.repoPath, path: "docs/guide.md", ref: branch))
            XCTAssertTrue(file.text?.hasPrefix("# ") ?? false)
            let blobEntry = try XCTUnwrap(tree.entries.first { $0.path == "examples/python/app.py" })
            let blob = try await client.send(Endpoints.blob(owner: project.ownerPath, repo: project.repoPath, sha: blobEntry.sha))
            XCTAssertTrue(String(decoding: blob.decodedData ?? Data(), as: UTF8.self).contains("def greet"))

            let png = try await client.send(Endpoints.raw(owner: project.ownerPath, repo: project.repoPath, path: "docs/images/logo.png"))
            XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
            let gif = try await client.send(Endpoints.raw(owner: project.ownerPath, repo: project.repoPath, path: "docs/images/demo.gif"))
            XCTAssertEqual(String(decoding: gif.prefix(6), as: UTF8.self), "GIF89a")
            let jpeg = try await client.send(Endpoints.raw(owner: project.ownerPath, repo: project.repoPath, path: "docs/images/screenshot.jpg"))
            XCTAssertEqual(Array(jpeg.prefix(2)), [0xFF, 0xD8])
            let big = try await client.send(Endpoints.raw(owner: project.ownerPath, repo: project.repoPath, path: "data/large-log.txt"))
            XCTAssertEqual(big.count, 2 * 1024 * 1024)
            XCTAssertNotNil(String(data: big, encoding: .utf8))
        }
    }

    func testHugeFileStreamsToDisk() {
        onMainLoop {
            let client = Fake.client(timeout: 20)
            let latest = try await client.page(Endpoints.latest()).items
            let project = try XCTUnwrap(latest.first { !$0.isEmpty })
            let path = NSTemporaryDirectory() + "mayun-huge-\(UUID().uuidString).bin"
            defer { try? FileManager.default.removeItem(atPath: path) }
            var reports = 0
            try await client.download(Endpoints.raw(owner: project.ownerPath, repo: project.repoPath, path: "data/dataset-20mb.bin"),
                                      to: path) { received, expected in
                reports += 1
                XCTAssertEqual(expected, 20 * 1024 * 1024)
                XCTAssertLessThanOrEqual(received, 20 * 1024 * 1024)
            }
            let size = (try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue
            XCTAssertEqual(size, 20 * 1024 * 1024)
            XCTAssertGreaterThan(reports, 10, "the body arrived in chunks")
        }
    }

    func testReadmeMissingIsAnAnswer() {
        onMainLoop {
            let client = Fake.client()
            let world = Fake.server.world
            guard let empty = world.projects.first(where: { $0.isEmpty }) else { throw XCTSkip("no empty repository") }
            let owner = world.owner(of: empty).login
            let readme = try await client.send(Endpoints.readme(owner: owner, repo: empty.path))
            XCTAssertNil(readme)
            let project = try await client.send(Endpoints.project(owner: owner, repo: empty.path))
            XCTAssertNil(project.defaultBranch)
            XCTAssertTrue(project.isEmpty)
            await assertThrows(.notFound("404 Project Not Found")) { try await client.send(Endpoints.project(owner: "nobody", repo: "nothing")) }
        }
    }

    func testBranchesCommitsAndCommitDetail() {
        onMainLoop {
            let client = Fake.client()
            let project = try await client.page(Endpoints.popular()).items[1]
            let branches = try await client.send(Endpoints.branches(owner: project.ownerPath, repo: project.repoPath))
            XCTAssertFalse(branches.isEmpty)
            let commits = try await client.page(Endpoints.commits(owner: project.ownerPath, repo: project.repoPath, branch: branches[0].name))
            XCTAssertEqual(commits.items.count, 20)
            XCTAssertEqual(commits.items[0].sha, branches[0].commitSHA, "the branch points at its newest commit")
            XCTAssertEqual(commits.items[0].parentSHAs.first, commits.items[1].sha)
            let detail = try await client.send(Endpoints.commit(owner: project.ownerPath, repo: project.repoPath, sha: commits.items[0].sha))
            XCTAssertFalse(detail.files.isEmpty)
            XCTAssertTrue(detail.files[0].patch?.hasPrefix("@@") ?? false)
            XCTAssertEqual(detail.stats?.total, detail.files.reduce(0) { $0 + $1.additions + $1.deletions })
            let events = try await client.page(Endpoints.repositoryEvents(owner: project.ownerPath, repo: project.repoPath))
            XCTAssertTrue(events.items.allSatisfy { $0.repo?.fullName == project.fullName })
        }
    }

    /// Branch names with a slash survive as one path segment (`feature%2Fdark-mode`) and as `ref`/`sha` parameters.
    func testBranchWithSlash() {
        onMainLoop {
            let client = Fake.client()
            let world = Fake.server.world
            let project = try XCTUnwrap(world.projects.first { $0.branches.contains("feature/dark-mode") })
            let owner = world.owner(of: project).login
            let tree = try await client.send(Endpoints.tree(owner: owner, repo: project.path, sha: "feature/dark-mode"))
            XCTAssertTrue(tree.entries.contains { $0.path == "BRANCH.md" }, "the branch's own tree")
            let readme = try await client.send(Endpoints.readme(owner: owner, repo: project.path, ref: "feature/dark-mode"))
            XCTAssertTrue(readme?.text?.contains("`feature/dark-mode` branch") ?? false)
            let commits = try await client.page(Endpoints.commits(owner: owner, repo: project.path, branch: "feature/dark-mode"))
            XCTAssertFalse(commits.items.isEmpty)
        }
    }

    func testUsersAndTheirLists() {
        onMainLoop {
            let client = Fake.client()
            let user = try await client.send(Endpoints.user("mayun-demo"))
            XCTAssertEqual(user.login, "mayun-demo")
            XCTAssertNil(user.email, "e-mail only for yourself")
            let repos = try await client.page(Endpoints.userProjects("mayun-demo"))
            XCTAssertTrue(repos.items.allSatisfy { $0.ownerPath == "mayun-demo" })
            let starred = try await client.page(Endpoints.userStarred("mayun-demo", limit: 10))
            XCTAssertEqual(starred.items.count, 10)
            let more = try await client.page(Endpoints.userStarred("mayun-demo", limit: 10), at: starred.next)
            XCTAssertFalse(more.items.isEmpty)
            XCTAssertTrue(Set(starred.items.map(\.id)).isDisjoint(with: more.items.map(\.id)), "prev_id continues after the last one")
            _ = try await client.page(Endpoints.userWatched("mayun-demo"))
            var seen = Set<Int>()
            var cursor: Pagination? = nil
            repeat {
                let page = try await client.page(Endpoints.userEvents("mayun-demo", limit: 7), at: cursor)
                XCTAssertTrue(seen.isDisjoint(with: page.items.map(\.id)))
                seen.formUnion(page.items.map(\.id))
                cursor = page.next
            } while cursor != nil
            // Every event type FakeGitee produces decodes; only its deliberately unknown one is `.unknown`.
            let kinds = Set(try await client.page(Endpoints.userEvents("mayun-demo", limit: 100)).items.map(\.kind))
            XCTAssertGreaterThanOrEqual(kinds.count, 6)
            XCTAssertTrue(kinds.allSatisfy { if case .unknown(let name) = $0 { return name == "ProjectDeployEvent" } else { return true } })
            let org = try XCTUnwrap(Fake.server.world.users.first { $0.isOrganization })
            let orgProjects = try await client.page(Endpoints.organizationProjects(org.login))
            XCTAssertTrue(orgProjects.items.allSatisfy { $0.namespace?.kind == "group" })
        }
    }

    func testFollowersAndFollowing() {
        onMainLoop {
            let client = Fake.client()
            let world = Fake.server.world
            let popular = try XCTUnwrap(world.users.first { $0.followers > 30 && !$0.isOrganization })
            let profile = try await client.send(Endpoints.user(popular.login))
            let first = try await client.page(Endpoints.followers(popular.login))
            XCTAssertEqual(first.items.count, 20)
            XCTAssertEqual(first.totalCount, profile.followers, "the list matches the profile's count")
            XCTAssertFalse(first.items.contains { $0.login == popular.login })
            let second = try await client.page(Endpoints.followers(popular.login), at: first.next)
            XCTAssertTrue(Set(first.items.map(\.id)).isDisjoint(with: second.items.map(\.id)))
            let following = try await client.page(Endpoints.following(popular.login, perPage: 100))
            XCTAssertEqual(following.totalCount, profile.following)
            XCTAssertEqual(following.items.count, min(100, profile.following ?? 0))
        }
    }

    func testMeAndMyLists() {
        onMainLoop {
            let client = Fake.client(credential: Fake.demoToken)
            let me = try await client.send(Endpoints.me())
            XCTAssertEqual(me.login, "mayun-demo")
            XCTAssertEqual(me.email, "demo@mayun.test")
            let mine = try await client.page(Endpoints.myProjects())
            XCTAssertTrue(mine.items.allSatisfy { $0.ownerPath == "mayun-demo" })
            let starred = try await client.page(Endpoints.myStarred())
            XCTAssertTrue(starred.items.allSatisfy { $0.isStarred == true })
            let watched = try await client.page(Endpoints.myWatched())
            XCTAssertTrue(watched.items.allSatisfy { $0.isWatched == true })
            _ = try await client.page(Endpoints.receivedEvents("mayun-demo"))
            await assertThrows(.unauthorized(nil)) { try await Fake.client().send(Endpoints.me()) }
        }
    }

    func testStarAndWatchChangeTheServer() {
        onMainLoop {
            let client = Fake.client(credential: Fake.demoToken)
            let target = try await client.page(Endpoints.latest()).items[3]
            let (owner, repo) = (target.ownerPath, target.repoPath)
            let before = try await client.send(Endpoints.project(owner: owner, repo: repo))
            if try await client.send(Endpoints.isStarred(owner: owner, repo: repo)) {
                _ = try await client.send(Endpoints.unstar(owner: owner, repo: repo))
            }
            let base = try await client.send(Endpoints.project(owner: owner, repo: repo)).stargazersCount
            _ = try await client.send(Endpoints.star(owner: owner, repo: repo))
            let isStarred = try await client.send(Endpoints.isStarred(owner: owner, repo: repo))
            XCTAssertTrue(isStarred)
            let starredNow = try await client.send(Endpoints.project(owner: owner, repo: repo))
            XCTAssertEqual(starredNow.stargazersCount, base + 1)
            XCTAssertEqual(starredNow.isStarred, true)
            let mine = try await client.page(Endpoints.myStarred())
            XCTAssertEqual(mine.items.first?.id, target.id, "newest star first")
            let put = try XCTUnwrap(Fake.server.requestLog.last { $0.method == "PUT" })
            XCTAssertEqual(put.path, "/api/v5/user/starred/\(owner)/\(repo)")
            XCTAssertEqual(put.login, "mayun-demo")
            XCTAssertEqual(put.tokenSource, "bearer")
            _ = try await client.send(Endpoints.unstar(owner: owner, repo: repo))
            let stillStarred = try await client.send(Endpoints.isStarred(owner: owner, repo: repo))
            XCTAssertFalse(stillStarred)

            _ = try await client.send(Endpoints.watch(owner: owner, repo: repo))
            let watching = try await client.send(Endpoints.isWatched(owner: owner, repo: repo))
            XCTAssertTrue(watching)
            XCTAssertEqual(Fake.server.requestLog.last { $0.method == "PUT" }?.fields["watch_type"], "watching")
            _ = try await client.send(Endpoints.unwatch(owner: owner, repo: repo))
            let after = try await client.send(Endpoints.project(owner: owner, repo: repo))
            XCTAssertEqual(after.watchersCount, before.watchersCount - (before.isWatched == true ? 1 : 0))
            await assertThrows(.unauthorized(nil)) { try await Fake.client().send(Endpoints.star(owner: owner, repo: repo)) }
        }
    }

    func testIssuesCommentsAndCreate() {
        onMainLoop {
            let client = Fake.client(credential: Fake.demoToken)
            let world = Fake.server.world
            let candidates = try await client.page(Endpoints.search("a", sort: .stars, perPage: 100)).items
            let withIssues = try XCTUnwrap(candidates.first { $0.openIssuesCount > 3 })
            let (owner, repo) = (withIssues.ownerPath, withIssues.repoPath)
            let open = try await client.page(Endpoints.issues(owner: owner, repo: repo))
            XCTAssertTrue(open.items.allSatisfy(\.isOpen))
            let all = try await client.page(Endpoints.issues(owner: owner, repo: repo, state: .all, perPage: 100))
            XCTAssertGreaterThanOrEqual(all.items.count, open.items.count)
            let closed = try await client.page(Endpoints.issues(owner: owner, repo: repo, state: .closed, perPage: 100))
            XCTAssertTrue(closed.items.allSatisfy { !$0.isOpen })
            let withComments = try XCTUnwrap(all.items.first { $0.commentCount > 0 })
            let issue = try await client.send(Endpoints.issue(owner: owner, repo: repo, number: withComments.number))
            XCTAssertEqual(issue.title, withComments.title)
            XCTAssertTrue(issue.number.hasPrefix("I"))
            let comments = try await client.page(Endpoints.issueComments(owner: owner, repo: repo, number: issue.number))
            XCTAssertEqual(comments.items.count, issue.commentCount)

            let created = try await client.send(Endpoints.createIssue(owner: owner, repo: repo, title: "Mayun test 标题", body: "Body **markdown**"))
            XCTAssertEqual(created.title, "Mayun test 标题")
            XCTAssertEqual(created.body, "Body **markdown**")
            XCTAssertEqual(created.author?.login, "mayun-demo")
            let first = try await client.page(Endpoints.issues(owner: owner, repo: repo))
            XCTAssertEqual(first.items.first?.number, created.number, "the new issue is at the top")
            let post = try XCTUnwrap(Fake.server.requestLog.last { $0.method == "POST" })
            XCTAssertEqual(post.fields["title"], "Mayun test 标题")
            XCTAssertEqual(post.fields["repo"], repo)
            await assertThrows(.validation("title is missing")) {
                try await client.send(Endpoints.createIssue(owner: owner, repo: repo, title: " ", body: nil))
            }
            _ = world
        }
    }
}

/// When the undocumented v3 calls are gone, Discover still works through v5 search.
final class LanguageFallbackTests: XCTestCase {
    override func setUp() {
        MainActor.assumeIsolated { Fake.reset() }
    }

    func testLanguagesFallBackToTheSearchEnum() {
        onMainLoop {
            Fake.server.addFault(Fault(kind: .status, path: "/api/v3/**", status: 404))
            let client = Fake.client()
            let languages = try await client.send(Endpoints.languages())
            XCTAssertEqual(languages, Language.searchLanguages)
            let go = try XCTUnwrap(languages.first { $0.name == "Go" })
            let page = try await client.page(Endpoints.languageProjects(id: go.id, name: go.name))
            XCTAssertFalse(page.items.isEmpty)
            XCTAssertTrue(page.items.allSatisfy { $0.language == "Go" })
            let viaV3ID = try await client.page(Endpoints.languageProjects(id: 4, name: "Go"))
            XCTAssertTrue(viaV3ID.servedByFallback)
            XCTAssertTrue(viaV3ID.items.allSatisfy { $0.language == "Go" })
        }
    }
}
