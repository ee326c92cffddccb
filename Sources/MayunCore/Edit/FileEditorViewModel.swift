import Foundation
import GiteeKit
import Observation

/// Editing one text file in place and committing it to its branch (issue 27). The file is read fresh from the server
/// (`GET .../contents/{path}`: its bytes and blob `sha`), shown without BOM, CRLF or final newline (`EditableText`)
/// and written back the way it was. Every change is a draft on disk (per account, project, branch and path) until
/// the server confirms the commit; a refused commit keeps the text, and one refused because the file changed since
/// it was read becomes a conflict the person can compare and commit on top of.
@MainActor
@Observable
public final class FileEditorViewModel {
    public enum Phase: Equatable, Sendable {
        case loading
        /// The file cannot be edited as text (binary, not UTF-8, too large) or could not be read.
        case refused(String)
        case editing
        /// The server confirmed the commit; the file page shows the new text.
        case committed
    }

    /// The newer file the server has, when a commit was refused because the file changed.
    public struct Conflict: Equatable, Sendable {
        public let theirs: String
        public let sha: String
    }

    public let location: BlobLocation
    /// The branch commits go to (nil: the project's default branch).
    public let branch: String?
    public internal(set) var phase: Phase = .loading
    /// What the editor holds.
    public private(set) var text = ""
    public var message: String
    public private(set) var conflict: Conflict?
    /// Writes go through here: a commit waits for its answer, a refusal says why.
    public let writes = ScreenWrites()
    /// The newer version against the person's text, after a conflict.
    public let diff = DiffViewModel()
    public var draftError: String? { drafts.writeError }
    /// Light or night for the editor's colours (set by the Coordinator).
    @ObservationIgnored public internal(set) var nightMode: NightModeViewModel?

    @ObservationIgnored public private(set) var file: EditableText?
    @ObservationIgnored public private(set) var baseSHA: String?
    @ObservationIgnored let account: String
    @ObservationIgnored let client: GiteeClient
    @ObservationIgnored private let drafts: DraftStore
    @ObservationIgnored weak var navigator: (any Navigator)?
    /// The account's outbox: a commit that provably never reached the server waits there (docs/WRITES.md).
    @ObservationIgnored var outbox: Outbox?
    @ObservationIgnored private var started = false
    /// The page was left: a commit still lands (and clears the draft), but nothing navigates.
    @ObservationIgnored var left = false
    /// Where Commit goes: the branch the file was opened on, or a new branch (FileEditorViewModel+NewBranch.swift).
    public internal(set) var destination: CommitDestination = .currentBranch
    public internal(set) var newBranchName = ""
    /// Branches the project has (a new branch's name must not be one of them).
    @ObservationIgnored var existingBranches: Set<String> = []
    /// After a commit to a new branch: that branch, offered as the head of a pull request.
    public internal(set) var committedBranch: String?

    init(location: BlobLocation, branch: String?, account: String, client: GiteeClient, drafts: DraftStore,
         navigator: (any Navigator)?) {
        self.location = location
        self.branch = branch
        self.account = account
        self.client = client
        self.drafts = drafts
        self.navigator = navigator
        message = String(format: tr("Update %@"), location.fileName)
        writes.report = { [weak navigator] text in navigator?.showToast(text) }
    }

    // MARK: Outputs

