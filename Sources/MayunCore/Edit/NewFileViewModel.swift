import Foundation
import GiteeKit
import Observation

/// Creating a file in a folder (issue 27): a name (checked as it is typed: `NewFileName`), the text in the same code
/// editor as Edit, and a commit message that says "Create <name>" until the person writes their own. Commit is
/// `POST .../contents/{path}` (`content` base64, `message`, `branch`) through `ScreenWrites`. Name and text are a
/// draft on disk (per account, project, branch and folder) until the server has the file, so a refusal or a restart
/// loses nothing; on success the folder's page shows again with the new file in it.
@MainActor
@Observable
public final class NewFileViewModel {
    public enum Phase: Equatable, Sendable {
        case editing
        /// The server has the file.
        case created
    }

    public let target: FolderTarget
    public private(set) var phase: Phase = .editing
    public private(set) var name = ""
    public private(set) var text = ""
    public private(set) var message: String
    /// What the folder holds (its page's entries), for the name check; the server has the last word.
    public private(set) var files: Set<String>
    public private(set) var folders: Set<String>
    public let writes = ScreenWrites()
    public var draftError: String? { drafts.writeError }
    /// Light or night for the editor's colours (set by the Coordinator).
    @ObservationIgnored public internal(set) var nightMode: NightModeViewModel?

    @ObservationIgnored private var messageEdited = false
    @ObservationIgnored private let account: String
    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private let drafts: DraftStore
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private var started = false
    @ObservationIgnored private var left = false
    /// The account's outbox: a new file that provably never reached the server waits there (docs/WRITES.md).
    @ObservationIgnored var outbox: Outbox?
    /// Told with the new file's path once the server has it (the Coordinator shows the folder again).
    @ObservationIgnored var onCreated: @MainActor (String) -> Void = { _ in }

    init(target: FolderTarget, files: Set<String>, folders: Set<String>, account: String, client: GiteeClient,
         drafts: DraftStore, navigator: (any Navigator)?) {
        self.target = target
        self.files = files
        self.folders = folders
        self.account = account
        self.client = client
        self.drafts = drafts
        self.navigator = navigator
        message = tr("Create a file")
        writes.report = { [weak navigator] text in navigator?.showToast(text) }
    }

    // MARK: Outputs

    public var title: String { tr("New File") }
    /// Why the name cannot be used, shown under the field.
    public var nameProblem: String? { NewFileName.problem(with: name, files: files, folders: folders) }
    public var path: String { target.path(of: name) }
    public var hasChanges: Bool { !name.isEmpty || !text.isEmpty }
    public var canCommit: Bool {
        phase == .editing && !name.isEmpty && nameProblem == nil && !writes.isWriting
            && !message.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }
    public var commitTitle: String { writes.isWriting ? tr("Committing…") : tr("Commit") }
    public var whereText: String {
        String(format: tr("In %@, on %@"), target.shownFolder, target.branch ?? tr("the default branch"))
    }
    public var leaveQuestion: String? {
        guard phase == .editing, hasChanges else { return nil }
        return tr("Your new file is kept as a draft on this computer and is not committed. Leave anyway?")
    }
    /// The bytes committed: the text with a final newline, as editors save files (an empty file stays empty).
    public var bytes: Data {
        text.isEmpty ? Data() : Data((text.hasSuffix("\n") ? text : text + "\n").utf8)
    }

    // MARK: Inputs

    /// Restores the draft (once, when first shown).
    public func start() {
        guard !started else { return }
        started = true
        guard let draft = drafts.fileDraft(account: account, repo: target.repo, branch: target.branch ?? "",
                                           path: draftKey) else { return }
        name = draft.name ?? ""
        text = draft.text
        if !name.isEmpty { followName() }
    }

    /// The page was left: a commit in flight still lands (and clears the draft), but nothing navigates.
    public func cancel() { left = true }

    public func setName(_ typed: String) {
        guard typed != name, phase == .editing else { return }
        name = typed
        followName()
        saveDraft()
    }

    public func setText(_ edited: String) {
        guard edited != text, phase == .editing else { return }
        text = edited
        saveDraft()
    }

    /// The person's own message; an empty field goes back to following the name.
    public func setMessage(_ typed: String) {
        guard typed != message else { return }
        message = typed
        messageEdited = !typed.isEmpty
        if !messageEdited { followName() }
    }

    public func commit() {
        guard canCommit else { return }
        let endpoint = Endpoints.createFile(owner: target.repo.owner, repo: target.repo.name, path: path,
                                            content: bytes, message: message, branch: target.branch)
        let client = client, path = path, bytes = bytes, target = target, outbox = outbox
        let waiting = OutboxEntry.FileCommit(path: path, branch: target.branch, message: message, content: bytes,
                                             baseSHA: "", folder: target.folder)
        let drafts = drafts, account = account, draftKey = draftKey, sent = (name, text)
        writes.send(key: "create", failure: tr("The file was not created: %@. Your text is kept."),
                    request: {
                        // Never reaching the server, it waits in the outbox, settled and sent when it answers.
                        try await Outbox.sendOrKeep(in: outbox, .fileCommit, repo: target.repo, number: "",
                                                    payload: waiting.payload, seen: "") {
                            try await SettledWrite.perform({ try await client.send(endpoint) }, check: {
                                try await FileWriteCheck.holds(bytes, repo: target.repo, path: path,
                                                               branch: target.branch, client: client)
                            })
                        }
                    },
                    settle: { [weak self] outcome in self?.created(path, waiting: outcome.isWaiting) },
                    // The file belongs to the folder, not to this page: its draft goes once the server (or the
                    // outbox) has it, even after the page was left; what was typed since in an open page stays.
                    always: { [weak self] succeeded, _ in
                        guard succeeded, self.map({ ($0.name, $0.text) == sent }) ?? true else { return }
                        drafts.saveFileDraft(nil, account: account, repo: target.repo, branch: target.branch ?? "",
                                             path: draftKey)
                    })
    }

    // MARK: Private

    /// The draft's key: the folder, with a name no file can have (a path never ends in "/").
    private var draftKey: String { Self.draftKey(folder: target.folder) }

    nonisolated static func draftKey(folder: String) -> String { folder + "/" }

    private func followName() {
        guard !messageEdited else { return }
        message = name.isEmpty ? tr("Create a file")
            : String(format: tr("Create %@"), name.split(separator: "/").last.map(String.init) ?? name)
    }

    /// The server has the file, or (`waiting`) the outbox keeps it until the server can be reached.
    private func created(_ path: String, waiting: Bool) {
        phase = .created
        navigator?.showToast(waiting ? tr("Gitee cannot be reached: the new file waits, and is sent when it answers.")
                                     : String(format: tr("%@ created"), path))
        guard !left else { return }
        onCreated(path)
    }

    private func saveDraft() {
        let draft: FileDraft? = hasChanges ? FileDraft(text: text, baseSHA: "", name: name) : nil
        drafts.saveFileDraft(draft, account: account, repo: target.repo, branch: target.branch ?? "", path: draftKey)
    }
}

extension NewFileViewModel: AsksBeforeLeaving {}

extension NewFileViewModel: ScreenModel {
    public func refresh() {}
}
