import Foundation
import GiteeKit
import MayunDocument
import Observation

/// One pull request: state, author, head -> base branches, the rendered body, its commits, its changed files with
/// their patches, and the comments (paged); and for members, merging, closing and reopening it, every change through
/// `writes` (PullRequestViewModel+Actions.swift).
@MainActor
@Observable
public final class PullRequestViewModel {
    public let repo: RepositoryID
    public let number: Int
    /// Opened from a link to its `/files`: the page shows Files changed first.
    public let opensFiles: Bool
    public let resource: RemoteResource<PullRequest>
    public let commitList: RemoteResource<[Commit]>
    public let fileList: RemoteResource<[PullRequestFile]>
    /// The changed files as the diff view shows them (filled when the files arrive).
    public let diff: DiffViewModel
    public let comments: PagedListViewModel<PullRequestComment>
    public var state: ScreenState { resource.state }
    public var pullRequest: PullRequest? { resource.value }
    /// The body rendered as a document (nil until parsed, or when there is no body).
    public private(set) var bodyDocument: Document?
    /// The comments rendered as documents (parsed as they are first shown, stopped when the page goes).
    public let renderedComments: RenderedComments
    /// The body's parse, cancelled when this page goes.
    @ObservationIgnored private let parses = DocumentParses()
    /// Merges, closes, reopens: optimistic, settled from the answer, rolled back with a reason.
    public let writes = ScreenWrites()
    /// The composer under the comments (drafts per account, project and pull request).
    public let composer: CommentComposer
    /// New comments, edits and deletions (shared with issues).
    @ObservationIgnored let commentSender: CommentSender<PullRequestComment>
    /// The merge's method, title and description.
    public let mergeForm = MergeForm()
    /// The composer opened under a line of the diff (one at a time; its draft is per line: path and position).
    public let lineComposer: CommentComposer
    /// The line the line composer is open under (nil: closed).
    public internal(set) var composingAt: DiffAnchor?
    /// Ids for line comments shown before the server numbered them (negative, apart from `CommentSender`'s).
    @ObservationIgnored var nextLinePendingID = -1_000_000
    @ObservationIgnored let drafts: DraftStore?
    /// The line whose draft the line composer shows (its draft key's last part).
    @ObservationIgnored let lineDraftPlace: LineDraftPlace
    /// The head commit's check runs and their annotations (PullRequestViewModel+Checks.swift).
    public let checks: CommitChecks
    /// The check annotations drawn under lines of the diff, by line (worked out when checks or files change).
    public internal(set) var checkAnchors: [DiffAnchor: [CheckNoteRow]] = [:]
    /// The collaborators a member may ask to review or test (read when the person turns out to be a member).
    public internal(set) var collaborators: [User] = []
    /// Whose collaborators were asked for (nil: not yet, or the answer failed).
    @ObservationIgnored var collaboratorsFor: String?
    /// The project's people, shared with the mention completion and every other page of the project.
    @ObservationIgnored let collaboratorDirectory: CollaboratorDirectory?
    /// The project's `permission` for the logged-in person, once read (nil: not known, so no member controls).
    public internal(set) var permission: Project.Permission?
    @ObservationIgnored weak var navigator: (any Navigator)?
    @ObservationIgnored private let markdown: RepositoryMarkdown?
    @ObservationIgnored let client: GiteeClient
    @ObservationIgnored let project: Cached<Project>?
    @ObservationIgnored let session: Session?
    /// Whose permission `permission` is.
    @ObservationIgnored var permissionFor: String?
    /// The files the diff shows.
    @ObservationIgnored var shownFiles: [PullRequestFile]?
    /// The state the last write showed: laid over an answer that may predate that write.
    @ObservationIgnored var writtenState: String?
    /// Told when the server confirmed a change to the pull request (the Coordinator updates the lists below).
    @ObservationIgnored var onChanged: @MainActor (PullRequest) -> Void = { _ in }

