import XCTest
@testable import GiteeKit

/// Every real recorded Gitee response decodes, and the fields the app shows have the recorded values.
final class SampleDecodingTests: XCTestCase {
    private func decode<T: Decodable>(_ type: T.Type, _ name: String) throws -> T {
        try JSONNodeDecoding.decode(type, from: try Samples.data(name))
    }

    func testRepository() throws {
        let project = try decode(Project.self, "repo.json")
        XCTAssertEqual(project.id, 14_836_026)
        XCTAssertEqual(project.fullName, "kit101/drone-yml-test")
        XCTAssertEqual(project.ownerPath, "kit101")
        XCTAssertEqual(project.repoPath, "drone-yml-test")
        XCTAssertEqual(project.owner.login, "kit101")
        XCTAssertEqual(project.namespace?.kind, "personal")
        XCTAssertNil(project.language, "language is null in real data")
        XCTAssertNil(project.license)
        XCTAssertNil(project.description, "an empty description is treated as none")
        XCTAssertEqual(project.defaultBranch, "master")
        XCTAssertEqual(project.watchersCount, 1)
        XCTAssertEqual(project.openIssuesCount, 2)
        XCTAssertEqual(project.isStarred, false)
        XCTAssertEqual(project.isWatched, true)
        XCTAssertEqual(project.permission?.admin, true)
        XCTAssertEqual(project.pushedAt?.text, "2021-09-30T18:10:23+08:00")
        XCTAssertEqual(project.pushedAt?.date, Date(timeIntervalSince1970: 1_632_996_623))
        XCTAssertTrue(project.htmlURL?.hasSuffix(".git") ?? false)
        XCTAssertFalse(project.isRecommended)
    }

    func testRepositoryList() throws {
        let projects = try decode([Project].self, "repos.json")
        XCTAssertEqual(projects.map(\.fullName), ["kit101/drone-yml-test"])
    }

    func testOrganisationRepository() throws {
        let project = try decode(Project.self, "openharmony_org_repo_item.json")
        XCTAssertEqual(project.fullName, "openharmony/aafwk_aafwk_lite")
        XCTAssertEqual(project.license, "Apache-2.0")
        XCTAssertEqual(project.namespace?.isOrganization, true)
        XCTAssertEqual(project.stargazersCount, 81)
        XCTAssertFalse(project.isGVP, "gvp is missing here: defaults to false")
    }

    func testUsers() throws {
        let user = try decode(User.self, "user.json")
        XCTAssertEqual(user.id, 1_535_738)
        XCTAssertEqual(user.login, "kit101")
        XCTAssertEqual(user.starred, 12)
        XCTAssertEqual(user.watched, 17)
        XCTAssertEqual(user.followers, 2)
        XCTAssertNil(user.blog)
        XCTAssertEqual(user.createdAt?.text, "2017-09-15T11:34:30+08:00")
        let other = try decode(User.self, "okauth_v5_user.json")
        XCTAssertEqual(other.login, "wautsns")
        XCTAssertEqual(other.name, "独自漫步〃寂静の夜空下")
        XCTAssertNil(other.email)
        XCTAssertEqual(other.watched, 3)
    }

    func testOrganisations() throws {
        let org = try decode(User.self, "org.json")
        XCTAssertEqual(org.login, "kit101-personal")
        XCTAssertNotNil(org.avatarURL)
        XCTAssertEqual(try decode([User].self, "orgs.json").count, 1)
        let membership = try decode(JSONValue.self, "membership.json")
        XCTAssertNotNil(membership["organization"]?["login"]?.stringValue)
    }

    func testBranches() throws {
        let branch = try decode(Branch.self, "branch.json")
        XCTAssertEqual(branch.name, "master")
        XCTAssertEqual(branch.commitSHA, "e3c0ff4d5cef439ea11b30866fb1ed79b420801d")
        let branches = try decode([Branch].self, "branches.json")
        XCTAssertEqual(branches.map(\.name), ["master"])
        XCTAssertFalse(branches[0].isProtected)
    }

