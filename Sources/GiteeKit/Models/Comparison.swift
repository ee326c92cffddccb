/// `GET .../compare/{base}...{head}` (samples/compare.json): the commits (oldest first, at most 100) and the files
/// with their patches.
public struct Comparison: Sendable, Hashable, Decodable {
    public var commits: [Commit] = []
    public var files: [Commit.ChangedFile] = []
    public var truncated = false

    enum CodingKeys: String, CodingKey { case commits, files, truncated }
}

extension Comparison {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        commits = c.list(.commits)
        files = c.list(.files)
        truncated = c.value(.truncated, or: false)
    }
}

/// A fork's source (`parent` of a project): enough to name it and open it.
public struct ProjectParent: Sendable, Hashable, Codable {
    public var fullName: String
    public var defaultBranch: String?

    enum CodingKeys: String, CodingKey { case fullName = "full_name", defaultBranch = "default_branch" }

    public var owner: String { String(fullName.split(separator: "/").first ?? "") }
    public var name: String { String(fullName.split(separator: "/").dropFirst().first ?? "") }
}

extension ProjectParent {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        fullName = c.text(.fullName) ?? ""
        defaultBranch = c.text(.defaultBranch)
    }
}
