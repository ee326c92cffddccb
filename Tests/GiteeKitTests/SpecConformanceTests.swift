import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// FakeGitee's JSON checked against the schemas of Gitee's published v5 description, for every endpoint it serves.
/// Where the published description disagrees with what the real service sends (see `../shared/gitee/SOURCES.md`),
/// FakeGitee follows the real data; those places are listed in `knownSpecErrors`, each with the evidence.
final class SpecConformanceTests: XCTestCase {
    /// "Schema.property" -> why FakeGitee deliberately differs from the spec there.
    static let knownSpecErrors: [String: String] = [
        "Branch.commit": "samples/branches.json: commit is an object {sha, url}",
        "Tag.commit": "samples/tags.json: commit is an object {sha, date}",
        "CompleteBranch.commit": "samples/branch.json: commit is the whole commit object",
        "CompleteBranch._links": "samples/branch.json: _links is an object {html, self}",
        "Content._links": "samples/content.json, content_list.json: _links is an object {self, html}",
        "Tree.tree[]": "the service lists entry objects {path, mode, type, sha, size, url}, not strings",
        "RepoCommit.commit": "samples/commits.json: commit is an object {author, committer, message, tree}",
        "RepoCommit.parents[]": "samples/commits.json: parents are objects {sha, url}",
        "RepoCommitWithFiles.commit": "samples/commit.json: commit is an object",
        "RepoCommitWithFiles.parents[]": "samples/commit.json: parents are objects {sha, url}",
        "RepoCommitWithFiles.stats": "samples/commit.json: stats is an object {id, additions, deletions, total}",
        "PullRequest.head": "samples/pr.json, pulls.json: head is an object {label, ref, sha, user, repo}",
        "PullRequest.base": "samples/pr.json, pulls.json: base is an object {label, ref, sha, user, repo}",
        "PullRequest._links": "samples/pr.json: _links is an object {self, html, issue, comments, commits...}",
        "PullRequestCommits.commit": "samples/pr_commits.json: commit is an object {author, committer, message...}",
        "PullRequestCommits.committer": "samples/pr_commits.json: committer is a user object",
        "Release.assets[]": "objects {browser_download_url, name}: clients of the site index assets[i][\"browser_download_url\"]",
        "PullRequestFiles.patch": "samples/pr_files.json: patch is an object {diff, new_path, old_path, too_large...}",
    ]

    /// FakeGitee's table of allowed parameter values (`ParameterRules`) is the published description's: every `enum`
    /// of a query parameter on a route in the table, no value more or less, and `per_page` at most the spec's 100.
    func testParameterRulesMatchThePublishedDescription() throws {
        let specData = try XCTUnwrap(FileManager.default.contents(atPath: Samples.specURL.path), "spec not found")
        let spec = try JSONNodeDecoding.decode(JSONValue.self, from: specData)
        guard case .object(let paths)? = spec["paths"] else { return XCTFail("no paths in the spec") }
        // `/api/v5/users/:login/repos` is the spec's `/v5/users/:username/repos`: compared with the names blanked.
        func shape(_ path: String) -> String {
            path.split(separator: "/").map { $0.hasPrefix(":") || $0.hasPrefix("{") ? ":" : String($0) }.joined(separator: "/")
        }
        for (route, rules) in ParameterRules.allowedValues {
            let specPath = try XCTUnwrap(paths.keys.first { shape($0) == shape(String(route.dropFirst("/api".count))) },
                                         "\(route) is not in the spec")
            let operation = try XCTUnwrap(paths[specPath]?["get"], "\(specPath) has no GET")
            guard case .array(let parameters)? = operation["parameters"] else { return XCTFail("no parameters for \(specPath)") }
            var enums: [String: [String]] = [:]
            for parameter in parameters where parameter["in"]?.stringValue == "query" {
                guard let name = parameter["name"]?.stringValue else { continue }
                if case .array(let values)? = parameter["schema"]?["enum"] { enums[name] = values.compactMap(\.stringValue) }
                if name == "per_page", let maximum = parameter["schema"]?["maximum"] {
                    XCTAssertEqual(maximum, .number(Double(ParameterRules.perPageRange.upperBound)), specPath)
                }
            }
            XCTAssertEqual(rules, enums, specPath)
        }
    }

