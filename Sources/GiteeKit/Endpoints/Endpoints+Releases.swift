import Foundation

// Releases and the source archives of a tag (`../shared/gitee/spec`: `GET /v5/repos/:owner/:repo/releases` with
// `page`, `per_page` 1...100 and `direction` asc/desc; `zipball` / `tarball` with `ref`; `attach_files` and their
// `download`). Not `isPublic`: a private project's releases need the token, which only goes to the configured origin.
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
        var endpoint = Endpoint<Data>(.get, .v5, path: path("repos", owner, repo, format.segment),
                                      query: [QueryItem("ref", ref)]) { $0.body }
        // An archive is never a web page: one would be a sign-in or error page, not the project's files.
        endpoint.refusesWebPage = true
        return endpoint
    }

    /// `GET .../releases/{release_id}/attach_files`: a release's attached files as the spec's `AttachFile` (with the
    /// `id` the download call needs; the release's own `assets` carry none), page-based.
    public static func releaseFiles(owner: String, repo: String, releaseID: Int, perPage: Int = 100) -> Endpoint<[ReleaseAsset]> {
        Endpoint(.get, .v5, path: path("repos", owner, repo, "releases", String(releaseID), "attach_files"),
                 paging: .numbered(perPage: perPage))
    }

    /// `GET .../releases/{release_id}/attach_files/{attach_file_id}/download`: one attached file's bytes, with the
    /// token (the website's `browser_download_url` knows no API token: a private project's answers its login page).
    /// An HTML answer is refused unless the file's own name says it is a page (`WebPageCheck`).
    public static func releaseFile(owner: String, repo: String, releaseID: Int, fileID: Int, name: String) -> Endpoint<Data> {
        var endpoint = Endpoint<Data>(.get, .v5, path: path("repos", owner, repo, "releases", String(releaseID),
                                                             "attach_files", String(fileID), "download")) { $0.body }
        endpoint.refusesWebPage = !WebPageCheck.nameIsWebPage(name)
        return endpoint
    }

    /// The file name the website gives a tag's archive: `repo-tag.zip` (a tag's slashes become dashes).
    public static func archiveFileName(repo: String, ref: String, format: ArchiveFormat) -> String {
        "\(repo)-\(ref.replacingOccurrences(of: "/", with: "-")).\(format.rawValue)"
    }
}
