import Foundation
import GiteeKit
import Observation

/// Uploading files from this computer into a folder (issue 27), dropped on the folder's page or picked in the file
/// chooser. Each file is its own commit (the contents API writes one file per request): `POST .../contents/{path}`
/// for a new name, or, after the person agreed to replace it, `PUT` with the existing file's current `sha` (read
/// from the folder just before). Files over `maxFileSize` are refused with the reason before anything is read or
/// sent; the others go one after another, each with its progress as libsoup writes the request body.
@MainActor
@Observable
public final class FolderUploads {
    public enum State: Equatable, Sendable {
        case waiting
        /// Waiting for the person: a file of that name is already in the folder.
        case asking
        case sending(sent: Int64, total: Int64)
        case done
        /// Not sent: the person kept the existing file, or left the page before its turn.
        case skipped
        case failed(String)
        /// The server could not be reached: the upload waits in the outbox and is sent when it answers.
        case inOutbox

        public var isFinished: Bool {
            switch self {
            case .done, .skipped, .failed, .inOutbox: true
            case .waiting, .asking, .sending: false
            }
        }
    }

    public struct Upload: Identifiable, Equatable, Sendable {
        public let id: Int
        public let name: String
        public let size: Int
        public fileprivate(set) var state: State
        fileprivate let file: URL
    }

    /// Replacing a file asks first.
    public struct Question: Equatable, Sendable {
        public let uploadID: Int
        public let heading: String
        public let body: String
        public let confirm: String
    }

    /// The largest file uploaded: the site publishes no cap for the contents API, and FakeGitee (as strict as the
    /// site, or stricter) takes 10 MB decoded; a bigger file is refused here with the reason, before it is sent.
    public static let maxFileSize = 10 * 1024 * 1024

    public let target: FolderTarget
    public private(set) var uploads: [Upload] = []
    public private(set) var question: Question?
    public let writes = ScreenWrites()

    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private weak var navigator: (any Navigator)?
    /// The account's outbox: an upload that provably never reached the server waits there (docs/WRITES.md).
    @ObservationIgnored var outbox: Outbox?
    @ObservationIgnored private var nextID = 0
    @ObservationIgnored private var pumping = false
    @ObservationIgnored private var left = false
    @ObservationIgnored private var answer: CheckedContinuation<Bool, Never>?
    /// Told after each file the server took (the folder's list reads itself again).
    @ObservationIgnored var onUploaded: @MainActor () -> Void = {}

    init(target: FolderTarget, client: GiteeClient, navigator: (any Navigator)?) {
        self.target = target
        self.client = client
        self.navigator = navigator
        writes.report = { [weak navigator] text in navigator?.showToast(text) }
    }

    // MARK: Outputs

    /// Said beside the Upload button, before anything is chosen.
    public var capText: String {
        String(format: tr("Up to %@ a file; each file is committed on its own."), ByteSize.format(Self.maxFileSize))
    }

    public var isBusy: Bool { uploads.contains { !$0.state.isFinished } }

    /// One line per upload, for the page's list under the bar.
    public func line(for upload: Upload) -> String {
        let size = ByteSize.format(upload.size)
        return switch upload.state {
        case .waiting: String(format: tr("%@ (%@): waiting"), upload.name, size)
        case .asking: String(format: tr("%@ (%@): already in this folder"), upload.name, size)
        case .sending(let sent, let total):
            String(format: tr("%@: sending %@ of %@"), upload.name, ByteSize.format(Int(clamping: sent)),
                   ByteSize.format(Int(clamping: total)))
        case .done: String(format: tr("%@ (%@): uploaded"), upload.name, size)
        case .skipped: String(format: tr("%@: not uploaded"), upload.name)
        case .failed(let reason): String(format: tr("%@: %@"), upload.name, reason)
        case .inOutbox: String(format: tr("%@ (%@): Gitee cannot be reached; it waits, and is sent when it answers"),
                               upload.name, size)
        }
    }

    /// The share of the request body sent, while it is being sent.
    public func fraction(of upload: Upload) -> Double? {
        guard case .sending(let sent, let total) = upload.state else { return nil }
        return total > 0 ? min(1, max(0, Double(sent) / Double(total))) : 0
    }

