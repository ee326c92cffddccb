import Foundation
import GiteeKit
import MayunDocument
import Observation

/// One issue: title, state (by the site's name), author, labels, the body (markdown) and its comments, paged; and
/// taking part: a comment composer, editing and deleting one's own comments, and (for members) moving the issue
/// between the states the API lets them set. Every write goes through `writes` (IssueViewModel+Writes.swift).
@MainActor
@Observable
public final class IssueViewModel {
    public let repo: RepositoryID
    public let number: String
    /// The issue itself; its comments page on their own.
    public let resource: RemoteResource<Issue>
    public var state: ScreenState { resource.state }
    public var issue: Issue? { resource.value }
    public let comments: PagedListViewModel<Comment>
    /// The body rendered as a document (nil until parsed, or when there is no body).
    public private(set) var bodyDocument: Document?
    /// The comments rendered as documents (parsed as they are first shown, stopped when the page goes).
    public let renderedComments: RenderedComments
    /// Comments, edits, deletions and state changes: optimistic, settled from the answer, rolled back with a reason.
    public let writes = ScreenWrites()
    public let composer: CommentComposer
    /// The project's `permission` for the logged-in person, once read (nil: not known, so no triage controls).
    public internal(set) var permission: Project.Permission?
    @ObservationIgnored weak var navigator: (any Navigator)?
    @ObservationIgnored private let markdown: RepositoryMarkdown?
    @ObservationIgnored let client: GiteeClient
    @ObservationIgnored let project: Cached<Project>?
    @ObservationIgnored let session: Session?
    /// The project's people, shared with the mention completion and every other page of the project.
    @ObservationIgnored let collaboratorDirectory: CollaboratorDirectory?
    /// The body's parse, cancelled when this page goes.
    @ObservationIgnored private let parses = DocumentParses()
    /// The state the last write showed: laid over an answer that may predate that write.
    @ObservationIgnored var writtenState: String?
    /// The labels the last label write showed, laid over an answer that may predate it.
    @ObservationIgnored var writtenLabels: [Issue.Label]?
    /// The project's labels, read for members (who may add and remove them).
    public internal(set) var projectLabels: [Issue.Label] = []
    /// Whose triage lists (labels, collaborators, milestones) were asked for (nil: none yet, or one failed).
    @ObservationIgnored var triageFor: String?
    /// The project's collaborators and open milestones, read for members (who assign and plan).
    public internal(set) var projectCollaborators: [User] = []
    public internal(set) var projectMilestones: [Milestone] = []
    /// The title and body editor, open (members only) or nil.
    public internal(set) var issueEdit: IssueEdit?
    /// The assignee and milestone the last writes showed (outer nil: no such write), laid over older answers.
    @ObservationIgnored var writtenAssignee: User??
    @ObservationIgnored var writtenMilestone: Milestone??
    /// The body text last sent to be parsed.
    @ObservationIgnored var parsedBody: String?
    /// Whose permission `permission` is.
    @ObservationIgnored var permissionFor: String?
    /// New comments, edits and deletions (shared with pull requests).
    @ObservationIgnored let commentSender: CommentSender<Comment>
    /// The account's outbox (IssueViewModel+Outbox.swift): where writes wait while the server cannot be reached.
    @ObservationIgnored var outbox: Outbox?
    /// Told when the server confirmed a change to the issue (the Coordinator updates the issue lists below).
    @ObservationIgnored var onChanged: @MainActor (Issue) -> Void = { _ in }

