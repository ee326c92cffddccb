import Foundation
import GiteeKit
import Observation

/// Answering a private message (`POST /notifications/messages`): one recipient at a time, the text kept on disk as
/// it is typed (per account and recipient), so a failed send or a restart loses nothing; the send goes through the
/// Notifications screen's write path, and only a sent message clears the draft.
@MainActor
@Observable
public final class MessageReplyComposer {
    public struct Recipient: Equatable, Sendable {
        public let login: String
        public let name: String
    }

    /// Who the answer goes to; nil while the composer is closed.
    public private(set) var recipient: Recipient?
    public private(set) var text = ""
    /// Why the last send failed, shown under the composer until the text changes.
    public private(set) var failure: String?
    public private(set) var isSending = false

    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private let writes: ScreenWrites
    @ObservationIgnored private let drafts: MessageDrafts?
    @ObservationIgnored private let account: @MainActor () -> String?
    /// Said when a message went out (a toast).
    @ObservationIgnored var onSent: @MainActor (String) -> Void = { _ in }

    /// Gitee's own limit is not published; FakeGitee refuses more than this, and so does the composer, before sending.
    public static let longestMessage = 5_000

    /// Waits for the drafts' queued writes (tests; a restart reads what is on disk).
    func flushDrafts() async { await drafts?.flush() }

    init(client: GiteeClient, writes: ScreenWrites, drafts: MessageDrafts?, account: @escaping @MainActor () -> String?) {
        self.client = client
        self.writes = writes
        self.drafts = drafts
        self.account = account
    }

    public var title: String { recipient.map { String(format: tr("Reply to %@"), $0.name) } ?? "" }
    public var sendTitle: String { tr("Send") }
    public var cancelTitle: String { tr("Cancel") }
    public var placeholder: String { tr("Write a private message (Ctrl+Enter sends)") }
    public var canSend: Bool {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return recipient != nil && !isSending && !trimmed.isEmpty && text.count <= Self.longestMessage
    }

    /// Opens the composer for the message's sender, with the draft written to them before.
    public func begin(replyingTo item: NotificationItem) {
        guard let login = item.senderLogin, !login.isEmpty else { return }
        recipient = Recipient(login: login, name: item.senderName ?? login)
        text = account().flatMap { drafts?.text(account: $0, recipient: login) } ?? ""
        failure = text.count > Self.longestMessage ? tooLong : nil
    }

    /// Closes the composer; the draft stays on disk for next time.
    public func close() {
        recipient = nil
        text = ""
        failure = nil
    }

    public func setText(_ newText: String) {
        guard newText != text else { return }
        text = newText
        failure = newText.count > Self.longestMessage ? tooLong : nil
        if let recipient, let account = account() { drafts?.save(newText, account: account, recipient: recipient.login) }
    }

    public func send() {
        guard canSend, let recipient else { return }
        let content = text, client = client, account = account()
        writes.send(key: "message:\(recipient.login)", failure: tr("Could not send the message: %@"),
                    apply: { isSending = true },
                    request: { try await client.send(Endpoints.sendPrivateMessage(to: recipient.login, content: content)) },
                    settle: { [weak self] _ in
                        guard let self else { return }
                        isSending = false
                        if let account { drafts?.save("", account: account, recipient: recipient.login) }
                        if self.recipient == recipient && text == content { close() }
                        onSent(String(format: tr("Message sent to %@"), recipient.name))
                    },
                    rollBack: { [weak self] error in
                        guard let self else { return }
                        isSending = false
                        // The text stays as typed (and on disk); the reason shows under it.
                        failure = ErrorText.message(for: error)
                    })
    }

    private var tooLong: String { String(format: tr("A message can be at most %d characters."), Self.longestMessage) }
}

/// Unsent private messages, one small file per account and recipient under the drafts folder: private (0600 files in
/// 0700 folders, `PrivateFiles`), written in order off the main thread; what is still being written is read from
/// memory.
@MainActor
final class MessageDrafts {
    private let directory: URL
    private var unwritten: [URL: String] = [:]
    private var writes: Task<Void, Never>?

    init(directory: URL) { self.directory = directory.appendingPathComponent("messages", isDirectory: true) }

    func text(account: String, recipient: String) -> String? {
        let file = file(account: account, recipient: recipient)
        if let waiting = unwritten[file] { return waiting.isEmpty ? nil : waiting }
        return try? String(contentsOf: file, encoding: .utf8)
    }

    /// Queues the write; an empty text removes the file.
    func save(_ text: String, account: String, recipient: String) {
        let file = file(account: account, recipient: recipient)
        unwritten[file] = text
        let previous = writes
        writes = Task.detached(priority: .utility) { [weak self] in
            await previous?.value
            if text.isEmpty {
                try? FileManager.default.removeItem(at: file)
            } else {
                try? PrivateFiles.write(Data(text.utf8), to: file)
            }
            await self?.written(file, text)
        }
    }

    /// Waits for queued writes (tests).
    func flush() async { await writes?.value }

    private func written(_ file: URL, _ text: String) {
        if unwritten[file] == text { unwritten[file] = nil }
    }

    /// Logins come from the server: only letters, digits, "-", "_" and "." reach a file name, and never "..".
    private func file(account: String, recipient: String) -> URL {
        directory.appendingPathComponent(Self.safe(account), isDirectory: true)
            .appendingPathComponent(Self.safe(recipient) + ".txt")
    }

    nonisolated static func safe(_ name: String) -> String {
        let kept = name.unicodeScalars.map { scalar -> String in
            CharacterSet.alphanumerics.contains(scalar) && scalar.isASCII || "-_".unicodeScalars.contains(scalar)
                ? String(scalar) : String(format: "%%%02X", scalar.value & 0xFF)
        }.joined()
        return String(kept.prefix(200))
    }
}