    init(repo: RepositoryID, number: Int, opensFiles: Bool = false, client: GiteeClient, markdown: RepositoryMarkdown?,
         navigator: (any Navigator)?, diffLimits: DiffLimits = .standard, project: Cached<Project>? = nil,
         session: Session? = nil, drafts: DraftStore? = nil, collaborators: CollaboratorDirectory? = nil,
         checkScheduler: (any PollScheduler)? = nil, offline: CachedClient? = nil) {
        self.repo = repo
        self.number = number
        self.opensFiles = opensFiles
        self.navigator = navigator
        self.markdown = markdown
        self.client = client
        self.project = project
        self.session = session
        self.drafts = drafts
        collaboratorDirectory = collaborators
        renderedComments = RenderedComments(repo: repo, markdown: markdown)
        checks = CommitChecks(client: client, repo: repo,
                                   scheduler: checkScheduler ?? GLibTimeoutScheduler() as any PollScheduler)
        let diff = DiffViewModel(limits: diffLimits)
        self.diff = diff
        // A page seen before shows its saved copies at once (`offline`; without it, as in tests, all is asked).
        let cached = offline ?? CachedClient(client: client, store: nil)
        resource = RemoteResource(cached.pullRequest(repo, number: number))
        commitList = RemoteResource(cached.pullRequestCommits(repo, number: number))
        fileList = RemoteResource(cached.pullRequestFiles(repo, number: number))
        comments = PagedListViewModel<PullRequestComment>(emptyText: tr("No comments yet."),
                                                          cached.pullRequestComments(repo, number: number))
        composer = CommentComposer(thread: "!\(number)", of: repo, drafts: drafts, markdown: markdown, session: session,
                                   collaborators: collaborators)
        commentSender = CommentSender(
            comments: comments, composer: composer, writes: writes,
            calls: .init(.pullRequest, in: repo, client: client,
                         create: {
                             Endpoints.commentOnPullRequest(owner: repo.owner, repo: repo.name, number: number, body: $0)
                         },
                         newest: Endpoints.pullRequestComments(owner: repo.owner, repo: repo.name, number: number,
                                                               perPage: 100)),
            me: { [weak session] in session?.loggedInUser })
        let place = LineDraftPlace()
        lineDraftPlace = place
        lineComposer = CommentComposer(repo: repo, drafts: drafts, markdown: markdown) { [weak session] in
            guard let login = session?.user?.login, session?.isLoggedIn == true, let anchor = place.anchor else { return nil }
            return (login, repo, LineDraftPlace.key(number: number, anchor))
        }
        composer.onSubmit = { [weak self] in self?.sendComposer() }
        lineComposer.onSubmit = { [weak self] in self?.sendLineComment() }
        diff.onLineActivated = { [weak self] anchor in self?.openLineComposer(at: anchor) }
        comments.onItemsChanged = { [weak self] in self?.syncDiffAnnotations() }
        // The saved copy's head asks for its check runs at once: unless new commits came, no round trip waits for
        // the pull request's answer first.
        resource.onShown = { [weak self] pull in
            self?.parseBody(of: pull)
            self?.mergeForm.fill(from: pull)
            self?.checks.show(sha: pull.head.sha)
        }
        checks.onChanged = { [weak self] in self?.syncDiffAnnotations() }
        resource.writes = writes
        resource.keepWritten = { [weak self] fresh in
            guard let written = self?.writtenState else { return fresh }
            var kept = fresh
            kept.state = written
            return kept
        }
        writes.report = { [weak self] message in self?.navigator?.showToast(message) }
        fileList.onShown = { [weak self] files in
            // The fresh answer usually is the saved copy again: drawn once.
            guard let self, files != shownFiles else { return }
            shownFiles = files
            diff.show(files.map(DiffFile.init))
            syncDiffAnnotations()
        }
    }

    public var title: String { "!\(number)" }
    public var heading: String { pullRequest?.title ?? "" }
    public var stateText: String { pullRequest.map(PullRequestsViewModel.stateText(for:)) ?? "" }
    public var isOpen: Bool { pullRequest?.isOpen ?? true }
    public var isMerged: Bool { pullRequest?.isMerged ?? false }
    public var byline: String {
        guard let pull = pullRequest else { return "" }
        let author = pull.author?.name ?? pull.author?.login ?? ""
        let when = RelativeTime.describe(pull.createdAt?.date) ?? ""
        return String(format: tr("%@ opened this %@"), author, when)
    }
    /// "head → base", with the head's repository when it comes from a fork.
    public var branches: String {
        guard let pull = pullRequest else { return "" }
        let own = "\(repo)".lowercased()
        let head = pull.head.repositoryFullName.map { $0.lowercased() == own ? pull.head.ref : "\($0):\(pull.head.ref)" }
            ?? pull.head.ref
        return String(format: tr("%@ into %@"), head, pull.base.ref)
    }
    public var labels: [String] { pullRequest?.labels.map(\.name) ?? [] }
    public var body: String {
        let text = pullRequest?.body?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty ? tr("No description provided.") : text
    }

    /// "3 commits", once they arrived.
    public var commitsHeading: String {
        let count = commitList.value?.count ?? 0
        return String(format: trn("%d commit", "%d commits", count: count), count)
    }
    public var commits: [(sha: String, title: String, byline: String)] {
        (commitList.value ?? []).map { commit in
            let when = RelativeTime.describe((commit.authoredAt ?? commit.committedAt)?.date) ?? ""
            return (commit.sha, commit.title, "\(commit.authorName)  ·  \(when)  ·  \(commit.shortSHA)")
        }
    }

    /// "2 files changed  ·  +10  −3", once they arrived (server counts summed with saturation).
    public var filesHeading: String { diff.summary }

    public func openCommit(_ sha: String) { navigator?.push(.commit(repo, sha: sha)) }
    public func activate(_ target: LinkTarget) { navigator?.follow(target) }
    public var nightMode: NightModeViewModel? { markdown?.nightMode }

    private func parseBody(of pull: PullRequest) {
        guard let text = pull.body?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty,
              let markdown else { return }
        parses.parse(markdown.request(text, in: repo), key: "body") { [weak self] in self?.bodyDocument = $0 }
    }

    public func start() {
        resource.start()
        commitList.start()
        fileList.start()
        comments.start()
        composer.loadDraft()
        loadPermission()
    }

    public func refresh() {
        resource.refresh()
        commitList.refresh()
        fileList.refresh()
        comments.refresh()
        checks.retry()
        loadPermission()
    }

    /// The page was left: every request stops.
    public func cancel() {
        writes.leave()
        resource.cancel()
        commitList.cancel()
        fileList.cancel()
        comments.cancel()
        parses.cancelAll()
        renderedComments.cancelAll()
        composer.cancel()
        lineComposer.cancel()
        checks.cancel()
    }
}
