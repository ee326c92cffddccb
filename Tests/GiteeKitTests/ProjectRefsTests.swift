@testable import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Branches and tags: the real recorded answers decode, a saved copy decodes like a fresh one, and FakeGitee pages
/// tags as the spec says (and refuses what the spec does not allow).
final class ProjectRefsTests: XCTestCase {
    func testRecordedTagsAndBranchesDecode() throws {
        let tags = try JSONNodeDecoding.decode([Tag].self, from: try Samples.data("tags.json"))
        XCTAssertEqual(tags.map(\.name), ["release-test", "1.1", "1.0", "1.2"])
        XCTAssertEqual(tags[1].message, "1.1")
        XCTAssertEqual(tags[1].commitSHA, "5e7876efb3468ff679410b82a72f7c002382d41e")
        XCTAssertEqual(tags[1].date?.date, Date(timeIntervalSince1970: 1_616_556_575))
        // The spec's shape: `commit` a string.
        let specShaped = try JSONNodeDecoding.decode(Tag.self, from: Data(#"{"name":"v1","message":"m","commit":"abc1234"}"#.utf8))
        XCTAssertEqual(specShaped.commitSHA, "abc1234")
        XCTAssertNil(specShaped.date)

        let branches = try JSONNodeDecoding.decode([Branch].self, from: try Samples.data("branches.json"))
        XCTAssertEqual(branches.first?.name, "master")
        XCTAssertEqual(branches.first?.commitSHA, "e3c0ff4d5cef439ea11b30866fb1ed79b420801d")
    }

    func testSavedCopiesDecodeLikeFreshAnswers() throws {
        let tags = try JSONNodeDecoding.decode([Tag].self, from: try Samples.data("tags.json"))
        XCTAssertEqual(try JSONNodeDecoding.decode([Tag].self, from: try JSONEncoder().encode(tags)), tags)
        var branches = try JSONNodeDecoding.decode([Branch].self, from: try Samples.data("branches.json"))
        branches[0].isProtected = true
        XCTAssertEqual(try JSONNodeDecoding.decode([Branch].self, from: try JSONEncoder().encode(branches)), branches)
    }

    func testTagsArePagedNewestFirstAndOpenAsARef() {
        onMainLoop {
            let server = Fake.server
            let client = Fake.client()
            let project = try XCTUnwrap(server.world.projects.first { !$0.isEmpty && !$0.isPrivate })
            let owner = server.world.owner(of: project).login
            let first = try await client.page(Endpoints.tags(owner: owner, repo: project.path, perPage: 2))
            XCTAssertEqual(first.items.count, 2)
            let total = try XCTUnwrap(first.totalCount)
            XCTAssertGreaterThanOrEqual(total, 5, "every fifth commit of 25 or more is tagged")
            XCTAssertEqual(first.items.first?.name, "v0.\(total)", "newest first")
            let dates = first.items.compactMap { $0.date?.date }
            XCTAssertEqual(dates.count, 2, "each tag carries its commit's date")
            XCTAssertGreaterThan(dates[0], dates[1])
            let second = try await client.page(Endpoints.tags(owner: owner, repo: project.path, perPage: 2), at: first.next)
            XCTAssertEqual(second.items.first?.name, "v0.\(total - 2)", "page two follows page one")

            // A tag is a ref: the files at it list.
            let files = try await client.send(Endpoints.folder(owner: owner, repo: project.path, ref: "v0.1"))
            XCTAssertFalse(files.isEmpty)

            // The spec's `sort` values only, as the site's parameter checks.
            let bogus = Endpoint<Data>(.get, .v5, path: "/repos/\(owner)/\(project.path)/tags",
                                       query: [QueryItem("sort", "created")]) { $0.body }
            do {
                _ = try await client.send(bogus)
                XCTFail("sort=created is not in the spec")
            } catch GiteeError.validation(let message) {
                XCTAssertEqual(message, "sort does not have a valid value")
            }
        }
    }

    func testBranchesArePagedTwentyAtATime() {
        onMainLoop {
            let server = Fake.server
            let client = Fake.client()
            let project = try XCTUnwrap(server.world.projects.first { !$0.isEmpty && !$0.isPrivate && $0.branches.count > 1 })
            let owner = server.world.owner(of: project).login
            let page = try await client.page(Endpoints.branches(owner: owner, repo: project.path, perPage: 1))
            XCTAssertEqual(page.items.map(\.name), [project.branches[0]])
            XCTAssertEqual(page.totalCount, project.branches.count)
            XCTAssertNotNil(page.next)
        }
    }
}

/// Who stars, watches, forks and contributes: paged as the spec pages each, shaped as its schema says.
final class ProjectPeopleTests: XCTestCase {
    func testStargazersAndWatchersArePagedPeople() {
        onMainLoop {
            let server = Fake.server
            let client = Fake.client()
            let project = try XCTUnwrap(server.world.projects.first { !$0.isEmpty && !$0.isPrivate && $0.baseStars > 25 })
            let owner = server.world.owner(of: project).login
            let first = try await client.page(Endpoints.stargazers(owner: owner, repo: project.path))
            XCTAssertEqual(first.items.count, 20, "20 a page, the spec's default")
            XCTAssertNotNil(first.next)
            let second = try await client.page(Endpoints.stargazers(owner: owner, repo: project.path), at: first.next)
            XCTAssertTrue(Set(first.items.map(\.login)).isDisjoint(with: second.items.map(\.login)), "page two is new people")
            XCTAssertFalse(first.items.contains { $0.login == owner }, "the owner is not among the stargazers")
            let watchers = try await client.page(Endpoints.watchers(owner: owner, repo: project.path, perPage: 5))
            XCTAssertLessThanOrEqual(watchers.items.count, 5)
            XCTAssertTrue(watchers.items.allSatisfy { !$0.login.isEmpty })
        }
    }

    func testForksAreProjectsAndContributorsComeInOneAnswer() {
        onMainLoop {
            let server = Fake.server
            let client = Fake.client()
            let project = try XCTUnwrap(server.world.projects.first { !$0.isEmpty && !$0.isPrivate && $0.forks > 3 })
            let owner = server.world.owner(of: project).login
            let forks = try await client.page(Endpoints.forks(owner: owner, repo: project.path, perPage: 3))
            XCTAssertEqual(forks.items.count, 3)
            XCTAssertTrue(forks.items.allSatisfy(\.isFork), "a fork says it is one")
            let fork = try XCTUnwrap(forks.items.first)
            let opened = try await client.send(Endpoints.project(owner: fork.ownerPath, repo: fork.repoPath))
            XCTAssertEqual(opened.fullName, fork.fullName, "a fork opens like any project")

            let contributors = try await client.page(Endpoints.contributors(owner: owner, repo: project.path))
            XCTAssertNil(contributors.next, "one answer: the spec does not page contributors")
            XCTAssertFalse(contributors.items.isEmpty)
            XCTAssertEqual(contributors.items.map(\.contributions), contributors.items.map(\.contributions).sorted(by: >))
            let branch = try XCTUnwrap(project.defaultBranch)
            let commits = try await client.all(Endpoints.commits(owner: owner, repo: project.path, branch: branch, perPage: 100))
            XCTAssertEqual(contributors.items.reduce(0) { $0 + $1.contributions }, commits.count, "every commit counted once")

            let bogus = Endpoint<Data>(.get, .v5, path: "/repos/\(owner)/\(project.path)/forks",
                                       query: [QueryItem("sort", "updated")]) { $0.body }
            do {
                _ = try await client.send(bogus)
                XCTFail("sort=updated is not in the spec")
            } catch GiteeError.validation(let message) {
                XCTAssertEqual(message, "sort does not have a valid value")
            }
        }
    }

    func testRecordedShapeOfAContributorDecodesAndNegativeCountsAreClamped() throws {
        let people = try JSONNodeDecoding.decode([Contributor].self, from: Data(
            #"[{"email":"a@b.c","name":"A","contributions":12},{"name":"B","contributions":-4}]"#.utf8))
        XCTAssertEqual(people, [Contributor(name: "A", email: "a@b.c", contributions: 12),
                                Contributor(name: "B", email: "", contributions: 0)])
        XCTAssertEqual(try JSONNodeDecoding.decode([Contributor].self, from: try JSONEncoder().encode(people)), people)
    }
}

/// Search for people and issues against FakeGitee: `q` required, whole words, the spec's filter values only, paged.
final class SearchMoreTests: XCTestCase {
    func testPeopleSearchFindsByLoginAndPages() {
        onMainLoop {
            let server = Fake.server
            let client = Fake.client()
            let person = try XCTUnwrap(server.world.users.first { !$0.isOrganization })
            let found = try await client.page(Endpoints.searchUsers(person.login))
            XCTAssertTrue(found.items.contains { $0.login == person.login }, "\(person.login) finds them")
            let sorted = try await client.page(Endpoints.searchUsers(person.login, sort: .newest))
            XCTAssertEqual(Set(sorted.items.map(\.login)), Set(found.items.map(\.login)))
            let nothing = try await client.page(Endpoints.searchUsers("qqqqzzzz"))
            XCTAssertTrue(nothing.items.isEmpty)
            do {
                _ = try await client.send(Endpoint<Data>(.get, .v5, path: "/search/users") { $0.body })
                XCTFail("q is required")
            } catch GiteeError.validation(let message) {
                XCTAssertEqual(message, "q is missing")
            }
        }
    }

    func testIssueSearchFiltersByStateAndCarriesTheProject() {
        onMainLoop {
            let client = Fake.client()
            let popular = try await client.page(Endpoints.search("a", sort: .stars, perPage: 20)).items
            let project = try XCTUnwrap(popular.first { $0.openIssuesCount > 0 && !$0.isEmpty })
            let issues = try await client.page(Endpoints.issues(owner: project.ownerPath, repo: project.repoPath, state: .all))
            let target = try XCTUnwrap(issues.items.first)
            let word = try XCTUnwrap(target.title.split { !($0.isLetter || $0.isNumber) }.first.map { String($0).lowercased() })
            let found = try await client.page(Endpoints.searchIssues(word, repo: project.fullName, perPage: 100))
            XCTAssertTrue(found.items.contains { $0.number == target.number }, "a word of its title finds it")
            XCTAssertTrue(found.items.allSatisfy { $0.repository?.fullName == project.fullName }, "each says its project")
            let closed = try await client.page(Endpoints.searchIssues(word, state: .closed, sort: .comments,
                                                                      repo: project.fullName, perPage: 100))
            XCTAssertTrue(closed.items.allSatisfy { $0.state == "closed" })
            XCTAssertEqual(closed.items.map(\.commentCount), closed.items.map(\.commentCount).sorted(by: >))
            do {
                _ = try await client.send(Endpoint<Data>(.get, .v5, path: "/search/issues",
                                                         query: [QueryItem("q", word), QueryItem("state", "all")]) { $0.body })
                XCTFail("state=all is not in the spec's enum for search")
            } catch GiteeError.validation(let message) {
                XCTAssertEqual(message, "state does not have a valid value")
            }
        }
    }
}

/// Organisations: the recorded shape decodes, members page, `/user/orgs` needs the token and lists the person's
/// organisations, and a member sees the organisation's private project.
final class OrganizationEndpointTests: XCTestCase {
    func testRecordedOrganisationDecodes() throws {
        let org = try JSONNodeDecoding.decode(Organization.self, from: try Samples.data("org.json"))
        XCTAssertEqual(org.login, "kit101-personal")
        XCTAssertEqual(org.followCount, 1)
        XCTAssertNil(org.description, "an empty description is none")
        XCTAssertNil(org.members, "the recorded answer has the Group fields only")
        let orgs = try JSONNodeDecoding.decode([Organization].self, from: try Samples.data("orgs.json"))
        XCTAssertEqual(orgs.map(\.login), ["kit101-personal"])
    }

    func testMembersMyOrganisationsAndPrivateProjectsForMembers() {
        onMainLoop {
            let server = Fake.server
            let org = try XCTUnwrap(server.world.users.first(where: \.isOrganization))
            let anonymous = Fake.client()
            let member = Fake.client(credential: Fake.demoToken)

            let profile = try await member.send(Endpoints.organization(org.login))
            XCTAssertEqual(profile.login, org.login)
            let members = try await anonymous.page(Endpoints.organizationMembers(org.login, perPage: 3))
            XCTAssertEqual(members.items.count, 3)
            XCTAssertNotNil(members.next)
            XCTAssertGreaterThanOrEqual(members.totalCount ?? 0, 4)

            let mine = try await member.page(Endpoints.myOrganizations())
            XCTAssertTrue(mine.items.contains { $0.login == org.login }, "the demo account belongs to the first organisation")
            do {
                _ = try await anonymous.page(Endpoints.myOrganizations())
                XCTFail("/user/orgs needs a token")
            } catch GiteeError.unauthorized {}

            let asMember = try await member.page(Endpoints.organizationProjects(org.login, loggedIn: true, perPage: 100))
            XCTAssertTrue(asMember.items.contains { $0.repoPath == "internal-handbook" && $0.isPrivate })
            let asStranger = try await anonymous.page(Endpoints.organizationProjects(org.login, perPage: 100))
            XCTAssertFalse(asStranger.items.contains { $0.repoPath == "internal-handbook" })
        }
    }
}