    public var title: String { String(format: tr("Edit %@"), location.fileName) }
    /// The text differs from the file as read (or as the newer version, after a conflict).
    public var hasChanges: Bool { file.map { $0.text != text } ?? false }
    public var canCommit: Bool {
        phase == .editing && hasChanges && !writes.isWriting
            && !message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
    public var commitTitle: String { writes.isWriting ? tr("Committing…") : tr("Commit") }
    /// Asked before leaving: nil when nothing would be left behind unsaved.
    public var leaveQuestion: String? {
        guard phase == .editing, hasChanges else { return nil }
        return tr("Your changes are kept as a draft on this computer and are not committed. Leave anyway?")
    }
    public var conflictText: String? {
        conflict == nil ? nil
            : tr("This file was changed on the server since you opened it. Your text is kept: compare it with the newer version, then commit on top of it.")
    }
    /// The newer version against the person's text, for the diff view.
    public var conflictDiff: DiffFile? {
        guard let conflict else { return nil }
        return LineDiff.file(path: location.path, old: conflict.theirs, new: text)
    }

    // MARK: Inputs

    public func start() {
        guard !started else { return }
        started = true
        Task { await load() }
        loadBranches()
    }

    public func cancel() { left = true }

    public func setText(_ edited: String) {
        guard edited != text, phase == .editing, let baseSHA else { return }
        text = edited
        saveDraft(baseSHA: baseSHA)
    }

    /// Back to the file as read; the draft goes.
    public func discard() {
        guard let file else { return }
        text = file.text
        conflict = nil
        saveDraft(baseSHA: baseSHA ?? "")
    }

    /// After a conflict: the newer version becomes the base, the person's text stays, and the commit is sent again.
    public func commitOnTop() {
        guard let conflict, let file else { return }
        self.file = EditableText(text: conflict.theirs, hasByteOrderMark: file.hasByteOrderMark,
                                 lineEnding: file.lineEnding, hasFinalNewline: file.hasFinalNewline)
        baseSHA = conflict.sha
        self.conflict = nil
        saveDraft(baseSHA: conflict.sha)
        commit()
    }

    public func commit() {
        if destination == .newBranch { return commitToNewBranch() }
        guard canCommit, let file, let baseSHA else { return }
        let bytes = file.encode(text)
        let endpoint = Endpoints.updateFile(owner: location.repo.owner, repo: location.repo.name, path: location.path,
                                            content: bytes, sha: baseSHA, message: message, branch: branch)
        let client = client, repo = location.repo, path = location.path, branch = branch, outbox = outbox
        let waiting = OutboxEntry.FileCommit(path: path, branch: branch, message: message, content: bytes,
                                             baseSHA: baseSHA)
        writes.send(key: "commit", failure: tr("The file was not committed: %@. Your text is kept."),
                    request: {
                        // Never reaching the server, it waits in the outbox, settled and sent when it answers.
                        try await Outbox.sendOrKeep(in: outbox, .fileCommit, repo: repo, number: "",
                                                    payload: waiting.payload, seen: baseSHA) {
                            try await SettledWrite.perform({ try await client.send(endpoint) }, check: {
                                try await FileWriteCheck.holds(bytes, repo: repo, path: path, branch: branch,
                                                               over: baseSHA, client: client)
                            })
                        }
                    },
                    settle: { [weak self] outcome in self?.committed(waiting: outcome.isWaiting) },
                    rollBack: { [weak self] error in self?.refused(error) },
                    always: clearingTheDraft(ifStill: text))
    }

    /// A commit's last step: it belongs to the file, not to this page, so its draft goes once the server (or the
    /// outbox) has it, even after the page was left; text typed since, in an editor still open, stays.
    func clearingTheDraft(ifStill sent: String) -> @MainActor (_ succeeded: Bool, _ pageLeft: Bool) -> Void {
        let drafts = drafts, account = account, repo = location.repo, branch = branch ?? "", path = location.path
        return { [weak self] succeeded, _ in
            guard succeeded, self.map({ $0.text == sent }) ?? true else { return }
            drafts.saveFileDraft(nil, account: account, repo: repo, branch: branch, path: path)
        }
    }

    // MARK: Loading and answers

    func load() async {
        let endpoint = Endpoints.file(owner: location.repo.owner, repo: location.repo.name, path: location.path,
                                      ref: branch)
        let content: Content
        do {
            content = try await client.send(endpoint)
        } catch {
            phase = .refused(ErrorText.message(for: GiteeError.from(error)))
            return
        }
        guard let sha = content.sha, let data = content.decodedData else {
            phase = .refused(tr("The server did not send this file's content."))
            return
        }
        switch EditableText.decode(data) {
        case .failure(let refusal):
            phase = .refused(refusal.reason)
        case .success(let decoded):
            file = decoded
            let draft = drafts.fileDraft(account: account, repo: location.repo, branch: branch ?? "", path: location.path)
            text = draft?.text ?? decoded.text
            // A draft written on an older version keeps its base: committing it is then a conflict, not an overwrite.
            baseSHA = draft?.baseSHA ?? sha
            phase = .editing
        }
    }

    /// The server has the commit, or (`waiting`) the outbox keeps it until the server can be reached.
    func committed(waiting: Bool = false) {
        phase = .committed
        guard !left else { return }
        if waiting {
            navigator?.showToast(tr("Gitee cannot be reached: the commit waits, and is sent when it answers."))
            navigator?.pop()
        } else {
            navigator?.replace(with: .blob(location.repo, ref: branch ?? location.ref, path: location.path))
        }
    }

    /// A refused commit: when the file changed on the server (its sha is not ours any more), a conflict.
    func refused(_ error: GiteeError) {
        guard error != .cancelled, let baseSHA else { return }
        Task { [weak self] in
            guard let self else { return }
            let endpoint = Endpoints.file(owner: location.repo.owner, repo: location.repo.name, path: location.path,
                                          ref: branch)
            guard let current = try? await client.send(endpoint), let sha = current.sha, sha != baseSHA,
                  let data = current.decodedData, case .success(let theirs) = EditableText.decode(data) else { return }
            conflict = Conflict(theirs: theirs.text, sha: sha)
            if let file = conflictDiff { diff.show([file]) }
        }
    }

    func saveDraft(baseSHA: String?) {
        let draft: FileDraft? = if let baseSHA, hasChanges { FileDraft(text: text, baseSHA: baseSHA) } else { nil }
        drafts.saveFileDraft(draft, account: account, repo: location.repo, branch: branch ?? "", path: location.path)
    }
}