    func testCommitWithFiles() throws {
        let commit = try decode(Commit.self, "commit.json")
        XCTAssertEqual(commit.sha, "e3c0ff4d5cef439ea11b30866fb1ed79b420801d")
        XCTAssertEqual(commit.title, "add/update/delete/rename")
        XCTAssertEqual(commit.authorName, "kit101")
        XCTAssertEqual(commit.authorEmail, "qkssk1711@163.com")
        XCTAssertEqual(commit.authoredAt?.text, "2021-08-23T23:45:53+08:00")
        XCTAssertEqual(commit.author?.login, "kit101")
        XCTAssertEqual(commit.parentSHAs.first, "537575f44a09c57dfc472e26fe067754fd2f9374")
        XCTAssertEqual(commit.stats?.total, 7)
        XCTAssertEqual(commit.files.count, 4)
        XCTAssertTrue(commit.files.allSatisfy { !$0.filename.isEmpty })
        XCTAssertNotNil(commit.files.first?.patch)
        let changes = try decode(Commit.self, "changes.json")
        XCTAssertEqual(changes.files.first?.filename, "rename.4.txt")
        XCTAssertEqual(changes.files.first?.status, "modified")
    }

    func testCommitList() throws {
        let commits = try decode([Commit].self, "commits.json")
        XCTAssertEqual(commits.count, 3)
        XCTAssertEqual(commits[0].shortSHA, "e3c0ff4")
        XCTAssertTrue(commits.allSatisfy(\.files.isEmpty), "lists carry no files")
        let pullCommits = try decode([Commit].self, "pr_commits.json")
        XCTAssertEqual(pullCommits.count, 1)
    }

    func testCompareAndFiles() throws {
        let compare = try decode(CompareReply.self, "compare.json")
        XCTAssertFalse(compare.commits.isEmpty)
        XCTAssertFalse(compare.files.isEmpty)
        let files = try decode([Commit.ChangedFile].self, "pr_files.json")
        XCTAssertEqual(files.count, 4)
    }

    func testFileContent() throws {
        let content = try decode(Content.self, "content.json")
        XCTAssertEqual(content.name, "README.md")
        XCTAssertEqual(content.size, 22)
        XCTAssertEqual(content.text, "# drone-yml-test\n\ntest")
        XCTAssertFalse(content.isDirectory)
    }

    func testFolderListingWithNullSizes() throws {
        let entries = try decode([Content].self, "content_list.json")
        XCTAssertEqual(entries.map(\.name), ["CreateByDroneGiteeProvider.md", "UpdateByDroneGiteeProvider.md", "newdir"])
        XCTAssertTrue(entries.allSatisfy { $0.size == nil }, "real listings send size: null")
        XCTAssertEqual(entries.last?.isDirectory, true)
        XCTAssertNil(entries[0].content)
    }

    func testFileWriteReplies() throws {
        for name in ["content_create.json", "content_update.json", "content_delete.json"] {
            let reply = try decode(JSONValue.self, name)
            XCTAssertNotNil(reply["commit"]?["sha"]?.stringValue, name)
        }
        let created = try JSONNodeDecoding.decode(FileWriteReply.self, from: try Samples.data("content_create.json"))
        XCTAssertEqual(created.content?.kind, "file")
    }

    func testIssue() throws {
        let issue = try decode(Issue.self, "issue.json")
        XCTAssertEqual(issue.id, 7_295_389)
        XCTAssertEqual(issue.number, "I4CD5P")
        XCTAssertEqual(issue.state, "open")
        XCTAssertTrue(issue.isOpen)
        XCTAssertEqual(issue.title, "test issue 1")
        XCTAssertEqual(issue.commentCount, 0)
        XCTAssertEqual(issue.author?.login, "kit101")
        XCTAssertEqual(issue.labels.map(\.name), ["feature"])
        XCTAssertEqual(issue.repository?.fullName, "kit101/drone-yml-test")
        XCTAssertEqual(issue.createdAt?.text, "2021-09-29T09:21:28+08:00")
    }

    func testIssueList() throws {
        XCTAssertEqual(try decode([Issue].self, "issues.json").map(\.number), ["I4CE7W", "I4CD5P"])
    }