    func testEveryServedEndpointMatchesThePublishedSchemas() throws {
        let specData = try XCTUnwrap(FileManager.default.contents(atPath: Samples.specURL.path), "spec not found")
        let spec = try JSONNodeDecoding.decode(JSONValue.self, from: specData)
        let validator = SchemaValidator(schemas: spec["components"]?["schemas"] ?? .null)
        let paths = spec["paths"] ?? .null
        onMainLoop(timeout: 60) {
            let server = Fake.server
            let world = server.world
            let client = Fake.client(credential: Fake.demoToken)
            let candidates = try await client.page(Endpoints.search("a", sort: .stars, perPage: 100)).items
            let project = try XCTUnwrap(candidates.first { $0.openIssuesCount > 0 && !$0.isEmpty })
            let repo = "/api/v5/repos/\(project.fullName)"
            let branch = try await client.send(Endpoints.branches(owner: project.ownerPath, repo: project.repoPath))[0]
            let tree = try await client.send(Endpoints.tree(owner: project.ownerPath, repo: project.repoPath, sha: branch.name))
            let blob = try XCTUnwrap(tree.entries.first { !$0.isFolder })
            let issues = try await client.page(Endpoints.issues(owner: project.ownerPath, repo: project.repoPath, state: .all))
            let issue = try XCTUnwrap(issues.items.first { $0.commentCount > 0 })
            let org = try XCTUnwrap(world.users.first { $0.isOrganization })
            let busy = try XCTUnwrap(world.users.first { $0.followers > 3 && $0.following > 3 })
            let pullProject = try await PullRequestServerTests.projectWithPullRequests(client, atLeast: 1)
            let pulls = "/api/v5/repos/\(pullProject.fullName)/pulls"
            let pull = try await client.page(Endpoints.pullRequests(owner: pullProject.ownerPath, repo: pullProject.repoPath,
                                                                    state: .all)).items[0].number
            let released = try XCTUnwrap(world.projects.first { !Releases.of($0, world: world).isEmpty })
            let releases = "/api/v5/repos/\(world.owner(of: released).login)/\(released.path)/releases"
            let releaseTag = Releases.of(released, world: world)[0].tag
            var commented: Int?
            for number in try await client.page(Endpoints.pullRequests(
                owner: pullProject.ownerPath, repo: pullProject.repoPath, state: .all, perPage: 100)).items.map(\.number) {
                let comments = try await client.page(Endpoints.pullRequestComments(
                    owner: pullProject.ownerPath, repo: pullProject.repoPath, number: number))
                if !comments.items.isEmpty { commented = number; break }
            }
            let pullWithComments = try XCTUnwrap(commented)
            // A check run of a pull request's head (FakeGitee gives number 1 three runs; docs/FAKE-GITEE.md). Only the
            // single run is checked here: the lists are arrays where the description types one object (assumed there).
            let pullsOfProject = try await client.page(Endpoints.pullRequests(
                owner: pullProject.ownerPath, repo: pullProject.repoPath, state: .all, perPage: 100)).items
            let checkedPull = try XCTUnwrap(pullsOfProject.first { $0.number % 4 == 1 })
            let checkRuns = try await client.send(Endpoints.checkRuns(owner: pullProject.ownerPath, repo: pullProject.repoPath,
                                                                      ref: checkedPull.head.sha ?? ""))
            let checkRun = try XCTUnwrap(checkRuns.runs.first)
            let calls: [(spec: String, method: String, url: String, form: [QueryItem]?)] = [
                ("/v5/repos/:owner/:repo", "get", repo, nil),
                ("/v5/repos/:owner/:repo/readme", "get", "\(repo)/readme", nil),
                ("/v5/repos/:owner/:repo/contents(/:path)", "get", "\(repo)/contents/docs", nil),
                ("/v5/repos/:owner/:repo/git/trees/:sha", "get", "\(repo)/git/trees/\(branch.name)?recursive=1", nil),
                ("/v5/repos/:owner/:repo/git/blobs/:sha", "get", "\(repo)/git/blobs/\(blob.sha)", nil),
                ("/v5/repos/:owner/:repo/branches", "get", "\(repo)/branches", nil),
                ("/v5/repos/:owner/:repo/branches/:branch", "get", "\(repo)/branches/\(branch.name)", nil),
                ("/v5/repos/:owner/:repo/tags", "get", "\(repo)/tags?sort=updated&direction=desc", nil),
                ("/v5/repos/:owner/:repo/stargazers", "get", "\(repo)/stargazers", nil),
                ("/v5/repos/:owner/:repo/subscribers", "get", "\(repo)/subscribers", nil),
                ("/v5/repos/:owner/:repo/forks", "get", "\(repo)/forks?sort=newest", nil),
                ("/v5/repos/:owner/:repo/contributors", "get", "\(repo)/contributors", nil),
                ("/v5/search/users", "get", "/api/v5/search/users?q=\(busy.login)&sort=joined_at&order=desc", nil),
                ("/v5/search/issues", "get", "/api/v5/search/issues?q=a&repo=\(project.fullName)&state=open", nil),
                ("/v5/repos/:owner/:repo/commits", "get", "\(repo)/commits", nil),
                ("/v5/repos/:owner/:repo/commits/:sha", "get", "\(repo)/commits/\(branch.commitSHA)", nil),
                ("/v5/repos/:owner/:repo/events", "get", "\(repo)/events", nil),
                ("/v5/repos/:owner/:repo/issues", "get", "\(repo)/issues?state=all", nil),
                ("/v5/repos/:owner/:repo/issues/:number", "get", "\(repo)/issues/\(issue.number)", nil),
                ("/v5/repos/:owner/:repo/issues/:number/comments", "get", "\(repo)/issues/\(issue.number)/comments", nil),
                ("/v5/repos/:owner/issues", "post", "/api/v5/repos/\(project.ownerPath)/issues",
                 [QueryItem("repo", project.repoPath), QueryItem("title", "spec check")]),
                ("/v5/repos/:owner/:repo/issues/:number/comments", "post", "\(repo)/issues/\(issue.number)/comments",
                 [QueryItem("body", "spec check")]),
                ("/v5/user", "get", "/api/v5/user", nil),
                ("/v5/user/repos", "get", "/api/v5/user/repos", nil),
                ("/v5/user/starred", "get", "/api/v5/user/starred", nil),
                ("/v5/user/subscriptions", "get", "/api/v5/user/subscriptions", nil),
                ("/v5/users/:username", "get", "/api/v5/users/mayun-demo", nil),
                ("/v5/users/:username/repos", "get", "/api/v5/users/mayun-demo/repos", nil),
                ("/v5/users/:username/starred", "get", "/api/v5/users/mayun-demo/starred", nil),
                ("/v5/users/:username/subscriptions", "get", "/api/v5/users/mayun-demo/subscriptions", nil),
                ("/v5/users/:username/events", "get", "/api/v5/users/mayun-demo/events", nil),
                ("/v5/users/:username/followers", "get", "/api/v5/users/\(busy.login)/followers", nil),
                ("/v5/users/:username/following", "get", "/api/v5/users/\(busy.login)/following", nil),
                ("/v5/user/followers", "get", "/api/v5/user/followers", nil),
                ("/v5/user/following", "get", "/api/v5/user/following", nil),
                ("/v5/users/:username/received_events", "get", "/api/v5/users/mayun-demo/received_events", nil),
                ("/v5/orgs/:org", "get", "/api/v5/orgs/\(org.login)", nil),
                ("/v5/orgs/:org/repos", "get", "/api/v5/orgs/\(org.login)/repos", nil),
                ("/v5/orgs/:org/members", "get", "/api/v5/orgs/\(org.login)/members", nil),
                ("/v5/user/orgs", "get", "/api/v5/user/orgs", nil),
                ("/v5/search/repositories", "get", "/api/v5/search/repositories?q=vue", nil),
                ("/v5/repos/:owner/:repo/pulls", "get", "\(pulls)?state=all", nil),
                ("/v5/repos/:owner/:repo/pulls/:number", "get", "\(pulls)/\(pull)", nil),
                ("/v5/repos/:owner/:repo/pulls/:number/commits", "get", "\(pulls)/\(pull)/commits", nil),
                ("/v5/repos/:owner/:repo/pulls/:number/files", "get", "\(pulls)/\(pull)/files", nil),
                ("/v5/repos/:owner/:repo/pulls/:number/comments", "get", "\(pulls)/\(pullWithComments)/comments", nil),
                ("/v5/notifications/threads", "get", "/api/v5/notifications/threads", nil),
                ("/v5/notifications/messages", "get", "/api/v5/notifications/messages", nil),
                ("/v5/repos/:owner/:repo/releases", "get", "\(releases)?direction=desc", nil),
                ("/v5/repos/:owner/:repo/releases/tags/:tag", "get", "\(releases)/tags/\(releaseTag)", nil),
                ("/v5/notifications/count", "get", "/api/v5/notifications/count", nil),
                ("/v5/repos/:owner/:repo/check-runs/:check_run_id", "get",
                 "/api/v5/repos/\(pullProject.fullName)/check-runs/\(checkRun.id)", nil),
            ]
            var problems: [String] = []
            for call in calls {
                guard let operation = paths[call.spec]?[call.method],
                      let schema = (operation["responses"]?["200"] ?? operation["responses"]?["201"])?["content"]?["application/json"]?["schema"] else {
                    XCTFail("no schema for \(call.method) \(call.spec)")
                    continue
                }
                let parts = call.url.split(separator: "?", maxSplits: 1)
                var endpoint = Endpoint<Data>(call.method == "post" ? .post : .get, .v5, path: String(parts[0].dropFirst("/api/v5".count)),
                                              form: call.form) { $0.body }
                if parts.count > 1 { endpoint.query = FormEncoding.decode(String(parts[1])) }
                let body = try await client.send(endpoint)
                let value = try JSONNodeDecoding.decode(JSONValue.self, from: body)
                if case .array(let items) = value { XCTAssertFalse(items.isEmpty, "\(call.url) answered an empty list: nothing checked") }
                validator.check(value, against: schema, path: "", schemaName: call.spec, into: &problems)
            }
            let unexpected = Set(problems.map { $0.components(separatedBy: ": ")[0] }).subtracting(Self.knownSpecErrors.keys)
            XCTAssertTrue(unexpected.isEmpty, "FakeGitee differs from the spec at: \(unexpected.sorted())\n\(problems.joined(separator: "\n"))")
        }
    }
}

