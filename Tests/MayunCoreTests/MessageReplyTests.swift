import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private typealias F = SessionFixtures
private let messagesPath = "/api/v5/notifications/messages"

@MainActor
private func loadedModel(_ transport: ScriptedTransport, drafts: URL,
                         store: DraftStore? = nil) -> (Coordinator, NotificationsViewModel) {
    transport.on("GET", "/api/v5/user", F.user())
    transport.on("GET", "/api/v5/notifications/threads", F.json(200, #"{"total_count": 0, "list": []}"#))
    transport.on("GET", messagesPath, F.json(200, #"{"total_count": 1, "list": [{"id": 8, "content": "周末有空吗？", "unread": true, "sender": {"id": 2, "login": "wang", "name": "Wang"}, "updated_at": "2024-05-03T00:00:00+08:00"}]}"#))
    let session = makeSession(transport: transport, store: nil, environment: ["MAYUN_TOKEN": "env-token"])
    let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer,
                                                        environment: ["HOME": "/tmp"]),
                                  preferences: InMemoryPreferences(),
                                  services: AppServices(client: session.client, session: session,
                                                        drafts: store ?? DraftStore(directory: drafts)))
    let model = coordinator.notifications
    model.refresh()
    waitUntil("loaded") { model.state == .content }
    return (coordinator, model)
}

/// Answering a private message: the composer keeps what was typed through a refusal and a restart, and only a sent
/// message clears it.
final class MessageReplyTests: XCTestCase {
    private var drafts: URL!

    override func setUp() {
        drafts = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-reply-\(UUID().uuidString)")
    }

    override func tearDown() { try? FileManager.default.removeItem(at: drafts) }

    func testARefusedReplyKeepsItsTextAndASentOneClearsTheDraft() throws {
        let drafts: URL = drafts
        try onMain {
            let transport = ScriptedTransport()
            transport.on("POST", messagesPath, F.json(400, #"{"message": "content is invalid"}"#),
                         F.json(201, #"{"id": 99, "content": "好的 OK", "unread": true, "sender": {"id": 7, "login": "mayun-demo"}}"#))
            let (coordinator, model) = loadedModel(transport, drafts: drafts)
            let message = try XCTUnwrap(model.items.first)
            XCTAssertEqual(message.senderLogin, "wang")
            let reply = model.reply
            XCTAssertFalse(reply.canSend, "closed")
            reply.begin(replyingTo: message)
            XCTAssertEqual(reply.title, "Reply to Wang")
            XCTAssertFalse(reply.canSend, "nothing typed")
            reply.setText("好的 OK")
            XCTAssertTrue(reply.canSend)

            reply.send()
            XCTAssertTrue(reply.isSending)
            XCTAssertFalse(reply.canSend, "one send at a time")
            waitUntil("the refusal") { !reply.isSending }
            XCTAssertEqual(reply.text, "好的 OK", "the text stays as typed")
            XCTAssertNotNil(reply.failure)
            XCTAssertTrue(coordinator.toast?.message.hasPrefix("Could not send the message") ?? false)
            let first = try XCTUnwrap(transport.requests(to: messagesPath).first { $0.method == "POST" })
            XCTAssertEqual(transport.formFields(of: first)["username"], "wang")
            XCTAssertEqual(transport.formFields(of: first)["content"], "好的 OK")

            // A restart: a new model over the same drafts folder finds the text again (once the write is on disk).
            runUntilDone("the draft is written") { await reply.flushDrafts() }
            let (_, again) = loadedModel(ScriptedTransport(), drafts: drafts)
            again.reply.begin(replyingTo: try XCTUnwrap(again.items.first))
            XCTAssertEqual(again.reply.text, "好的 OK", "the draft survived")

            reply.send()
            waitUntil("sent") { reply.recipient == nil }
            XCTAssertEqual(reply.text, "")
            XCTAssertEqual(coordinator.toast?.message, "Message sent to Wang")
            reply.begin(replyingTo: message)
            XCTAssertEqual(reply.text, "", "a sent message's draft is gone")
        }
    }

    func testATooLongMessageIsNotSent() throws {
        let drafts: URL = drafts
        try onMain {
            let transport = ScriptedTransport()
            let (_, model) = loadedModel(transport, drafts: drafts)
            model.reply.begin(replyingTo: try XCTUnwrap(model.items.first))
            model.reply.setText(String(repeating: "长", count: MessageReplyComposer.longestMessage + 1))
            XCTAssertFalse(model.reply.canSend)
            XCTAssertEqual(model.reply.failure, "A message can be at most 5000 characters.")
            model.reply.send()
            XCTAssertTrue(transport.requests(to: messagesPath).allSatisfy { $0.method == "GET" })
            model.reply.close()
            XCTAssertNil(model.reply.recipient)
        }
    }

    /// Issue 38: replies are kept by the one draft store, so a reply typed after the first login of a session that
    /// had no account follows the store to that account's folder (the composer's own store kept the folder it was
    /// made with: a restart under the account did not find the reply, and the next account added took it).
    func testAReplyTypedAfterAFirstLoginSurvivesARestartUnderThatAccount() throws {
        let drafts: URL = drafts
        try onMain {
            let nobody = drafts.appendingPathComponent("nobody"), alice = drafts.appendingPathComponent("alice")
            let store = DraftStore(directory: nobody)
            let (_, model) = loadedModel(ScriptedTransport(), drafts: nobody, store: store)
            store.relocate(to: alice, carrying: true)
            model.reply.begin(replyingTo: try XCTUnwrap(model.items.first))
            model.reply.setText("见面聊")
            runUntilDone("the draft is written") { await model.reply.flushDrafts() }
            XCTAssertFalse(FileManager.default.fileExists(atPath: nobody.appendingPathComponent("messages").path),
                           "nothing left in the folder of nobody yet")
            let (_, again) = loadedModel(ScriptedTransport(), drafts: alice)
            again.reply.begin(replyingTo: try XCTUnwrap(again.items.first))
            XCTAssertEqual(again.reply.text, "见面聊", "the reply survived the restart")
        }
    }
}