    // MARK: Inputs

    /// Files from the chooser or a drop (local paths). Each is checked now; the ones that may go are sent in turn.
    public func add(paths: [String]) {
        guard !left else { return }
        for path in paths {
            let url = URL(fileURLWithPath: path)
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey, .fileSizeKey])
            let name = url.lastPathComponent
            let size = values?.fileSize ?? 0
            var state = State.waiting
            if values?.isRegularFile != true {
                state = .failed(tr("only files can be uploaded, not folders"))
            } else if size > Self.maxFileSize {
                state = .failed(String(format: tr("%@ is over the %@ a file the app uploads"), ByteSize.format(size),
                                       ByteSize.format(Self.maxFileSize)))
            } else if let problem = NewFileName.problem(with: name, files: [], folders: []) {
                state = .failed(problem)
            }
            uploads.append(Upload(id: nextID, name: name, size: size, state: state, file: url))
            nextID += 1
        }
        pump()
    }

    /// The answer to `question`: replace the file in the folder, or keep it (this upload is skipped).
    public func answer(replace: Bool) {
        question = nil
        answer?.resume(returning: replace)
        answer = nil
    }

    /// Removes the finished lines.
    public func clearFinished() {
        uploads.removeAll { $0.state.isFinished }
    }

    /// The page was left: the file being sent still goes (the person asked for it); the ones waiting do not.
    func cancel() {
        left = true
        for index in uploads.indices where uploads[index].state == .waiting { uploads[index].state = .skipped }
        answer(replace: false)
    }

    // MARK: The queue

    private func pump() {
        guard !pumping else { return }
        pumping = true
        Task { [weak self] in
            while true {
                guard let self else { return }
                guard !left, let next = uploads.first(where: { $0.state == .waiting }) else {
                    pumping = false
                    return
                }
                await send(next)
            }
        }
    }

    /// libsoup reports every chunk written; the page redraws at most once per whole percent.
    private func progress(_ id: Int, sent: Int64, total: Int64) {
        guard let index = uploads.firstIndex(where: { $0.id == id }),
              Self.isWorthShowing(sent: sent, total: total, over: uploads[index].state) else { return }
        uploads[index].state = .sending(sent: sent, total: total)
    }

    /// A new whole percent, the end, or a first report: worth a redraw.
    static func isWorthShowing(sent: Int64, total: Int64, over shown: State) -> Bool {
        guard case .sending(let shownSent, let shownTotal) = shown, shownTotal == total, sent < total else { return true }
        func percent(_ value: Int64) -> Int64 { value.multipliedReportingOverflow(by: 100).partialValue / max(1, total) }
        return percent(shownSent) != percent(sent)
    }

    private func setState(_ id: Int, _ state: State) {
        guard let index = uploads.firstIndex(where: { $0.id == id }) else { return }
        uploads[index].state = state
    }

    private func send(_ upload: Upload) async {
        let id = upload.id, target = target, client = client
        setState(id, .sending(sent: 0, total: Int64(upload.size)))
        let bytes: Data
        do {
            bytes = try await Task.detached(priority: .userInitiated) { [file = upload.file] in
                try Data(contentsOf: file, options: .mappedIfSafe)
            }.value
        } catch {
            return setState(id, .failed(LocalFileText.reading(error)))
        }
        guard bytes.count <= Self.maxFileSize else {
            return setState(id, .failed(String(format: tr("%@ is over the %@ a file the app uploads"),
                                               ByteSize.format(bytes.count), ByteSize.format(Self.maxFileSize))))
        }
        let path = target.path(of: upload.name)
        // The folder as the server has it now: a file of this name is replaced only when the person says so.
        let existing: GiteeKit.Content?
        do {
            let entries = try await client.send(Endpoints.folder(owner: target.repo.owner, repo: target.repo.name,
                                                                 path: target.folder, ref: target.branch))
            existing = entries.first { $0.name == upload.name }
        } catch {
            let failure = GiteeError.from(error)
            // Unreachable before anything was known: it waits as a new file; a name taken meanwhile is never
            // written over (the outbox asks the person).
            if failure.neverReachedServer, keep(bytes, at: path, over: nil, name: upload.name) { return setState(id, .inOutbox) }
            return setState(id, .failed(ErrorText.message(for: failure)))
        }
        if let existing, existing.isDirectory {
            return setState(id, .failed(tr("a folder of that name is already here")))
        }
        let endpoint: Endpoint<CommitContent>
        let replacedSHA = existing?.sha
        if let existing {
            guard let sha = existing.sha else { return setState(id, .failed(tr("the server did not say which version is there"))) }
            setState(id, .asking)
            let replace = await withCheckedContinuation { continuation in
                answer = continuation
                question = Question(uploadID: id, heading: String(format: tr("Replace %@?"), upload.name),
                                    body: String(format: tr("%@ already has a file named %@. Uploading commits your file in its place; the old one stays in the history."),
                                                 target.shownFolder, upload.name),
                                    confirm: tr("Replace"))
            }
            guard replace, !left else { return setState(id, .skipped) }
            setState(id, .sending(sent: 0, total: Int64(bytes.count)))
            endpoint = Endpoints.updateFile(owner: target.repo.owner, repo: target.repo.name, path: path,
                                            content: bytes, sha: sha, message: String(format: tr("Update %@"), upload.name),
                                            branch: target.branch)
        } else {
            endpoint = Endpoints.createFile(owner: target.repo.owner, repo: target.repo.name, path: path,
                                            content: bytes, message: String(format: tr("Upload %@"), upload.name),
                                            branch: target.branch)
        }
        let failure = String(format: tr("%@ was not uploaded: %@."), upload.name, "%@")
        let waiting = Self.row(bytes, at: path, over: replacedSHA, name: upload.name, in: target)
        let outbox = outbox
        let task = writes.send(key: "upload:\(path)", failure: failure, request: {
            try await Outbox.sendOrKeep(in: outbox, .fileCommit, repo: target.repo, number: "",
                                        payload: waiting.payload, seen: replacedSHA ?? "") {
                try await SettledWrite.perform({
                    try await client.send(endpoint, uploaded: { [weak self] sent, total in
                        self?.progress(id, sent: sent, total: total ?? sent)
                    })
                }, check: {
                    try await FileWriteCheck.holds(bytes, repo: target.repo, path: path, branch: target.branch,
                                                   over: replacedSHA, client: client)
                })
            }
        }, settle: { [weak self] outcome in
            guard !outcome.isWaiting else { self?.setState(id, .inOutbox); return }
            self?.setState(id, .done)
            self?.onUploaded()
        }, rollBack: { [weak self] error in
            self?.setState(id, .failed(ErrorText.message(for: error)))
        })
        await task?.value
    }
}

