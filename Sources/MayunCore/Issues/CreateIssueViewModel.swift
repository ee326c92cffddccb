import Foundation
import GiteeKit
import Observation

/// Writing a new issue: title (required) and a markdown body with preview. The draft is saved as it is typed and
/// cleared only after the server confirms; a validation error is shown at the field it is about.
@MainActor
@Observable
public final class CreateIssueViewModel {
    public let repo: RepositoryID
    public internal(set) var draft: IssueDraft
    public private(set) var isSubmitting = false
    public private(set) var isPreviewing = false
    /// The body as it will look, rendered when the preview is shown.
    public private(set) var previewDocument: Document?
    public private(set) var titleError: String?
    public private(set) var bodyError: String?
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
    @ObservationIgnored private let markdown: RepositoryMarkdown?
    /// Where a created issue goes (the Coordinator shows it in place of the form and in open lists).
    /// The issue exists; `pageIsOpen`: this form is still on screen (the person did not go Back meanwhile), so its
    /// page may be replaced by the new issue's.
    @ObservationIgnored private let created: @MainActor (_ issue: Issue, _ repo: RepositoryID, _ pageIsOpen: Bool) -> Void
    /// The form was left (Back while the POST was on its way): the answer must not replace another page.
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
        self.markdown = markdown
        self.created = created
        draft = drafts.draft(for: repo)
    }

    // Outputs
    public var title: String { tr("New Issue") }
    public var titlePlaceholder: String { tr("Title") }
    public var bodyPlaceholder: String { tr("Leave a description (Markdown)") }
    public var submitTitle: String { isSubmitting ? tr("Submitting…") : tr("Submit") }
    public var canSubmit: Bool {
        !isSubmitting && !draft.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
    public var previewToggleTitle: String { isPreviewing ? tr("Write") : tr("Preview") }

    // Inputs
    public func setTitle(_ text: String) {
        guard text != draft.title else { return }
        draft.title = text
        titleError = nil
        drafts.save(draft, for: repo)
    }

    public func setBody(_ text: String) {
        guard text != draft.body else { return }
        draft.body = text
        bodyError = nil
        drafts.save(draft, for: repo)
    }

    public func togglePreview() {
        isPreviewing.toggle()
        guard isPreviewing, let markdown else { return }
        let text = draft.body
        Task {
            let document = await markdown.parse(text, in: repo)
            if isPreviewing, draft.body == text { previewDocument = document }
        }
    }

    public var nightMode: NightModeViewModel? { markdown?.nightMode }

    public func submit() {
        guard canSubmit else { return }
        isSubmitting = true
        errorMessage = nil
        titleError = nil
        bodyError = nil
        let submitted = draft
        // Only a member's choices are sent (a draft kept from a member's account says nothing for another).
        let triage = canTriage ? submitted : IssueDraft()
        Task {
            defer { isSubmitting = false }
            do {
                let issue = try await client.send(Endpoints.createIssue(
                    owner: repo.owner, repo: repo.name,
                    title: submitted.title.trimmingCharacters(in: .whitespacesAndNewlines), body: submitted.body,
                    labels: triage.labels, assignee: triage.assignee, milestone: triage.milestone))
                // Only now is the writing safe on the server.
                if draft == submitted { draft = IssueDraft() }
                drafts.clear(for: repo)
                created(issue, repo, !wasLeft)
            } catch let error as GiteeError {
                show(error)
            } catch {
                errorMessage = String(describing: error)
            }
        }
    }

    private func show(_ error: GiteeError) {
        switch error {
        case .cancelled:
            return
        case .validation(let message):
            // Gitee names the field in its message ("title is missing", "body is too long").
            if message.lowercased().contains("body") || message.contains("内容") || message.contains("描述") {
                bodyError = message
            } else {
                titleError = message
            }
        case .unauthorized:
            errorMessage = ErrorText.message(for: error)
            navigator?.requireLogin { [weak self] in self?.submit() }
        default:
            errorMessage = ErrorText.message(for: error) + " " + tr("Your draft is kept.")
        }
    }
}
