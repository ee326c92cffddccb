import Foundation
import GiteeKit
import MayunDocument

/// A web address on the Gitee site Mayun talks to, taken apart into the page Mayun shows for it:
/// `https://gitee.com/owner/repo` and its `/tree/<ref>/<path>`, `/blob/<ref>/<path>`, `/issues[/<number>]`, `/pulls[/<number>]`,
/// `/commits[/<ref>]`, `/commit/<sha>`, `/releases[/tag/<tag>]`, and `https://gitee.com/<user>`. Pure, so every form is unit-tested.
public enum GiteeLink {
    public enum Outcome: Equatable, Sendable {
        case page(Route)
        /// Another site, another scheme, or not an address at all.
        case foreign
        /// The site's own page that Mayun has no screen for (the explore page, a wiki...).
        case unsupported
        /// A link of this site whose path could leave the project it names (`..`, `%2E%2E`, an encoded `/` in a
        /// name, a backslash or a control character): opened nowhere, neither here nor in the browser.
        case refused
    }

    /// What `text` (typed, pasted, dropped, given on the command line or clicked in a document) opens.
    /// `server` is the configured site (gitee.com or a `--server` one); its `www.` form counts as the same site.
    public static func outcome(for text: String, server: URL) -> Outcome {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= maximumLength else { return .foreign }
        // "gitee.com/owner/repo" as people paste it, without a scheme.
        let withScheme = trimmed.contains("://") ? trimmed : "https://" + trimmed
        guard let components = URLComponents(string: withScheme),
              let scheme = components.scheme?.lowercased(), scheme == "https" || scheme == "http",
              let host = components.host?.lowercased(), isSameSite(host: host, port: components.port, server: server)
        else { return .foreign }
        // Decoded segments: `%E6%96%87` is the folder "文", and an encoded "/" stays inside its segment.
        let segments = components.percentEncodedPath.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        guard segmentsAreSafe(segments) else { return .refused }
        return outcome(forPath: segments)
    }

    /// Links longer than this are not addresses anyone pasted (they are refused, not parsed).
    static let maximumLength = 4096

    /// First path segments of the site's own pages, which are not user names.
    static let sitePages: Set<String> = [
        "explore", "search", "login", "signup", "logout", "help", "api", "oauth", "enterprises", "events",
        "notifications", "dashboard", "profile", "settings", "about", "terms", "features", "gists", "education",
        "gvp", "mcp", "organizations", "projects", "-", "static", "assets",
    ]

    private static func outcome(forPath segments: [String]) -> Outcome {
        guard let first = segments.first else { return .unsupported }
        if sitePages.contains(first.lowercased()) { return .unsupported }
        guard segments.count >= 2 else { return .page(.user(login: first)) }
        let name = segments[1].hasSuffix(".git") ? String(segments[1].dropLast(4)) : segments[1]
        guard !name.isEmpty else { return .page(.user(login: first)) }
        let repo = RepositoryID(owner: first, name: name)
        let rest = Array(segments.dropFirst(2))
        guard let kind = rest.first else { return .page(.project(repo)) }
        let ref = rest.count >= 2 ? rest[1] : nil
        let path = rest.count >= 3 ? rest.dropFirst(2).joined(separator: "/") : ""
        switch kind {
        case "tree":
            return .page(.tree(repo, ref: ref, path: path))
        case "blob", "raw":
            guard !path.isEmpty else { return .page(.tree(repo, ref: ref, path: "")) }
            return .page(BlobKind.isImage(path: path) ? .image(repo, ref: ref, path: path) : .blob(repo, ref: ref, path: path))
        case "issues":
            guard let number = ref else { return .page(.issues(repo)) }
            return .page(.issue(repo, number: number))
        case "pulls", "pull_requests":
            guard let ref else { return .page(.pullRequests(repo)) }
            // `/pulls/6`, and `/pulls/6/files` (the same page on its Files changed tab); anything else is not a pull
            // request.
            guard let number = Int(ref), number > 0 else { return .unsupported }
            return .page(.pullRequest(repo, number: number, opensFiles: path.split(separator: "/").first == "files"))
        case "commits":
            return .page(.commits(repo, ref: ref))
        case "commit":
            guard let sha = ref else { return .page(.commits(repo, ref: nil)) }
            return .page(.commit(repo, sha: sha))
        case "releases":
            // `/releases` and `/releases/tag/<tag>` (a tag may hold slashes); a file's `/releases/download/...` is
            // a download, not a page.
            guard let ref else { return .page(.releases(repo)) }
            guard ref == "tag", !path.isEmpty else { return .unsupported }
            return .page(.release(repo, tag: path))
        default:
            // The repository's other pages (wikis...) have no screen in Mayun yet.
            return .unsupported
        }
    }

    /// The user, owner and repository are single names; every later part (a ref, a tag, a file path, whose `%2F`
    /// decodes to a real `/`) may hold slashes but no piece that is empty, `.` or `..` (PathSafety, GiteeKit's last
    /// check before sending, would refuse the request anyway: this says so before a page opens).
    private static func segmentsAreSafe(_ segments: [String]) -> Bool {
        segments.enumerated().allSatisfy { index, segment in
            PathSafety.problem(inSegment: segment, mayHoldSlash: index >= 2) == nil
        }
    }

    private static func isSameSite(host: String, port: Int?, server: URL) -> Bool {
        guard let serverHost = server.host?.lowercased() else { return false }
        let sameHost = host == serverHost || host == "www." + serverHost || "www." + host == serverHost
        // http and https on their standard ports are the same site (gitee.com redirects one to the other);
        // a site on its own port (a local FakeGitee) must match it.
        return sameHost && nonstandard(port) == nonstandard(server.port)
    }

    private static func nonstandard(_ port: Int?) -> Int? {
        port == 80 || port == 443 ? nil : port
    }
}
