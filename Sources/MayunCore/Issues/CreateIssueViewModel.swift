import Foundation
import GiteeKit
import MayunDocument
import Observation

/// Writing a new issue: title (required) and a markdown body with preview. The draft is saved as it is typed and
/// cleared only after the server confirms. The submit goes through the one write path (`writes`): a second click
/// while it is on its way sends nothing, a lost answer is settled by asking, and a refusal is shown under the form
/// with the server's words (Gitee's answers name no field: docs/WRITES.md).
@MainActor
@Observable
public final class CreateIssueViewModel {
    public let repo: RepositoryID
    public internal(set) var draft: IssueDraft
    /// The one write path: the create is a write like any other.
    public let writes = ScreenWrites()
    public var isSubmitting: Bool { writes.isWriting }
    /// The body's Write / Preview switch and its rendered preview.
    public let preview: BodyPreview
    /// A failure that is not about one field (network, server); the draft stays.
    public private(set) var errorMessage: String?
    /// The draft could not be written to disk (disk full, no permission): typing goes on, but it is not kept.
    public var draftError: String? { drafts.writeError }
    /// The project's `permission` for the logged-in person (nil: not known, so no label, assignee or milestone).
    public internal(set) var permission: Project.Permission?
    /// The project's labels, collaborators and open milestones, read for members (CreateIssueViewModel+Triage).
    public internal(set) var projectLabels: [Issue.Label] = []
    public internal(set) var projectCollaborators: [User] = []
    public internal(set) var projectMilestones: [Milestone] = []
    @ObservationIgnored let project: Cached<Project>?
    @ObservationIgnored let session: Session?

    @ObservationIgnored let drafts: DraftStore
    @ObservationIgnored let client: GiteeClient
    @ObservationIgnored private weak var navigator: (any Navigator)?
    /// Where a created issue goes (the Coordinator shows it in place of the form and in open lists).
    /// The issue exists; `pageIsOpen`: this form is still on screen (the person did not go Back meanwhile), so its
    /// page may be replaced by the new issue's.
    @ObservationIgnored private let created: @MainActor (_ issue: Issue, _ repo: RepositoryID, _ pageIsOpen: Bool) -> Void
    /// The account's outbox: a submit that provably never reached the server waits there (docs/WRITES.md).
    @ObservationIgnored var outbox: Outbox?
    /// Told when the issue was put in the outbox instead (`pageIsOpen` as for `created`).
    @ObservationIgnored var queued: @MainActor (_ repo: RepositoryID, _ pageIsOpen: Bool) -> Void = { _, _ in }
    /// The form was left (Back while the POST was on its way): a failure is told in a toast, not under the form.
    @ObservationIgnored var wasLeft = false

    init(repo: RepositoryID, drafts: DraftStore, client: GiteeClient, markdown: RepositoryMarkdown?,
         navigator: (any Navigator)?, project: Cached<Project>? = nil, session: Session? = nil,
         created: @escaping @MainActor (Issue, RepositoryID, Bool) -> Void = { _, _, _ in }) {
        self.repo = repo
        self.project = project
        self.session = session
        self.drafts = drafts
        self.client = client
        self.navigator = navigator
        preview = BodyPreview(markdown: markdown)
        self.created = created
        draft = drafts.draft(for: repo)
        reportFailures()
    }

    // Outputs
    public var title: String { tr("New Issue") }
    public var titlePlaceholder: String { tr("Title") }
    public var bodyPlaceholder: String { tr("Leave a description (Markdown)") }
    public var submitTitle: String { isSubmitting ? tr("Submitting…") : tr("Submit") }
    public var canSubmit: Bool {
        !isSubmitting && !draft.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    // Inputs
    public func setTitle(_ text: String) {
        guard text != draft.title else { return }
        draft.title = text
        drafts.save(draft, for: repo)
    }

    public func setBody(_ text: String) {
        guard text != draft.body else { return }
        draft.body = text
        drafts.save(draft, for: repo)
    }

    public func togglePreview() { preview.toggle(draft.body, in: repo) }

    public func submit() {
        guard canSubmit else { return }
        errorMessage = nil
        let submitted = draft
        // Only a member's choices are sent (a draft kept from a member's account says nothing for another).
        let triage = canTriage ? submitted : IssueDraft()
        let repo = repo, client = client, drafts = drafts, created = created
        let title = submitted.title.trimmingCharacters(in: .whitespacesAndNewlines)
        let endpoint = Endpoints.createIssue(owner: repo.owner, repo: repo.name, title: title, body: submitted.body,
                                             labels: triage.labels, assignee: triage.assignee,
                                             milestone: triage.milestone)
        // A lost answer (a 5xx, a timeout, a reset) is settled by asking, never by posting again: the project's
        // newest issues, for one by this account with exactly this title made since the submit began (a minute's
        // allowance for the server's clock).
        let session = session, outbox = outbox, queued = queued
        let since = Date().addingTimeInterval(-60)
        let found: @MainActor () async throws -> Issue? = {
            await session?.start()
            guard let login = session?.user?.login else { return nil }
            return try await NewIssueCheck.find(title: title, in: repo, by: login, since: since, client: client)
        }
        let sent = IssueDraft(title: title, body: submitted.body, labels: triage.labels, assignee: triage.assignee,
                              milestone: triage.milestone)
        let answer = CreatedAnswer<Issue?>()
        writes.send(key: Self.submitKey, failure: tr("Could not create the issue: %@ Your draft is kept."),
                    request: {
                        // Never reached the server: it waits in the outbox, sent when the server answers again.
                        let outcome = try await Outbox.sendOrKeep(in: outbox, .newIssue, repo: repo, number: "",
                                                                  payload: OutboxEntry.newIssuePayload(sent), seen: "") {
                            try await SettledWrite.perform({ try await client.send(endpoint) }, check: found)
                        }
                        answer.value = .some(outcome.answer)
                    },
                    rollBack: { [weak self] error in
                        if case .unauthorized = error { self?.navigator?.requireLogin { [weak self] in self?.submit() } }
                    },
                    // The issue belongs to the project, not to this page: its draft goes and the lists learn of it
                    // even after Back; the form is replaced by the issue only while it is still open.
                    always: { [weak self] succeeded, pageLeft in
                        guard succeeded, let outcome = answer.value else { return }
                        // Only now is the writing safe (on the server, or in the outbox on disk). Anything typed
                        // since, in a form still open, stays (as its stored draft); a form that has gone clears it.
                        // (Before `created`, which replaces the form and so leaves it.)
                        if self.map({ $0.draft == submitted }) ?? true {
                            self?.draft = IssueDraft()
                            drafts.clear(for: repo)
                        }
                        if let issue = outcome { created(issue, repo, !pageLeft) } else { queued(repo, !pageLeft) }
                    })
    }

    static let submitKey = "create"

    /// Where a failure is told: under the form while it is open, else in a toast (the draft is kept on disk).
    func reportFailures() {
        writes.report = { [weak self, weak navigator] message in
            if let self, !wasLeft { errorMessage = message } else { navigator?.showToast(message) }
        }
    }
}

/// The answer of a create, kept for `ScreenWrites.send`'s `always`, which runs also after the page was left.
@MainActor
final class CreatedAnswer<Value> {
    var value: Value?
}
