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
    @ObservationIgnored private let drafts: DraftStore?
    @ObservationIgnored private let account: @MainActor () -> String?
    /// Said when a message went out (a toast).
    @ObservationIgnored var onSent: @MainActor (String) -> Void = { _ in }

    /// Gitee's own limit is not published; FakeGitee refuses more than this, and so does the composer, before sending.
    public static let longestMessage = 5_000

    /// Waits for the drafts' queued writes (tests; a restart reads what is on disk).
    func flushDrafts() async { await drafts?.flush() }

    init(client: GiteeClient, writes: ScreenWrites, drafts: DraftStore?, account: @escaping @MainActor () -> String?) {
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
        text = account().flatMap { drafts?.message(account: $0, recipient: login) } ?? ""
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
        if let recipient, let account = account() { drafts?.saveMessage(newText, account: account, recipient: recipient.login) }
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
                        if let account { drafts?.saveMessage("", account: account, recipient: recipient.login) }
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