    func testComments() throws {
        let comment = try decode(Comment.self, "issue_comment.json")
        XCTAssertEqual(comment.id, 6_877_445)
        XCTAssertEqual(comment.body, "it's ok.")
        XCTAssertEqual(comment.author?.login, "kit101")
        XCTAssertEqual(try decode([Comment].self, "issue_comments.json").count, 1)
        XCTAssertEqual(try decode([Comment].self, "pr_comments.json").count, 1)
        XCTAssertFalse(try decode(Comment.self, "pr_comment.json").body.isEmpty)
    }

    /// An issue and its comments are saved offline as they are encoded (the issue page's saved copy): a recorded
    /// answer read back from its saved form is the same, its milestone included.
    func testIssueAndCommentsReadBackFromTheirSavedForm() throws {
        var issue = try decode(Issue.self, "issue.json")
        issue.milestone = Milestone(number: 3, title: "v1.0", state: "open")
        XCTAssertEqual(try JSONNodeDecoding.decode(Issue.self, from: JSONEncoder().encode(issue)), issue)
        let comments = try decode([Comment].self, "issue_comments.json") + [try decode(Comment.self, "pr_comment.json")]
        XCTAssertEqual(try JSONNodeDecoding.decode([Comment].self, from: JSONEncoder().encode(comments)), comments)
    }

    /// A pull request's page is saved the same way: it, its files (patches), comments and commits, read back equal.
    func testPullRequestPartsReadBackFromTheirSavedForm() throws {
        func roundTrip<T: Codable & Equatable>(_ value: T) throws -> T {
            try JSONNodeDecoding.decode(T.self, from: JSONEncoder().encode(value))
        }
        let pull = try decode(PullRequest.self, "pr.json")
        XCTAssertEqual(try roundTrip(pull), pull)
        let pulls = try decode([PullRequest].self, "pulls.json")
        XCTAssertEqual(try roundTrip(pulls), pulls)
        let files = try decode([PullRequestFile].self, "pr_files.json")
        XCTAssertTrue(files.contains { $0.patch != nil })
        XCTAssertEqual(try roundTrip(files), files)
        let comments = try decode([PullRequestComment].self, "pr_comments.json")
        XCTAssertEqual(try roundTrip(comments), comments)
        let commits = try decode([Commit].self, "pr_commits.json") + decode([Commit].self, "commits.json")
        XCTAssertEqual(try roundTrip(commits), commits)
    }

    func testErrorBody() throws {
        XCTAssertEqual(try decode(ErrorBody.self, "error.json").message, "404 Project Not Found")
        let response = HTTPResponse(status: 404, headers: ["Content-Type": "application/json"], body: try Samples.data("error.json"))
        XCTAssertEqual(HTTPErrorMapping.error(for: response), .notFound("404 Project Not Found"))
    }

    /// Samples without a model of their own (pull requests, hooks, tags) still parse, and their key fields are there.
    func testRemainingSamplesParse() throws {
        XCTAssertNotNil(try decode(JSONValue.self, "pr.json")["number"]?.intValue)
        XCTAssertEqual(try decode([JSONValue].self, "pulls.json").count, 3)
        XCTAssertNotNil(try decode(JSONValue.self, "hook.json")["id"]?.intValue)
        XCTAssertEqual(try decode([JSONValue].self, "hooks.json").count, 1)
        XCTAssertNotNil(try decode(JSONValue.self, "tag.json")["name"]?.stringValue)
        XCTAssertEqual(try decode([JSONValue].self, "tags.json").count, 4)
    }

    /// Guards against a sample being added to the folder without a test.
    func testEverySampleIsCovered() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Samples.directory.path).filter { $0.hasSuffix(".json") }
        XCTAssertEqual(names.count, 34, "a new sample arrived: add field checks for it")
        for name in names { XCTAssertNoThrow(try decode(JSONValue.self, name), name) }
    }
}

/// The reply to file writes: `{content, commit}` (used here only to prove the shape decodes).
private struct FileWriteReply: Decodable {
    let content: Content?
}

private struct CompareReply: Decodable {
    let commits: [Commit]
    let files: [Commit.ChangedFile]
}
