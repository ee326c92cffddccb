/// A Gitee account (person or organisation), as an owner, author or actor (few fields) or a full profile
/// (`GET /user`, `GET /users/{login}`: bio, counts and links filled in).
public struct User: Sendable, Hashable, Identifiable, Codable {
    public var id: Int
    /// The unique handle used in URLs (`kit101`).
    public var login: String
    /// The display name; may be Chinese, may equal `login`.
    public var name: String
    public var avatarURL: String?
    public var htmlURL: String?
    /// "User" or "Organization" (v5); nil when the payload does not say.
    public var kind: String?
    public var bio: String?
    public var blog: String?
    public var weibo: String?
    public var email: String?
    public var publicRepos: Int?
    public var followers: Int?
    public var following: Int?
    /// Projects this user starred (Gitee spells the key `stared`).
    public var starred: Int?
    public var watched: Int?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?

    public init(id: Int, login: String, name: String? = nil, avatarURL: String? = nil) {
        self.id = id
        self.login = login
        self.name = name ?? login
        self.avatarURL = avatarURL
    }

    enum CodingKeys: String, CodingKey {
        case id, login, name, bio, blog, weibo, email, followers, following, watched
        case kind = "type", starred = "stared"
        case avatarURL = "avatar_url", htmlURL = "html_url", publicRepos = "public_repos"
        case createdAt = "created_at", updatedAt = "updated_at"
    }

    /// Read, never written: v3 spellings (explore payloads) and namespace-like objects.
    enum OtherSpellings: String, CodingKey {
        case username, path, newPortrait = "new_portrait", portraitURL = "portrait_url"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let other = try decoder.container(keyedBy: OtherSpellings.self)
        id = c.value(.id, or: 0)
        login = c.text(.login) ?? other.text(.username) ?? other.text(.path) ?? ""
        name = c.text(.name) ?? login
        avatarURL = c.text(.avatarURL) ?? other.text(.newPortrait) ?? other.text(.portraitURL)
        htmlURL = c.text(.htmlURL)
        kind = c.text(.kind)
        bio = c.text(.bio)
        blog = c.text(.blog)
        weibo = c.text(.weibo)
        email = c.text(.email)
        publicRepos = c.optional(.publicRepos)
        followers = c.optional(.followers)
        following = c.optional(.following)
        starred = c.optional(.starred)
        watched = c.optional(.watched)
        createdAt = c.optional(.createdAt)
        updatedAt = c.optional(.updatedAt)
    }

    public var isOrganization: Bool { kind?.lowercased().hasPrefix("org") ?? false }
}

/// Where a project lives: a person's space ("personal"), an organisation ("group") or an enterprise.
public struct Namespace: Sendable, Hashable, Codable {
    public var id: Int
    /// "personal", "group" or "enterprise" as Gitee sends it (the spec's description is wrong about this).
    public var kind: String?
    public var name: String
    public var path: String
    public var htmlURL: String?

    enum CodingKeys: String, CodingKey { case id, kind = "type", name, path, htmlURL = "html_url" }

    public var isOrganization: Bool { kind == "group" }
}

extension Namespace {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        kind = c.text(.kind)
        path = c.value(.path, or: "")
        name = c.text(.name) ?? path
        htmlURL = c.text(.htmlURL)
    }
}
