import Foundation

/// A person or organisation of the generated world.
public struct FakeUser: Sendable, Hashable {
    public let id: Int
    public let login: String
    public let name: String
    public let isOrganization: Bool
    let bio: String?
    let blog: String?
    let weibo: String?
    let email: String?
    let createdAt: Int
    public let followers: Int
    public let following: Int
}

/// A repository of the generated world. Counts are the generated baseline; stars and watches made through the API
/// are added by `WorldState`.
public struct FakeProject: Sendable, Hashable {
    public let id: Int
    public let ownerID: Int
    public let path: String
    public let name: String
    public let description: String?
    public let language: String?
    let license: String?
    let homepage: String?
    let baseStars: Int
    let forks: Int
    let baseWatches: Int
    let recommend: Bool
    let gvp: Bool
    let isFork: Bool
    /// An empty repository: no files, `default_branch: null`.
    public let isEmpty: Bool
    let createdAt: Int
    let updatedAt: Int
    let pushedAt: Int
    /// Grows when a branch is created through the API (`WorldState.createBranch`).
    public internal(set) var branches: [String]
    /// A private repository: only its owner (with a token) sees it; everyone else gets 404 (`World.isVisible`).
    public internal(set) var isPrivate = false
    public var defaultBranch: String? { isEmpty ? nil : branches.first }
    /// A fork made through the API: the project it was forked from (`parent` in the answer).
    public internal(set) var parentID: Int? = nil
}

/// The whole generated world: immutable after creation (mutations live in `WorldState`).
public struct World: Sendable {
    public let seed: UInt64
    public let users: [FakeUser]
    /// Generated; a project's `branches` change when a branch is created through the API.
    public internal(set) var projects: [FakeProject]
    let userIndexByLogin: [String: Int]
    let projectIndexByFullName: [String: Int]
    let projectIndexByID: [Int: Int]
    /// Precomputed orders for the explore lists.
    let featuredOrder: [Int]
    let popularOrder: [Int]
    let latestOrder: [Int]
    let projectsByLanguage: [String: [Int]]
    let projectsByOwner: [Int: [Int]]
    /// Private repositories, kept apart from `projects` so no public list, search or event can ever name them.
    public internal(set) var privateProjects: [FakeProject] = []
    /// Organisation id -> the ids of its members (the first fixture account belongs to the first organisation, which
    /// has one private project: members see it in `orgs/{org}/repos` with their token, nobody else does).
    public internal(set) var organisationMembers: [Int: Set<Int>] = [:]
    /// Forks made through the API (`POST /repos/{o}/{r}/forks`), looked up like the generated projects.
    public internal(set) var forkedProjects: [FakeProject] = []
    /// "Now" of the world: fixed, so replies are reproducible (2026-11-01T12:00:00+08:00).
    static let now = 1_793_505_600
    /// When a write through the API happens: the clock, but never before the world's `now`.
    static var writeTime: Int { max(now, Int(Date().timeIntervalSince1970)) }

    public func user(login: String) -> FakeUser? {
        userIndexByLogin[login.lowercased()].map { users[$0] }
    }
    public func user(id: Int) -> FakeUser? { id >= 1 && id <= users.count ? users[id - 1] : nil }
    public func project(owner: String, repo: String) -> FakeProject? {
        if let index = projectIndexByFullName["\(owner)/\(repo)".lowercased()] { return projects[index] }
        if let fork = forkedProjects.first(where: { "\(self.owner(of: $0).login)/\($0.path)".lowercased() == "\(owner)/\(repo)".lowercased() }) {
            return fork
        }
        return privateProjects.first { "\(self.owner(of: $0).login)/\($0.path)".lowercased() == "\(owner)/\(repo)".lowercased() }
    }
    public func project(id: Int) -> FakeProject? {
        projectIndexByID[id].map { projects[$0] } ?? forkedProjects.first { $0.id == id } ?? privateProjects.first { $0.id == id }
    }

    /// The one visibility rule: a private repository exists only for its owner (and, when an organisation owns it,
    /// for the organisation's members).
    public func isVisible(_ project: FakeProject, to viewer: FakeUser?) -> Bool {
        guard project.isPrivate else { return true }
        guard let viewer else { return false }
        return viewer.id == project.ownerID || organisationMembers[project.ownerID]?.contains(viewer.id) == true
    }
    /// Changes one project wherever it is kept (generated, forked or private).
    mutating func update(projectID id: Int, _ change: (inout FakeProject) -> Void) {
        if let index = projectIndexByID[id] { change(&projects[index]) }
        if let index = forkedProjects.firstIndex(where: { $0.id == id }) { change(&forkedProjects[index]) }
        if let index = privateProjects.firstIndex(where: { $0.id == id }) { change(&privateProjects[index]) }
    }

    public func owner(of project: FakeProject) -> FakeUser { users[project.ownerID - 1] }
    public func fullName(of project: FakeProject) -> String { "\(owner(of: project).login)/\(project.path)" }

    public static func languageID(_ name: String) -> Int? {
        Vocabulary.languages.firstIndex(of: name).map { $0 + 1 }
    }
}

/// Times as Gitee writes them: ISO 8601 in China Standard Time.
func giteeTime(_ unix: Int) -> String {
    let local = unix + 8 * 3600
    let days = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    let secondsOfDay = local - days * 86_400
    // Civil-from-days (Howard Hinnant).
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(year)-\(two(month))-\(two(day))T\(two(secondsOfDay / 3600)):\(two(secondsOfDay / 60 % 60)):\(two(secondsOfDay % 60))+08:00"
}
