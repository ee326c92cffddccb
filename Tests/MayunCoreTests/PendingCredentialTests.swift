import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// A keyring that answers only once `open()` is called: the stored login is still being read meanwhile.
@MainActor
private final class HeldCredentialStore: CredentialStore {
    let inner = InMemoryCredentialStore()
    private(set) var asked = false
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func close() {
        isOpen = false
        asked = false
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }

    func secret(for key: CredentialKey) async throws(CredentialStoreError) -> String? {
        asked = true
        if !isOpen { await withCheckedContinuation { waiting.append($0) } }
        return try await inner.secret(for: key)
    }

    func store(_ secret: String, for key: CredentialKey, label: String) async throws(CredentialStoreError) {
        try await inner.store(secret, for: key, label: label)
    }

    func removeSecret(for key: CredentialKey) async throws(CredentialStoreError) {
        try await inner.removeSecret(for: key)
    }
}

/// A page opened while the stored login is read from the keyring (at start, or right after an account switch) is
/// fetched with that login's token, not as nobody first (a private project would fail, a public one load twice).
final class PendingCredentialTests: XCTestCase {
    func testARequestSentWhileTheStoredLoginIsReadWaitsAndCarriesIt() {
        onMain {
            let transport = ScriptedTransport()
            let keyring = HeldCredentialStore()
            let stored = StoredLogin(credential: .personalToken("stored-token"), user: SessionUser(login: "mayun-demo", name: "Mayun Demo"))
            runUntilDone("seed the keyring") {
                try? await keyring.inner.store(stored.encoded(), for: SessionFixtures.loginKey(), label: "test")
            }
            let session = makeSession(transport: transport, store: keyring)
            session.beginRestore()
            var answered = false
            Task { @MainActor in
                _ = try? await session.client.send(Endpoints.project(owner: "o", repo: "r"))
                answered = true
            }
            waitUntil("the keyring is asked") { keyring.asked }
            XCTAssertTrue(transport.requests(to: "/api/v5/repos/o/r").isEmpty, "the page waits for the stored login")
            keyring.open()
            waitUntil("the page is answered") { answered }
            XCTAssertEqual(transport.requests(to: "/api/v5/repos/o/r").map { $0.header("Authorization") },
                           ["Bearer stored-token"])
        }
    }

    func testAPageOpenedRightAfterASwitchCarriesTheNewAccountsToken() throws {
        try onMain {
            let servers = try TwoServers()
            servers.storeLogin(TwoServers.alice, token: "alice-token")
            servers.storeLogin(TwoServers.bob, token: "bob-token")
            let keyring = HeldCredentialStore()
            for account in [TwoServers.alice, TwoServers.bob] {
                let key = CredentialKey(server: account.server, kind: .account, login: account.login)
                runUntilDone("copy \(account.login)'s login") {
                    if let secret = try? await servers.keyring.secret(for: key) {
                        try? await keyring.inner.store(secret, for: key, label: "test")
                    }
                }
            }
            let transports = [TwoServers.home: servers.homeTransport, TwoServers.work: servers.workTransport]
            let factory = AccountServicesFactory(keyring: keyring, offline: servers.offline,
                                                 dataDirectory: servers.folder.appendingPathComponent("data"),
                                                 openOutbox: { Outbox(file: $0) }) { server in
                GiteeClient(configuration: GiteeConfiguration(server: server, retry: .none),
                            transport: transports[server] ?? ScriptedTransport())
            }
            keyring.open()
            let accounts = Accounts(list: AccountList(accounts: [TwoServers.alice, TwoServers.bob],
                                                      active: TwoServers.alice.id),
                                    file: servers.file, factory: factory, server: TwoServers.home)
            runUntilDone("alice") { await accounts.services.session.start() }

            keyring.close()  // from here on the keyring is slow again
            accounts.switchTo(TwoServers.bob.id)
            var answered = false
            let client = accounts.services.client
            Task { @MainActor in
                _ = try? await client.send(Endpoints.project(owner: "bob", repo: "private-notes"))
                answered = true
            }
            waitUntil("bob's login is asked for") { keyring.asked }
            XCTAssertTrue(servers.workTransport.requests(to: "/api/v5/repos/bob/private-notes").isEmpty)
            keyring.open()
            waitUntil("the page is answered") { answered }
            XCTAssertEqual(servers.workTransport.requests(to: "/api/v5/repos/bob/private-notes")
                .map { $0.header("Authorization") }, ["Bearer bob-token"])
        }
    }
}