    /// `offline` keeps the issue and its first comments: a page seen before shows them at once (offline too), then
    /// the server's; without it (tests) both are asked every time.
    init(repo: RepositoryID, number: String, client: GiteeClient, markdown: RepositoryMarkdown?,
         navigator: (any Navigator)?, preloaded: Issue? = nil, project: Cached<Project>? = nil,
         session: Session? = nil, drafts: DraftStore? = nil, collaborators: CollaboratorDirectory? = nil,
         offline: CachedClient? = nil) {
        self.repo = repo
        self.number = number
        self.navigator = navigator
        self.markdown = markdown
        self.client = client
        self.project = project
        self.session = session
        collaboratorDirectory = collaborators
        renderedComments = RenderedComments(repo: repo, markdown: markdown)
        let cached = offline ?? CachedClient(client: client, store: nil)
        resource = RemoteResource(initial: preloaded, cached.issue(repo, number: number))
        comments = PagedListViewModel<Comment>(emptyText: tr("No comments yet."), cached.issueComments(repo, number: number))
        composer = CommentComposer(thread: number, of: repo, drafts: drafts, markdown: markdown, session: session,
                                   collaborators: collaborators)
        let writes = writes
        commentSender = CommentSender(
            comments: comments, composer: composer, writes: writes,
            calls: .init(.issue, in: repo, client: client,
                         create: { Endpoints.commentOnIssue(owner: repo.owner, repo: repo.name, number: number, body: $0) },
                         newest: Endpoints.issueComments(owner: repo.owner, repo: repo.name, number: number,
                                                         perPage: 100)),
            me: { [weak session] in session?.loggedInUser })
        if let preloaded { parseBody(of: preloaded) }
        resource.onShown = { [weak self] shown in self?.parseBody(of: shown) }
        resource.writes = writes
        resource.keepWritten = { [weak self] fresh in
            var kept = fresh
            if let written = self?.writtenState { kept.state = written }
            if let labels = self?.writtenLabels { kept.labels = labels }
            if let assignee = self?.writtenAssignee { kept.assignee = assignee }
            if let milestone = self?.writtenMilestone { kept.milestone = milestone }
            return kept
        }
        writes.report = { [weak self] message in self?.navigator?.showToast(message) }
        composer.onSubmit = { [weak self] in self?.sendComposer() }
    }

    public var title: String { "#\(number)" }
    public var heading: String { issue?.title ?? "" }
    public var status: IssueStatus { issue?.status ?? .open }
    /// The state by the site's name ("In progress" / "进行中").
    public var stateText: String { issue == nil ? "" : status.name }
    public var stateClass: String { status.styleClass }
    public var isOpen: Bool { !status.isFinished }
    public var byline: String {
        guard let issue else { return "" }
        let author = issue.author?.name ?? issue.author?.login ?? ""
        let when = RelativeTime.describe(issue.createdAt?.date) ?? ""
        return String(format: tr("%@ opened this %@"), author, when)
    }
    public var labels: [String] { issue?.labels.map(\.name) ?? [] }
    /// The issue's labels as chips in their own colours.
    public var labelChips: [LabelChip] { issue?.labels.map(LabelChip.init) ?? [] }
    public var body: String {
        let text = issue?.body?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty ? tr("No description provided.") : text
    }

    /// Logged out, the composer is a "Log in to comment" button.
    public var isLoggedIn: Bool { session?.isLoggedIn ?? client.auth.isLoggedIn }
    public var logInToCommentTitle: String { tr("Log in to comment") }

    public func activate(_ target: LinkTarget) { navigator?.follow(target) }

    /// The night mode the rendered text follows.
    public var nightMode: NightModeViewModel? { markdown?.nightMode }

    func parseBody(of issue: Issue) {
        guard let text = issue.body?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty,
              let markdown else {
            if bodyDocument != nil { bodyDocument = nil }  // an edit emptied the body
            parsedBody = nil
            return
        }
        // The fresh answer usually has the saved copy's text: parsed once, drawn once.
        guard text != parsedBody else { return }
        parsedBody = text
        parses.parse(markdown.request(text, in: repo), key: "body") { [weak self] in
            self?.bodyDocument = $0
        }
    }

    public func start() {
        resource.start()
        comments.start()
        composer.loadDraft()
        loadPermission()
    }

    public func refresh() {
        resource.refresh()
        comments.refresh()
        loadPermission()
    }

    /// The page was left: the issue and comment requests stop; writes already sent finish, with no follow-up.
    public func cancel() {
        writes.leave()
        resource.cancel()
        comments.cancel()
        parses.cancelAll()
        renderedComments.cancelAll()
        composer.cancel()
    }
}