/// A small JSON-Schema subset (type, properties, items, $ref): enough for the shapes of Gitee's description.
/// Presence is not required (the real service omits and nulls freely); what is present must have the declared type.
struct SchemaValidator: Sendable {
    let schemas: JSONValue

    func check(_ value: JSONValue, against schema: JSONValue, path: String, schemaName: String, into problems: inout [String], depth: Int = 0) {
        guard depth < 8 else { return }
        var schema = schema
        var name = schemaName
        if let reference = schema["$ref"]?.stringValue {
            name = String(reference.split(separator: "/").last ?? "")
            schema = schemas[name] ?? .null
        }
        if case .null = value { return }
        let type = schema["type"]?.stringValue ?? (schema["properties"] != nil ? "object" : nil)
        func problem(_ expected: String) {
            let property = path.split(separator: ".").last.map(String.init) ?? ""
            problems.append("\(name).\(property): expected \(expected) at \(path), got \(kind(of: value))")
        }
        switch type {
        case "object":
            guard case .object(let members) = value else { return problem("object") }
            if case .object(let properties)? = schema["properties"] {
                for (property, subschema) in properties {
                    guard let member = members[property] else { continue }
                    check(member, against: subschema, path: path + "." + property, schemaName: name, into: &problems, depth: depth + 1)
                }
            }
        case "array":
            guard case .array(let items) = value else { return problem("array") }
            for item in items.prefix(3) {
                check(item, against: schema["items"] ?? .null, path: path + "[]", schemaName: name, into: &problems, depth: depth + 1)
            }
        case "string":
            guard case .string = value else { return problem("string") }
        case "integer":
            guard case .number(let number) = value, number.rounded() == number else { return problem("integer") }
        case "number":
            guard case .number = value else { return problem("number") }
        case "boolean":
            guard case .bool = value else { return problem("boolean") }
        default:
            return
        }
    }

    private func kind(of value: JSONValue) -> String {
        switch value {
        case .null: return "null"
        case .bool: return "boolean"
        case .number: return "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }
}
