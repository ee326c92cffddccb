/// An organisation (`GET /orgs/{org}`, `GET /user/orgs`): the spec's `Group` / `GroupDetail`. Real answers carry
/// the `Group` fields (samples/org.json, orgs.json); `members` and `public_repos` come only with the detail and may be
/// missing.
public struct Organization: Sendable, Hashable, Codable {
    public var id: Int
    public var login: String
    public var name: String
    public var description: String?
    public var avatarURL: String?
    public var htmlURL: String?
    public var members: Int?
    public var publicRepos: Int?
    public var followCount: Int?

    enum CodingKeys: String, CodingKey {
        case id, login, name, description, members
        case avatarURL = "avatar_url", htmlURL = "html_url", publicRepos = "public_repos", followCount = "follow_count"
    }
}

extension Organization {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        login = c.value(.login, or: "")
        name = c.value(.name, or: "")
        description = c.text(.description)
        avatarURL = c.text(.avatarURL)
        htmlURL = c.text(.htmlURL)
        // Outside numbers: never negative.
        members = (c.optional(.members) as Int?).map { max(0, $0) }
        publicRepos = (c.optional(.publicRepos) as Int?).map { max(0, $0) }
        followCount = (c.optional(.followCount) as Int?).map { max(0, $0) }
    }
}

extension Endpoints {
    /// `GET /orgs/{org}`. Carries the token when logged in (a member may see more: issue 28 asks for it).
    public static func organization(_ org: String) -> Endpoint<Organization> {
        Endpoint(.get, .v5, path: path("orgs", org))
    }

    /// `GET /orgs/{org}/members`, page-based; with the token when logged in (membership may be private).
    public static func organizationMembers(_ org: String, perPage: Int = defaultPageSize) -> Endpoint<[User]> {
        Endpoint(.get, .v5, path: path("orgs", org, "members"), paging: .numbered(perPage: perPage))
    }

    /// `GET /user/orgs`: the organisations the token's person belongs to, page-based.
    public static func myOrganizations(perPage: Int = defaultPageSize) -> Endpoint<[Organization]> {
        Endpoint(.get, .v5, path: "/user/orgs", requiresAuth: true, paging: .numbered(perPage: perPage))
    }
}
