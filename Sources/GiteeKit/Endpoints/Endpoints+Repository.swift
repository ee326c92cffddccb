import Foundation

// Repository calls carry the token when someone is logged in (they are not `isPublic`): the project may be private
// and visible to that person only, and `GET /repos/{o}/{r}` answers `stared`/`watched`/`permission` for them.
extension Endpoints {
    /// `GET /repos/{o}/{r}` (carries `stared`/`watched` when logged in, so never shared in the disk cache).
    public static func project(owner: String, repo: String) -> Endpoint<Project> {
        Endpoint(.get, .v5, path: path("repos", owner, repo))
    }

    /// `GET .../readme`: `nil` when the project has no README (404 is an answer here, not an error).
    public static func readme(owner: String, repo: String, ref: String? = nil) -> Endpoint<Content?> {
        Endpoint<Content?>(.get, .v5, path: path("repos", owner, repo, "readme"), query: refQuery(ref),
                           isShareable: true, valueWhenNotFound: .some(nil))
    }

    /// `GET .../contents/{path}` for a folder: its entries (a missing path answers `[]`).
    public static func folder(owner: String, repo: String, path folder: String = "", ref: String? = nil) -> Endpoint<[Content]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "contents") + (folder.isEmpty ? "" : "/" + filePath(folder)),
                 query: refQuery(ref), isShareable: true)
    }

    /// `GET .../contents/{path}` for a file: one object with base64 content.
    public static func file(owner: String, repo: String, path file: String, ref: String? = nil) -> Endpoint<Content> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "contents") + "/" + filePath(file), query: refQuery(ref),
                 isShareable: true)
    }

    /// `GET .../contents/{path}` where the file may be missing (a write's check): Gitee answers a missing path
    /// with 200 `[]`, and a folder with its list; both are "no file there". Never shared: it asks what is true now.
    public static func fileIfPresent(owner: String, repo: String, path file: String,
                                     ref: String? = nil) -> Endpoint<PresentFile> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "contents") + "/" + filePath(file), query: refQuery(ref))
    }

    /// `GET .../git/trees/{sha}` (`recursive` lists every descendant).
    public static func tree(owner: String, repo: String, sha: String, recursive: Bool = false) -> Endpoint<Tree> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "git", "trees", sha),
                 query: recursive ? [QueryItem("recursive", "1")] : [],
                 isShareable: true)
    }

    /// `GET .../git/blobs/{sha}`.
    public static func blob(owner: String, repo: String, sha: String) -> Endpoint<Blob> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "git", "blobs", sha), isShareable: true)
    }

    /// `GET .../raw/{path}`: the file's bytes (images, big files). Use `GiteeClient.download` to stream to disk.
    public static func raw(owner: String, repo: String, path file: String, ref: String? = nil) -> Endpoint<Data> {
        Endpoint<Data>(.get, .v5, path: path("repos", owner, repo, "raw") + "/" + filePath(file),
                       query: refQuery(ref), isShareable: true) { $0.body }
    }

    /// Paged like the spec says (`page`/`per_page`); fetch them all with `client.all(...)`, 100 at a time.
    public static func branches(owner: String, repo: String, perPage: Int = 100) -> Endpoint<[Branch]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "branches"), paging: .numbered(perPage: perPage),
                 isShareable: true)
    }

    /// `GET .../commits?sha=` newest first, page-based.
    public static func commits(owner: String, repo: String, branch: String? = nil, perPage: Int = defaultPageSize) -> Endpoint<[Commit]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "commits"), query: branch.map { [QueryItem("sha", $0)] } ?? [],
                 paging: .numbered(perPage: perPage), isShareable: true)
    }

    /// `GET .../commits/{sha}` with changed files and patches.
    public static func commit(owner: String, repo: String, sha: String) -> Endpoint<Commit> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "commits", sha), isShareable: true)
    }

    /// The spec pages this by `prev_id` + `limit` only (a `page` parameter is ignored by the server).
    public static func repositoryEvents(owner: String, repo: String, limit: Int = defaultPageSize) -> Endpoint<[Event]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "events"), paging: .afterID(limit: limit))
    }

    // MARK: Star and watch (answers 204; the check answers 404 for "no")

    public static func star(owner: String, repo: String) -> Endpoint<NoContent> {
        Endpoint(.put, .v5, path: path("user", "starred", owner, repo), requiresAuth: true)
    }
    public static func unstar(owner: String, repo: String) -> Endpoint<NoContent> {
        Endpoint(.delete, .v5, path: path("user", "starred", owner, repo), requiresAuth: true)
    }
    public static func isStarred(owner: String, repo: String) -> Endpoint<Bool> {
        Endpoint<Bool>(.get, .v5, path: path("user", "starred", owner, repo), requiresAuth: true, valueWhenNotFound: false) { _ in true }
    }
    /// Gitee requires `watch_type`; "watching" is the ordinary "notify me about everything".
    public static func watch(owner: String, repo: String) -> Endpoint<NoContent> {
        Endpoint(.put, .v5, path: path("user", "subscriptions", owner, repo), form: [QueryItem("watch_type", "watching")],
                 requiresAuth: true)
    }
    public static func unwatch(owner: String, repo: String) -> Endpoint<NoContent> {
        Endpoint(.delete, .v5, path: path("user", "subscriptions", owner, repo), requiresAuth: true)
    }
    public static func isWatched(owner: String, repo: String) -> Endpoint<Bool> {
        Endpoint<Bool>(.get, .v5, path: path("user", "subscriptions", owner, repo), requiresAuth: true, valueWhenNotFound: false) { _ in true }
    }

    static func refQuery(_ ref: String?) -> [QueryItem] {
        guard let ref, !ref.isEmpty else { return [] }
        return [QueryItem("ref", ref)]
    }
}

/// The answer of `Endpoints.fileIfPresent`: the file, or nil when the path holds none (an empty list or a folder's).
public struct PresentFile: Sendable, Hashable, Decodable {
    public let file: Content?

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: Decoder) throws {
        // An object is the file; a list (empty for a missing path) is not one.
        file = (try? decoder.container(keyedBy: AnyKey.self)) == nil ? nil : try Content(from: decoder)
    }
}
