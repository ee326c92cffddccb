import GiteeKit

/// One changed file as the server described it: a commit's `files[]` or a pull request's `files` answer. The
/// counts are the server's (untrusted: clamped at 0 and summed with saturation); the patch is parsed only when the
/// file is drawn.
public struct DiffFile: Sendable, Equatable {
    public let path: String
    /// "added", "modified", "removed"/"deleted", "renamed".
    public let status: String
    public let additions: Int
    public let deletions: Int
    public let patch: String?
    /// The server left the patch out as too large.
    public let isTooLarge: Bool

    public init(path: String, status: String, additions: Int, deletions: Int, patch: String?, isTooLarge: Bool = false) {
        self.path = path
        self.status = status
        self.additions = max(0, additions)
        self.deletions = max(0, deletions)
        self.patch = patch
        self.isTooLarge = isTooLarge
    }

    public init(_ file: Commit.ChangedFile) {
        self.init(path: file.filename, status: file.status, additions: file.additions, deletions: file.deletions,
                  patch: file.patch)
    }

    public init(_ file: PullRequestFile) {
        self.init(path: file.filename, status: file.status, additions: file.additions, deletions: file.deletions,
                  patch: file.patch, isTooLarge: file.isTooLarge)
    }

    /// Lines changed by the server's count.
    public var changedLines: Int { additions.addingSaturated(deletions) }
    /// Bytes of patch text (what the per-page byte cap counts).
    public var patchBytes: Int { patch?.utf8.count ?? 0 }
}

extension Int {
    /// `self + other` held at `Int.max`/`Int.min`: numbers from the server would trap `+` on overflow.
    public func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }
}

extension Sequence where Element == Int {
    /// The sum held at `Int.max`/`Int.min` rather than trapping (`reduce(0, +)` on server numbers crashes the app).
    public func saturatingSum() -> Int { reduce(0) { $0.addingSaturated($1) } }
}
