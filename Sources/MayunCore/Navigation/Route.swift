import GiteeKit
import MayunDocument

/// The three explore lists of the Projects tab.
public enum ProjectListKind: String, CaseIterable, Hashable, Sendable {
    case featured, popular, latest

    public var title: String {
        switch self {
        case .featured: tr("Featured")
        case .popular: tr("Popular")
        case .latest: tr("Latest")
        }
    }

    public var emptyText: String {
        switch self {
        case .featured: tr("No featured projects right now.")
        case .popular: tr("No popular projects right now.")
        case .latest: tr("No recently updated projects.")
        }
    }
}

/// Every page that can be pushed over the tabs (the tabs themselves, Projects / Discover / Mine, are `Tab`s; the
/// shortcuts window is an action). The Coordinator turns a route into a `ScreenContent`; MayunUI makes its page.
public enum Route: Hashable, Sendable {
    case projects(ProjectListKind)
    case language(id: Int, name: String)
    case search(query: String)
    case project(RepositoryID)
    case readme(RepositoryID, ref: String?)
    case tree(RepositoryID, ref: String?, path: String)
    case blob(RepositoryID, ref: String?, path: String)
    case image(RepositoryID, ref: String?, path: String)
    case commits(RepositoryID, ref: String?)
    case commit(RepositoryID, sha: String)
    case releases(RepositoryID)
    case release(RepositoryID, tag: String)
    case issues(RepositoryID)
    case issue(RepositoryID, number: String)
    case createIssue(RepositoryID)
    case pullRequests(RepositoryID)
    /// `opensFiles`: a link to the pull request's `/files` opens it on Files changed.
    case pullRequest(RepositoryID, number: Int, opensFiles: Bool = false)
    case notifications
    case user(login: String)
    case followers(login: String)
    case following(login: String)
    // A project's branches and tags (issue 28, part B)
    case branches(RepositoryID)
    case tags(RepositoryID)
    case stargazers(RepositoryID)
    case watchers(RepositoryID)
    case forks(RepositoryID)
    case contributors(RepositoryID)
    case organization(login: String)
    case myOrganizations
    case login
    // Writing to a repository (issue 27).
    case editFile(RepositoryID, branch: String?, path: String)
    // Forks and new pull requests (issue 25): the target, and the head's project and branch when already known.
    case newPullRequest(RepositoryID, head: RepositoryID?, branch: String?)

    case newFile(RepositoryID, branch: String?, folder: String)

    /// The page title shown in the header bar while this route is on top.
    public var title: String {
        switch self {
        case .projects(let kind): kind.title
        case .language(_, let name): name
        case .search(let query): query.isEmpty ? tr("Search") : query
        case .project(let repo): repo.description
        case .readme: tr("Readme")
        case .tree(let repo, _, let path): path.isEmpty ? repo.name : path
        case .blob(_, _, let path), .image(_, _, let path): lastComponent(of: path)
        case .commits: tr("Commits")
        case .commit(_, let sha): String(sha.prefix(10))
        case .releases: tr("Releases")
        case .release(_, let tag): tag
        case .issues: tr("Issues")
        case .issue(_, let number): "#\(number)"
        case .createIssue: tr("New Issue")
        case .pullRequests: tr("Pull Requests")
        case .pullRequest(_, let number, _): "!\(number)"
        case .notifications: tr("Notifications")
        case .user(let login): login
        case .followers: tr("Followers")
        case .following: tr("Following")
        case .branches: tr("Branches")
        case .tags: tr("Tags")
        case .stargazers: tr("Stargazers")
        case .watchers: tr("Watchers")
        case .forks: tr("Forks")
        case .contributors: tr("Contributors")
        case .organization(let login): login
        case .myOrganizations: tr("Organisations")
        case .login: tr("Log In")
        case .editFile(_, _, let path): String(format: tr("Edit %@"), lastComponent(of: path))
        case .newPullRequest: tr("New Pull Request")

        case .newFile: tr("New File")
        }
    }
}

private func lastComponent(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}

extension Route {
    /// The page of a repository's folder, file or image that a document's link opens.
    public init(_ file: FileRoute) {
        switch file {
        case .tree(let repository, let ref, let path): self = .tree(repository, ref: ref, path: path)
        case .blob(let repository, let ref, let path): self = .blob(repository, ref: ref, path: path)
        case .image(let repository, let ref, let path): self = .image(repository, ref: ref, path: path)
        }
    }
}
