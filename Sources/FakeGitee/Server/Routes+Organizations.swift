import Foundation

/// Who belongs to an organisation (issue 28): the members the world was made with (`World.organisationMembers`: the
/// first fixture account belongs to the first organisation, which owns the private `internal-handbook`) and 4 to 24
/// people seeded by the organisation.
@MainActor
enum FakeOrganizations {
    static func members(of org: FakeUser, world: World) -> [FakeUser] {
        var random = SeededRandom(seed: world.seed, UInt64(org.id), 67)
        let people = world.users.filter { !$0.isOrganization }
        var chosen = (world.organisationMembers[org.id] ?? []).sorted().compactMap { world.user(id: $0) }
        var pool = people.filter { person in !chosen.contains { $0.id == person.id } }
        let count = random.int(4...24)
        while chosen.count < count, !pool.isEmpty { chosen.append(pool.remove(at: random.int(0...(pool.count - 1)))) }
        return chosen
    }
}

extension FakeGiteeServer {
    /// `GET /orgs/{org}/members` (paged; `role` all|admin|member per the spec, checked by `ParameterRules`, not acted
    /// on) and `GET /user/orgs` (token required; the organisations whose members include the token's person; paged;
    /// each the spec's `Group`, the shape of samples/orgs.json).
    func registerOrganizationRoutes() {
        router.add("GET", "/api/v5/orgs/:org/members") { [unowned self] request, parameters in
            guard let org = world.user(login: parameters["org"] ?? ""), org.isOrganization else { return .notFound("Group Not Found") }
            let (slice, headers) = Paging.numbered(FakeOrganizations.members(of: org, world: world), request)
            let renderer = self.renderer
            return .json(.array(slice.map(renderer.userBasic)), headers: headers)
        }
        router.add("GET", "/api/v5/user/orgs") { [unowned self] request, _ in
            guard let viewer = request.viewer else { return Self.loginRequired }
            let orgs = world.users.filter { $0.isOrganization && FakeOrganizations.members(of: $0, world: world).contains { $0.id == viewer.id } }
            let (slice, headers) = Paging.numbered(orgs, request)
            return .json(.array(slice.map(organizationJSON)), headers: headers)
        }
    }

    /// The spec's `Group`, as samples/org.json.
    func organizationJSON(_ org: FakeUser) -> JSON {
        .object([("id", .int(org.id)), ("login", .string(org.login)), ("name", .string(org.name)),
                 ("url", .string("\(renderer.api)/orgs/\(org.login)")), ("avatar_url", .string(renderer.avatarURL(org))),
                 ("repos_url", .string("\(renderer.api)/orgs/\(org.login)/repos")),
                 ("events_url", .string("\(renderer.api)/orgs/\(org.login)/events")),
                 ("members_url", .string("\(renderer.api)/orgs/\(org.login)/members{/member}")),
                 ("description", .string(org.bio ?? "")), ("follow_count", .int(org.followers))])
    }
}
