import Foundation

/// The last check before a request leaves: its path must name exactly what its parts say.
///
/// Parts come from strangers (a link in a README, a file name in a tree, a branch in an answer). libsoup's GUri
/// removes dot segments before sending, `%2E%2E` included, so `contents/../../../x/y/contents/z` would go out as
/// another repository's path; a server that decodes `%2F` would split one part into two. So every segment, decoded,
/// must not be empty, `.` or `..`, and must hold no backslash or control character; the repository (`repos/o/r`) and
/// user parts must hold no `/` either. A `/` decoded inside a later part (a tag or a ref such as `release/1.0`) is
/// allowed only when none of its pieces is itself empty, `.` or `..`.
public enum PathSafety {
    /// Why `encodedPath` (as built by `Endpoints.path`, below the API root) is unsafe to send, or nil when it is safe.
    public static func problem(inEncodedPath encodedPath: String) -> String? {
        guard encodedPath.hasPrefix("/") else { return "the path does not start at the API root" }
        let segments = encodedPath.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (index, encoded) in segments.enumerated() {
            guard let segment = encoded.removingPercentEncoding else { return "a part is not valid percent-encoding" }
            if let problem = problem(inSegment: segment, mayHoldSlash: slashAllowed(at: index, in: segments)) {
                return problem
            }
        }
        return nil
    }

    /// Why one decoded path part is unsafe, or nil. `mayHoldSlash`: a ref or tag, whose pieces are checked one by one.
    public static func problem(inSegment segment: String, mayHoldSlash: Bool = false) -> String? {
        if segment.unicodeScalars.contains(where: isForbiddenScalar) {
            return "a part holds a backslash or a control character"
        }
        if segment.contains("/") {
            guard mayHoldSlash else { return "a part holds “/” where one name is meant" }
            return segment.split(separator: "/", omittingEmptySubsequences: false)
                .contains(where: { isDotOrEmpty(String($0)) }) ? "a part holds “.”, “..” or an empty piece" : nil
        }
        return isDotOrEmpty(segment) ? "a part is empty, “.” or “..”" : nil
    }

    /// Why a repository file path (`docs/a.md`, slashes between segments) is unsafe, or nil. The empty path is the root.
    public static func problem(inFilePath path: String) -> String? {
        guard !path.isEmpty else { return nil }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            if let problem = problem(inSegment: String(segment)) { return problem }
        }
        return nil
    }

    static func isDotOrEmpty(_ segment: String) -> Bool { segment.isEmpty || segment == "." || segment == ".." }

    /// A backslash, a C0 or C1 control character, or DEL: never part of a path Mayun sends (`NewFileName` uses it too).
    public static func isForbiddenScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "\\" || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// `/repos/{owner}/{repo}/...`: parts after the repository may be refs or tags with slashes; owner, repo and every
    /// part of other paths (`/users/{login}`, `/user/starred/{owner}/{repo}`) are single names.
    private static func slashAllowed(at index: Int, in segments: [String]) -> Bool {
        segments.first == "repos" && index >= 3
    }
}
