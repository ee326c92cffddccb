import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private let repo = RepositoryID(owner: "alice", name: "private-notes")
private let readmePath = "/api/v5/repos/alice/private-notes/readme"

/// A slow server: each request waits until the test answers it. `honoursCancel: false` is a transport that keeps
/// going after its task is cancelled (the answer still arrives), to check the client refuses it anyway.
@MainActor
private final class SlowTransport: Transport {
    let honoursCancel: Bool
    private(set) var asked: [HTTPRequest] = []
    private(set) var cancelled = 0
    private var held: [Int: CheckedContinuation<HTTPResponse, Error>] = [:]

    init(honoursCancel: Bool) { self.honoursCancel = honoursCancel }

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        let id = asked.count
        asked.append(request)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { held[id] = $0 }
        } onCancel: {
            Task { @MainActor in self.cancel(id) }
        }
    }

    func answer(_ id: Int, with response: HTTPResponse) {
        held.removeValue(forKey: id)?.resume(returning: response)
    }

    private func cancel(_ id: Int) {
        cancelled += 1
        guard honoursCancel, let waiting = held.removeValue(forKey: id) else { return }
        waiting.resume(throwing: GiteeError.cancelled)
    }
}

private func privateReadme() -> HTTPResponse {
    let text = "alice's private plans\n"
    return HTTPResponse(status: 200, body: Data(
        #"{"type":"file","name":"README.md","path":"README.md","encoding":"base64","size":\#(text.utf8.count),"content":"\#(Data(text.utf8).base64EncodedString())"}"#.utf8))
}

/// Issue 22, item 5: open a private repository on a slow link, Log Out before its README arrives. The answer used
/// to be saved with the owner of the moment ("", public) after the wipe, and read back logged out.
final class LateAnswerAfterLogOutTests: XCTestCase {
    @MainActor
    private final class Fixture {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("late-answer-\(UUID())")
        let transport: SlowTransport
        let store: OfflineStore
        let services: AppServices

        init(honoursCancel: Bool) throws {
            transport = SlowTransport(honoursCancel: honoursCancel)
            store = try OfflineStore(directory: directory)
            let client = GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9"), transport: transport)
            services = AppServices(client: client, store: store)
            // The session's login name comes from GET /user in the app; here it is alice's whenever a token is in use.
            store.account = { [weak client] in client?.auth.isLoggedIn == true ? .login("alice") : .anonymous }
            client.auth.use(.personalToken("alice-token"))
        }

        deinit { try? FileManager.default.removeItem(at: directory) }

        /// Starts fetching the README; the outcome lands in the returned box.
        func fetchReadme() -> Outcome {
            let outcome = Outcome()
            let fetch = services.cached.readme(repo, ref: nil).fetch
            Task { @MainActor in
                do { _ = try await fetch(); outcome.result = "delivered" } catch { outcome.result = "\(error)" }
            }
            return outcome
        }

        func flush() {
            let store = store
            runUntilDone("the store's writes land") { await store.flush() }
        }

        /// Every row the README could be under, whoever reads.
        func readableCopies() -> [String] {
            var found: [String] = []
            for account in [OfflineStore.Account.anonymous, .login("alice"), .login("bob")] {
                store.account = { account }
                if store.loadBlocking(String.self, key: OfflineKey.readme(repo)) != nil { found.append("\(account)") }
            }
            return found
        }
    }

    @MainActor
    private final class Outcome {
        var result: String?
    }

    func testLogOutCancelsTheRequestAndNothingIsWritten() throws {
        try onMain {
            let fixture = try Fixture(honoursCancel: true)
            let outcome = fixture.fetchReadme()
            waitUntil("the README is asked for") { fixture.transport.asked.count == 1 }
            XCTAssertNotNil(fixture.transport.asked[0].header("Authorization"), "fetched with the token")
            fixture.services.session.logOut()
            waitUntil("the fetch ends") { outcome.result != nil }
            XCTAssertEqual(fixture.transport.cancelled, 1, "Log Out cancelled the request in flight")
            XCTAssertNotEqual(outcome.result, "delivered")
            fixture.flush()
            XCTAssertEqual(fixture.readableCopies(), [], "nothing was saved, for anyone")
        }
    }

    func testAnAnswerThatArrivesAfterLogOutAnywayIsRefusedAndNotSaved() throws {
        try onMain {
            let fixture = try Fixture(honoursCancel: false)
            let outcome = fixture.fetchReadme()
            waitUntil("the README is asked for") { fixture.transport.asked.count == 1 }
            fixture.services.session.logOut()
            fixture.transport.answer(0, with: privateReadme())
            waitUntil("the fetch ends") { outcome.result != nil }
            XCTAssertEqual(outcome.result, "\(GiteeError.cancelled)", "the late private answer is not handed out")
            fixture.flush()
            XCTAssertEqual(fixture.readableCopies(), [], "nothing was saved, for anyone")
        }
    }

    func testTheOwnerIsTheAccountThatAskedNotTheOneWhenTheAnswerCame() throws {
        try onMain {
            let fixture = try Fixture(honoursCancel: false)
            let asked = fixture.store.fetcher()
            fixture.store.forgetAccounts()  // Log Out between the request and its answer
            fixture.store.save("alice's private plans", key: OfflineKey.readme(repo), fetchedBy: asked)
            fixture.flush()
            XCTAssertEqual(fixture.readableCopies(), [], "an answer of an account that logged out is not written")

            // Still logged in when it arrives: saved as alice's, even if the store's account says otherwise now.
            fixture.store.account = { .login("alice") }
            let alice = fixture.store.fetcher()
            fixture.store.account = { .anonymous }
            fixture.store.save("alice's private plans", key: OfflineKey.readme(repo), fetchedBy: alice)
            fixture.flush()
            XCTAssertEqual(fixture.readableCopies(), ["login(\"alice\")"], "owned by the account that fetched it")
        }
    }

    func testARefreshedTokenKeepsTheRequestsInFlight() throws {
        try onMain {
            let fixture = try Fixture(honoursCancel: true)
            let outcome = fixture.fetchReadme()
            waitUntil("the README is asked for") { fixture.transport.asked.count == 1 }
            let account = fixture.services.client.auth.account
            fixture.services.client.auth.refreshed(.personalToken("alice-token-2"))
            XCTAssertEqual(fixture.services.client.auth.account, account, "the same person")
            fixture.transport.answer(0, with: privateReadme())
            waitUntil("the fetch ends") { outcome.result != nil }
            XCTAssertEqual(outcome.result, "delivered")
            XCTAssertEqual(fixture.transport.cancelled, 0)
        }
    }
}
