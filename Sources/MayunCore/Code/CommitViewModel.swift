import Foundation
import GiteeKit
import Observation

/// One commit: message, author, stats, its checks (asked with the commit itself: the sha is in the link) and the
/// changed files with their patches.
@MainActor
@Observable
public final class CommitViewModel {
    public let repo: RepositoryID
    public let sha: String
    public let resource: RemoteResource<Commit>
    public var state: ScreenState { resource.state }
    public var commit: Commit? { resource.value }
    /// The changed files as the diff view shows them (filled when the commit arrives).
    public let diff: DiffViewModel
    /// The commit's check runs and their annotations (the Checks section), refreshed while one runs.
    public let checks: CommitChecks
    /// The annotations drawn under lines of the diff, by line (worked out when the checks or the files change).
    public private(set) var checkAnchors: [DiffAnchor: [CheckNoteRow]] = [:]

    init(repo: RepositoryID, sha: String, client: GiteeClient, diffLimits: DiffLimits = .standard,
         checkScheduler: (any PollScheduler)? = nil) {
        self.repo = repo
        self.sha = sha
        checks = CommitChecks(client: client, repo: repo,
                              scheduler: checkScheduler ?? GLibTimeoutScheduler() as any PollScheduler)
        let diff = DiffViewModel(limits: diffLimits)
        self.diff = diff
        resource = RemoteResource { try await client.send(Endpoints.commit(owner: repo.owner, repo: repo.name, sha: sha)) }
        resource.onFresh = { [weak self] commit in
            diff.show(commit.files.map(DiffFile.init))
            self?.placeCheckNotes()
        }
        checks.onChanged = { [weak self] in self?.placeCheckNotes() }
    }

    /// The annotations under the line `anchor` names in the diff (as on a pull request).
    public func checkNotes(at anchor: DiffAnchor) -> [CheckNoteRow] { checkAnchors[anchor] ?? [] }

    private func placeCheckNotes() {
        let placed = checks.notes(placedIn: diff)
        guard placed != checkAnchors else { return }
        checkAnchors = placed
        diff.annotate(threads: Set(placed.keys), composer: nil)
    }

    public var title: String { String(sha.prefix(10)) }
    public var message: String { commit?.message ?? "" }
    public var byline: String {
        guard let commit else { return "" }
        let when = RelativeTime.describe((commit.authoredAt ?? commit.committedAt)?.date) ?? ""
        return "\(commit.authorName)  ·  \(when)  ·  \(commit.shortSHA)"
    }
    /// "2 files changed  ·  +10  −3": the commit's own stats when it has them, else the files' counts summed with
    /// saturation (server numbers; `Int.max` and 1 must not trap).
    public var stats: String {
        guard let commit else { return "" }
        let files = String(format: trn("%d file changed", "%d files changed", count: commit.files.count),
                           commit.files.count)
        let additions = commit.stats.map { max(0, $0.additions) } ?? commit.files.map { max(0, $0.additions) }.saturatingSum()
        let deletions = commit.stats.map { max(0, $0.deletions) } ?? commit.files.map { max(0, $0.deletions) }.saturatingSum()
        return "\(files)  ·  +\(additions)  −\(deletions)"
    }

    public func start() {
        resource.start()
        checks.show(sha: sha)
    }

    public func refresh() {
        resource.refresh()
        checks.retry()
    }

    /// The page was left: its requests stop, and the checks are not asked again.
    public func cancel() {
        resource.cancel()
        checks.cancel()
    }
}
