import Foundation

/// A project's tags: every fifth commit of the default branch, oldest `v0.1`, then `v0.2`, ... (deterministic, so
/// tests can name them). Tags exist only where commits do: an empty repository has none.
@MainActor
enum FakeTags {
    struct FakeTag {
        let name: String
        let commit: FakeCommit
    }

    /// Newest first (the order `sort=updated&direction=desc` asks for).
    static func tags(of project: FakeProject, state: WorldState) -> [FakeTag] {
        guard let branch = project.defaultBranch else { return [] }
        let oldestFirst = Array(state.commits(of: project, branch: branch).reversed())
        var tags: [FakeTag] = []
        for index in stride(from: 0, to: oldestFirst.count, by: 5) {
            tags.append(FakeTag(name: "v0.\(tags.count + 1)", commit: oldestFirst[index]))
        }
        return tags.reversed()
    }
}

extension FakeGiteeServer {
    /// `GET /repos/{owner}/{repo}/tags`: paged by `page`/`per_page` (spec), `sort` name|updated and `direction`
    /// asc|desc checked by `ParameterRules`; the shape is the recorded answer's (samples/tags.json: `commit` is
    /// `{sha, date}`, not the spec's string).
    func registerRefRoutes() {
        router.add("GET", "/api/v5/repos/:owner/:repo/tags") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            var tags = FakeTags.tags(of: project, state: state)
            if request.query["sort"] == "name" { tags.sort { $0.name < $1.name } }
            if request.query["direction"] == "asc", request.query["sort"] != "name" { tags.reverse() }
            if request.query["direction"] == "desc", request.query["sort"] == "name" { tags.reverse() }
            let (slice, headers) = Paging.numbered(tags, request)
            return .json(.array(slice.map { tag in
                .object([("name", .string(tag.name)), ("message", .string("Release \(tag.name)")),
                         ("commit", .object([("sha", .string(tag.commit.sha)),
                                             ("date", .string(giteeTime(tag.commit.time)))]))])
            }), headers: headers)
        }
    }
}
