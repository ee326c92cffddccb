/// A repository. Decodes both the v5 shape (`GET /repos/{o}/{r}`, lists, search) and the v3 explore shape
/// (`/api/v3/projects/featured|popular|latest`), so every list in the app shows the same model.
public struct Project: Sendable, Hashable, Identifiable, Codable {
    public var id: Int
    /// The repository's short name for display (`drone-yml-test`).
    public var name: String
    /// The URL path of the repository (usually equal to `name`, can differ).
    public var path: String
    /// "owner/repo" as used in API paths.
    public var fullName: String
    /// The display form of `fullName` (may carry the owner's display name).
    public var humanName: String
    public var description: String?
    public var owner: User
    public var namespace: Namespace?
    public var language: String?
    public var license: String?
    public var homepage: String?
    public var htmlURL: String?
    public var sshURL: String?
    /// `nil` for an empty repository.
    public var defaultBranch: String?
    public var isPrivate: Bool
    public var isFork: Bool
    public var isRecommended: Bool
    public var isGVP: Bool
    public var isEmpty: Bool
    public var stargazersCount: Int
    public var forksCount: Int
    public var watchersCount: Int
    public var openIssuesCount: Int
    public var pushedAt: Timestamp?
    public var createdAt: Timestamp?
    public var updatedAt: Timestamp?
    /// Whether the token's user starred / watches it; `nil` when the payload does not say (v3, anonymous).
    public var isStarred: Bool?
    public var isWatched: Bool?
    public var permission: Permission?
    /// What a fork was forked from (nil for a project that is not a fork, or when the answer does not say).
    public var parent: ProjectParent?

    public struct Permission: Sendable, Hashable, Codable {
        public var pull: Bool
        public var push: Bool
        public var admin: Bool

        enum CodingKeys: String, CodingKey { case pull, push, admin }
        public init(from decoder: Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            pull = c.value(.pull, or: false)
            push = c.value(.push, or: false)
            admin = c.value(.admin, or: false)
        }
    }

    /// The owner segment of API paths (`namespace.path`, else the part of `fullName` before the slash).
    public var ownerPath: String {
        if let slash = fullName.firstIndex(of: "/") { return String(fullName[..<slash]) }
        return namespace?.path ?? owner.login
    }
    /// The repository segment of API paths.
    public var repoPath: String {
        if let slash = fullName.lastIndex(of: "/") { return String(fullName[fullName.index(after: slash)...]) }
        return path
    }

    enum CodingKeys: String, CodingKey {
        case id, name, path, description, owner, namespace, language, license, homepage, permission, parent
        case fullName = "full_name", humanName = "human_name", htmlURL = "html_url", sshURL = "ssh_url"
        case defaultBranch = "default_branch", isPrivate = "private", isEmpty = "empty_repo"
        case isFork = "fork", isRecommended = "recommend", isGVP = "gvp", isStarred = "stared", isWatched = "watched"
        case stargazersCount = "stargazers_count", forksCount = "forks_count", watchersCount = "watchers_count"
        case openIssuesCount = "open_issues_count", pushedAt = "pushed_at", createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// Read, never written: `public` beside `private`, and the v3 explore spellings.
    enum OtherSpellings: String, CodingKey {
        case isPublic = "public", pathWithNamespace = "path_with_namespace", nameWithNamespace = "name_with_namespace"
        case starsCount = "stars_count", watchesCount = "watches_count", lastPushAt = "last_push_at", recomm
        case webURL = "web_url"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let other = try decoder.container(keyedBy: OtherSpellings.self)
        id = c.value(.id, or: 0)
        let namespace: Namespace? = c.optional(.namespace)
        let owner: User = c.optional(.owner) ?? User(id: 0, login: namespace?.path ?? "")
        path = c.text(.path) ?? c.text(.name) ?? ""
        name = c.text(.name) ?? path
        fullName = c.text(.fullName) ?? other.text(.pathWithNamespace) ?? "\(namespace?.path ?? owner.login)/\(path)"
        humanName = c.text(.humanName) ?? other.text(.nameWithNamespace) ?? fullName
        description = c.text(.description)
        self.owner = owner
        self.namespace = namespace
        language = c.text(.language)
        // `license` is a string in real data, an object in some versions: take either.
        license = c.text(.license) ?? (c.optional(.license) as JSONValue?)?["name"]?.stringValue
        homepage = c.text(.homepage)
        htmlURL = c.text(.htmlURL) ?? other.text(.webURL)
        sshURL = c.text(.sshURL)
        defaultBranch = c.text(.defaultBranch)
        isPrivate = c.optional(.isPrivate) ?? !(other.optional(.isPublic) ?? true)
        isFork = c.value(.isFork, or: false)
        isRecommended = c.optional(.isRecommended) ?? other.value(.recomm, or: false)
        isGVP = c.value(.isGVP, or: false)
        isEmpty = c.value(.isEmpty, or: false)
        stargazersCount = c.optional(.stargazersCount) ?? other.value(.starsCount, or: 0)
        forksCount = c.value(.forksCount, or: 0)
        watchersCount = c.optional(.watchersCount) ?? other.value(.watchesCount, or: 0)
        openIssuesCount = c.value(.openIssuesCount, or: 0)
        pushedAt = c.optional(.pushedAt) ?? other.optional(.lastPushAt)
        createdAt = c.optional(.createdAt)
        updatedAt = c.optional(.updatedAt)
        isStarred = c.optional(.isStarred)
        isWatched = c.optional(.isWatched)
        permission = c.optional(.permission)
        parent = (c.optional(.parent) as ProjectParent?).flatMap { $0.fullName.contains("/") ? $0 : nil }
    }
}

extension Project: PagedByID {}

/// Items of lists that page by `prev_id` (the id of the last item seen).
public protocol PagedByID {
    var id: Int { get }
}
