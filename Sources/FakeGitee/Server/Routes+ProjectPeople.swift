import Foundation

/// Who stars, watches, forks and contributes to a project (issue 28). Lists are deterministic from the world seed
/// and the project, and as long as the project's counts say (at most every user of the world).
@MainActor
enum FakeProjectPeople {
    /// `count` distinct users (organisations never star or watch), in a seeded order.
    static func people(of project: FakeProject, world: World, salt: UInt64, count: Int) -> [FakeUser] {
        let people = world.users.filter { !$0.isOrganization && $0.id != project.ownerID }
        var random = SeededRandom(seed: world.seed, UInt64(project.id), salt)
        var pool = people
        var chosen: [FakeUser] = []
        while chosen.count < min(count, people.count), !pool.isEmpty {
            chosen.append(pool.remove(at: random.int(0...(pool.count - 1))))
        }
        return chosen
    }

    /// Forks: other projects of the world marked as forks, as many as the project's `forks_count` (the world has no
    /// fork links of its own, so these stand in; each one opens like any project).
    static func forks(of project: FakeProject, world: World) -> [FakeProject] {
        let candidates = world.projects.filter { $0.isFork && $0.id != project.id && !$0.isPrivate }
        guard !candidates.isEmpty else { return [] }
        var random = SeededRandom(seed: world.seed, UInt64(project.id), 53)
        var pool = candidates, chosen: [FakeProject] = []
        while chosen.count < min(project.forks, 60), !pool.isEmpty {
            chosen.append(pool.remove(at: random.int(0...(pool.count - 1))))
        }
        return chosen
    }
}

extension FakeGiteeServer {
    /// `/stargazers` and `/subscribers` (paged, `page`/`per_page`; items are the spec's `ProjectStargazers` /
    /// `ProjectWatchers`: a user plus `star_at` / `watch_at`), `/forks` (paged; `sort` newest|oldest|stargazers
    /// checked by `ParameterRules`), `/contributors` (the spec gives it no paging: one answer; `type`
    /// authors|committers; items `{email, name, contributions}` counted from the default branch's commits).
    func registerProjectPeopleRoutes() {
        for (segment, salt, timeKey) in [("stargazers", UInt64(59), "star_at"), ("subscribers", UInt64(61), "watch_at")] {
            router.add("GET", "/api/v5/repos/:owner/:repo/\(segment)") { [unowned self] request, parameters in
                guard let project = project(parameters) else { return Self.projectNotFound }
                let count = segment == "stargazers" ? state.stars(of: project) : state.watches(of: project)
                let people = FakeProjectPeople.people(of: project, world: world, salt: salt, count: count)
                let (slice, headers) = Paging.numbered(Array(people.enumerated()), request)
                let renderer = self.renderer
                return .json(.array(slice.map { index, user in
                    guard case .object(var members) = renderer.userBasic(user) else { return renderer.userBasic(user) }
                    members.append(("member_role", .string("")))
                    members.append((timeKey, .string(giteeTime(project.pushedAt - index * 3_600))))
                    return .object(members)
                }), headers: headers)
            }
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/forks") { [unowned self] request, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            // Forks made through the API come first (newest), then the generated stand-ins.
            var forks = world.forkedProjects.filter { $0.parentID == project.id } + FakeProjectPeople.forks(of: project, world: world)
            switch request.query["sort"] {
            case "oldest": forks.sort { $0.createdAt < $1.createdAt }
            case "stargazers": forks.sort { state.stars(of: $0) > state.stars(of: $1) }
            default: forks.sort { $0.createdAt > $1.createdAt }
            }
            let (slice, headers) = Paging.numbered(forks, request)
            let renderer = self.renderer
            return .json(.array(slice.map { renderer.project($0, viewerID: request.viewer?.id) }), headers: headers)
        }
        router.add("GET", "/api/v5/repos/:owner/:repo/contributors") { [unowned self] _, parameters in
            guard let project = project(parameters) else { return Self.projectNotFound }
            guard let branch = project.defaultBranch else { return .json(.array([])) }
            var counts: [Int: Int] = [:]
            for commit in state.commits(of: project, branch: branch) { counts[commit.authorID, default: 0] += 1 }
            let rows = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            return .json(.array(rows.compactMap { id, contributions in
                world.user(id: id).map { user in
                    .object([("email", .string(user.email ?? "\(user.login)@users.noreply.gitee.com")),
                             ("name", .string(user.name)), ("contributions", .int(contributions))])
                }
            }))
        }
    }
}