extension FolderUploads {
    /// The outbox row of an upload: a new file (`over` nil) or the file it replaces, with the message the upload
    /// would have sent.
    static func row(_ bytes: Data, at path: String, over replacedSHA: String?, name: String,
                    in target: FolderTarget) -> OutboxEntry.FileCommit {
        OutboxEntry.FileCommit(path: path, branch: target.branch,
                               message: String(format: replacedSHA == nil ? tr("Upload %@") : tr("Update %@"), name),
                               content: bytes, baseSHA: replacedSHA ?? "", folder: replacedSHA == nil ? target.folder : nil,
                               isUpload: true)
    }

    /// Keeps an upload in the outbox; false without one, or when its row could not be written.
    fileprivate func keep(_ bytes: Data, at path: String, over replacedSHA: String?, name: String) -> Bool {
        let row = Self.row(bytes, at: path, over: replacedSHA, name: name, in: target)
        return outbox?.enqueue(.fileCommit, repo: target.repo, number: "", payload: row.payload,
                               seen: replacedSHA ?? "") != nil
    }
}

/// A local file that could not be read, in words.
enum LocalFileText {
    static func reading(_ error: Error) -> String {
        let code = (error as NSError).code
        if code == NSFileReadNoPermissionError { return tr("this computer does not allow reading it") }
        if code == NSFileReadNoSuchFileError { return tr("it is no longer there") }
        return tr("it could not be read")
    }
}
