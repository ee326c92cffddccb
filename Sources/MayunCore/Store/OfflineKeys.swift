import GiteeKit

/// Every key of the offline store, in one place: no screen spells one, and two screens that share a saved copy (the
/// project page's README and the README page) cannot drift apart. The spellings are those of earlier versions, so
/// saved copies stay readable across the change.
enum OfflineKey {
    static func project(_ repo: RepositoryID) -> String { "project:\(repo)" }
    static func readme(_ repo: RepositoryID) -> String { "readme:\(repo)" }
    static func blob(_ repo: RepositoryID, ref: String?, path: String) -> String { "blob:\(repo)@\(ref ?? ""):\(path)" }
    static func issue(_ repo: RepositoryID, number: String) -> String { "issue:\(repo)#\(number)" }
    /// A pull request, and its commits and files (`part`).
    static func pullRequest(_ repo: RepositoryID, number: Int, part: String = "") -> String {
        "pull:\(repo)!\(number)" + (part.isEmpty ? "" : "/" + part)
    }

    // Lists (`OfflineStore.listCache` puts them under "list:").
    static func folder(_ repo: RepositoryID, ref: String?, path: String) -> String { "tree:\(repo)@\(ref ?? ""):\(path)" }
    /// One key a filter state ("open" is the spelling of the versions that kept only the open issues).
    static func issues(_ repo: RepositoryID, state: String) -> String { "issues:\(repo):\(state)" }
    static func releases(_ repo: RepositoryID) -> String { "releases:\(repo)" }
    /// An issue's first page of comments.
    static func issueComments(_ repo: RepositoryID, number: String) -> String { "comments:\(repo)#\(number)" }
    static func pullRequestComments(_ repo: RepositoryID, number: Int) -> String { "comments:\(repo)!\(number)" }
    static func explore(_ kind: ProjectListKind) -> String { "explore/\(kind.rawValue)" }
    static let languages = "languages"
    static func language(id: Int) -> String { "language/\(id)" }
    static func followers(_ login: String) -> String { "followers/\(login)" }
    static func following(_ login: String) -> String { "following/\(login)" }
    /// A project's branches or tags (`kind`), and its people lists (stargazers, watchers, forks, contributors).
    static func refs(_ repo: RepositoryID, kind: String) -> String { "\(kind):\(repo)" }
    /// An organisation's profile; fetched with a token it goes with the person's own lists.
    static func organization(_ login: String, mine: Bool) -> String { (mine ? "list:mine/" : "") + "org:\(login)" }
    /// A user's projects, starred or watched list; the logged-in person's own lists go under `mine/`.
    static func userList(_ name: String, of login: String, isMine: Bool) -> String {
        (isMine ? "mine" : "user/\(login)") + "/" + name
    }
    /// A user's profile and first page of events; the logged-in person's own go with their lists (Log Out forgets
    /// them: fetched with the token, the events may name private projects).
    static func user(_ login: String, mine: Bool) -> String { (mine ? "list:mine/" : "") + "user:\(login)" }
    static func userEvents(_ login: String, mine: Bool) -> String { userList("events", of: login, isMine: mine) }
    /// What Log Out clears besides the rows fetched with the token (the store keeps those per account).
    static let myListsPrefix = "list:mine/"
}
