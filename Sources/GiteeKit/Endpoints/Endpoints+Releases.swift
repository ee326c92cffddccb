import Foundation

// Releases and the source archives of a tag (`../shared/gitee/spec`: `GET /v5/repos/:owner/:repo/releases` with
// `page`, `per_page` 1...100 and `direction` asc/desc; `zipball` / `tarball` with `ref`). Not `isPublic`: a private
// project's releases need the token, which only goes to the configured origin.
extension Endpoints {
    /// `GET .../releases?direction=desc`: newest first, page-based.
    public static func releases(owner: String, repo: String, perPage: Int = defaultPageSize) -> Endpoint<[Release]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "releases"), query: [QueryItem("direction", "desc")],
                 paging: .numbered(perPage: perPage))
    }

    /// `GET .../releases/tags/{tag}`: one release by its tag.
    public static func release(owner: String, repo: String, tag: String) -> Endpoint<Release> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "releases", "tags", tag))
    }

    /// The format of a tag's source archive.
    public enum ArchiveFormat: String, Sendable, CaseIterable {
        case zip, tarGz = "tar.gz"
        var segment: String { self == .zip ? "zipball" : "tarball" }
    }

    /// `GET .../zipball?ref=` or `.../tarball?ref=`: the project's files at `ref`, as bytes (stream them to disk with
    /// `GiteeClient.download`).
    public static func archive(owner: String, repo: String, ref: String, format: ArchiveFormat) -> Endpoint<Data> {
        Endpoint<Data>(.get, .v5, path: path("repos", owner, repo, format.segment), query: [QueryItem("ref", ref)]) {
            $0.body
        }
    }

    /// The file name the website gives a tag's archive: `repo-tag.zip` (a tag's slashes become dashes).
    public static func archiveFileName(repo: String, ref: String, format: ArchiveFormat) -> String {
        "\(repo)-\(ref.replacingOccurrences(of: "/", with: "-")).\(format.rawValue)"
    }
}
