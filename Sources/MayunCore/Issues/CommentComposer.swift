import GiteeKit
import MayunDocument
import Observation

/// The composer under a comment thread: Markdown with a Write / Preview switch (the preview is the same document
/// model a README is drawn from), a draft kept on disk as it is typed (per account, project and issue, so it
/// survives failures and restarts), and the send itself left to its owner (`IssueViewModel`), which sends through
/// the screen's write path. Also edits one of the person's own comments: the text is then the comment's, and the
/// new-comment draft waits untouched.
@MainActor
@Observable
public final class CommentComposer {
    public enum Mode: Equatable, Sendable { case write, preview }

    public private(set) var text = ""
    public private(set) var mode: Mode = .write
    /// The preview's document (nil until parsed, and while writing).
    public private(set) var preview: Document?
    /// Why the last send failed, shown under the composer until the text changes.
    public private(set) var failure: String?
    /// The comment being edited, or nil for a new comment.
    public private(set) var editingID: Int?
    /// A send is on its way (the Comment button waits).
    public internal(set) var isSending = false
    /// @mention completion from the project's collaborators (nobody offered when the composer has no source).
    public let mentions: MentionCompletion

    @ObservationIgnored private let drafts: DraftStore?
    @ObservationIgnored private let draftKey: @MainActor () -> (account: String, repo: RepositoryID, issue: String)?
    /// Edits keep drafts of their own (a comment's here, the issue's title and description in IssueViewModel+Edit).
    @ObservationIgnored let editDrafts: EditDrafts
    @ObservationIgnored private let markdown: RepositoryMarkdown?
    @ObservationIgnored private let repo: RepositoryID
    @ObservationIgnored private let parses = DocumentParses()
    /// The new comment's text while an edit borrows the composer.
    @ObservationIgnored private var stashedDraft: String?
    /// Which account's draft is showing (a login or a logout changes it).
    @ObservationIgnored private var loadedFor: String?
    @ObservationIgnored var onSubmit: @MainActor () -> Void = {}

    init(repo: RepositoryID, drafts: DraftStore?, markdown: RepositoryMarkdown?,
         draftKey: @escaping @MainActor () -> (account: String, repo: RepositoryID, issue: String)?,
         people: (@MainActor () async -> [User])? = nil) {
        mentions = MentionCompletion(load: people ?? { [] })
        self.repo = repo
        self.drafts = drafts
        self.markdown = markdown
        self.draftKey = draftKey
        editDrafts = EditDrafts(drafts: drafts, key: draftKey)
    }

    /// The composer of one thread (an issue, or a pull request: `thread` is "12" or "!12"): its draft is the
    /// logged-in person's, and @ completes the project's collaborators.
    convenience init(thread: String, of repo: RepositoryID, drafts: DraftStore?, markdown: RepositoryMarkdown?,
                     session: Session?, collaborators: CollaboratorDirectory?) {
        self.init(repo: repo, drafts: drafts, markdown: markdown, draftKey: { [weak session] in
            guard let login = session?.user?.login, session?.isLoggedIn == true else { return nil }
            return (login, repo, thread)
        }, people: { [weak collaborators] in await collaborators?.collaborators(of: repo) ?? [] })
    }

    // MARK: Outputs

    public var canSend: Bool { !isSending && !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty }
    public var sendTitle: String { editingID == nil ? tr("Comment") : tr("Save") }
    public var isEditing: Bool { editingID != nil }
    public var writeTitle: String { tr("Write") }
    public var previewTitle: String { tr("Preview") }
    public var placeholder: String { tr("Leave a comment (Markdown; Ctrl+Enter sends)") }
    public var nothingToPreview: String { tr("Nothing to preview") }
    public var nightMode: NightModeViewModel? { markdown?.nightMode }

    // MARK: Inputs

    /// Shows the logged-in person's draft for this issue (again after a login or an account switch).
    public func loadDraft() {
        guard let key = draftKey() else {
            loadedFor = nil
            if editingID == nil { text = "" }
            return
        }
        guard loadedFor != key.account else { return }
        loadedFor = key.account
        editingID = nil
        stashedDraft = nil
        text = drafts?.comment(account: key.account, repo: key.repo, issue: key.issue) ?? ""
    }

    /// Shows the draft under the current key again, whoever is logged in (the key changed: a pull request's line
    /// composer moved to another line). An edit in progress ends.
    func reloadDraft() {
        loadedFor = nil
        mode = .write
        preview = nil
        failure = nil
        loadDraft()
    }

    /// What the person typed; saved as the draft (an edit's text as that comment's edit draft).
    public func setText(_ newText: String) {
        guard newText != text else { return }
        text = newText
        failure = nil
        if let editingID { editDrafts.save(newText, EditDrafts.comment(editingID)) } else { saveDraft(newText) }
        if mode == .preview { parsePreview() }
    }

    public func showWrite() { mode = .write }

    public func showPreview() {
        mode = .preview
        parsePreview()
    }

    /// Ctrl+Enter or the Comment / Save button.
    public func submit() {
        guard canSend else { return }
        onSubmit()
    }

    /// Edit the person's own comment here; the new-comment draft is kept aside meanwhile. An edit left unsaved
    /// before (the page left, a failed save, a quit) comes back instead of the comment's text.
    func beginEditing(id: Int, body: String) {
        if editingID == nil { stashedDraft = text }
        editingID = id
        mode = .write
        let kept = editDrafts.text(EditDrafts.comment(id))
        text = kept.isEmpty ? body : kept
        failure = nil
    }

    /// The person drops the edit: its draft goes too.
    public func cancelEditing() {
        guard let editingID else { return }
        editDrafts.save("", EditDrafts.comment(editingID))
        self.editingID = nil
        text = stashedDraft ?? ""
        stashedDraft = nil
        failure = nil
        mode = .write
    }

    // MARK: For the owner's write

    /// The text leaves the composer while it is sent; the draft on disk stays until the server has the comment.
    func takeForSending() -> (text: String, editing: Int?) {
        let taken = (text, editingID)
        isSending = true
        if editingID != nil {
            editingID = nil
            text = stashedDraft ?? ""
            stashedDraft = nil
        } else {
            text = ""
        }
        mode = .write
        preview = nil
        return taken
    }

    /// The server has it: the draft goes (for a new comment; an edit never had one).
    func sent(wasEdit: Bool) {
        isSending = false
        if !wasEdit, text.isEmpty { saveDraft("") }
    }

    /// What becomes of the stored draft once a new comment with `text` is settled, even after the page is gone (it
    /// holds the store and the key, not the composer): sent, the draft goes if it is still that text (anything typed
    /// since stays); failed after the page was left, the text is put back in the draft, before anything typed since,
    /// so reopening the issue shows it with the reason in a toast.
    func draftOutcome(for text: String) -> @MainActor (_ succeeded: Bool, _ pageLeft: Bool) -> Void {
        guard let drafts, let key = draftKey() else { return { _, _ in } }
        return { succeeded, pageLeft in
            let stored = drafts.comment(account: key.account, repo: key.repo, issue: key.issue)
            if succeeded {
                if stored == text { drafts.saveComment("", account: key.account, repo: key.repo, issue: key.issue) }
            } else if pageLeft, !stored.contains(text) {
                let kept = stored.isEmpty ? text : text + "\n\n" + stored
                drafts.saveComment(kept, account: key.account, repo: key.repo, issue: key.issue)
            }
        }
    }

    /// The send failed: the text comes back (into the same edit when it was one) and the reason is shown.
    func failed(_ sentText: String, editing: Int?, reason: String) {
        isSending = false
        if let editing {
            if editingID == nil { stashedDraft = text }
            editingID = editing
            text = sentText
        } else if text.isEmpty {
            text = sentText
        } else {
            // Typed more meanwhile: keep both, the failed text first.
            text = sentText + "\n\n" + text
            saveDraft(text)
        }
        failure = reason
    }

    /// A comment taken back from the outbox (its Cancel): its text returns to the composer and the draft, before
    /// anything typed since.
    func restore(_ returned: String) {
        if editingID != nil {
            stashedDraft = (stashedDraft ?? "").isEmpty ? returned : returned + "\n\n" + (stashedDraft ?? "")
            if let key = draftKey(), let stashedDraft {
                drafts?.saveComment(stashedDraft, account: key.account, repo: key.repo, issue: key.issue)
            }
            return
        }
        let restored = text.isEmpty ? returned : returned + "\n\n" + text
        text = restored
        failure = nil
        saveDraft(restored)
    }

    func cancel() {
        parses.cancelAll()
        mentions.cancel()
    }

    private func saveDraft(_ text: String) {
        guard let key = draftKey() else { return }
        drafts?.saveComment(text, account: key.account, repo: key.repo, issue: key.issue)
    }

    private func parsePreview() {
        let source = text
        guard let markdown, !source.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            preview = nil
            return
        }
        parses.parse(markdown.request(source, in: repo), key: "preview") { [weak self] document in
            guard let self, self.text == source else { return }
            self.preview = document
        }
    }
}
