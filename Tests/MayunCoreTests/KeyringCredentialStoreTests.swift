import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// The libsecret store against a real Secret Service. `make test` starts an unlocked gnome-keyring-daemon inside its
/// private session bus (tests/keyring/start-keyring.sh) and sets MAYUN_REQUIRE_KEYRING=1, so these tests then fail
/// when the keyring is unreachable; run elsewhere, they skip.
final class KeyringCredentialStoreTests: XCTestCase {
    typealias F = SessionFixtures
    /// A server name no real login uses, different per run, so items never collide with anything else.
    private let server = "http://keyring-test-\(UUID().uuidString.lowercased()).invalid"

    override func setUpWithError() throws {
        try super.setUpWithError()
        let state = MainActor.assumeIsolated { () -> KeyringState in
            let probed = ProbeResult()
            runUntilDone("probe the keyring", timeout: 10) { probed.state = await KeyringCredentialStore.probe() }
            return probed.state
        }
        guard state != .ready else { return }
        let message = "no unlocked keyring reachable (\(state)); `make test` starts one with tests/keyring/start-keyring.sh"
        if ProcessInfo.processInfo.environment["MAYUN_REQUIRE_KEYRING"] == "1" {
            XCTFail(message)
            throw XCTSkip("failed above: " + message)  // stop here; the failure is what counts
        }
        throw XCTSkip(message)
    }

    override func tearDown() {
        let server = self.server
        onMain {
            let store = KeyringCredentialStore()
            runUntilDone("clean up") {
                for kind in CredentialKind.allCases {
                    try? await store.removeSecret(for: CredentialKey(server: server, kind: kind))
                }
            }
        }
        super.tearDown()
    }

    func testStoreReadReplaceAndRemove() {
        let server = self.server
        onMain {
            let store = KeyringCredentialStore()
            let key = CredentialKey(server: server, kind: .login)
            var read: [String?] = []
            runUntilDone("round trip") {
                do {
                    read.append(try await store.secret(for: key))
                    try await store.store("first 秘密", for: key, label: "Mayun test")
                    read.append(try await store.secret(for: key))
                    try await store.store("second", for: key, label: "Mayun test")
                    read.append(try await store.secret(for: key))
                    try await store.removeSecret(for: key)
                    read.append(try await store.secret(for: key))
                    try await store.removeSecret(for: key)  // removing nothing is fine
                } catch {
                    XCTFail("keyring call failed: \(error)")
                }
            }
            XCTAssertEqual(read, [nil, "first 秘密", "second", nil])
        }
    }

    func testItemsAreSeparatedByServerAndKind() {
        let server = self.server
        onMain {
            let store = KeyringCredentialStore()
            let other = server + "-other"
            var read: [String?] = []
            runUntilDone("separate items") {
                do {
                    try await store.store("login", for: CredentialKey(server: server, kind: .login), label: "t")
                    try await store.store("secret", for: CredentialKey(server: server, kind: .oauthClientSecret), label: "t")
                    read.append(try await store.secret(for: CredentialKey(server: server, kind: .login)))
                    read.append(try await store.secret(for: CredentialKey(server: server, kind: .oauthClientSecret)))
                    read.append(try await store.secret(for: CredentialKey(server: other, kind: .login)))
                    read.append(try await store.secret(for: CredentialKey(server: server, kind: .oauthClientID)))
                } catch {
                    XCTFail("keyring call failed: \(error)")
                }
            }
            XCTAssertEqual(read, ["login", "secret", nil, nil])
        }
    }

    /// The whole path: a password login lands in the keyring, the next start restores it, a refresh rewrites it,
    /// log out removes it.
    func testSessionKeepsTheKeyringInStep() {
        let server = self.server
        onMain {
            let store = KeyringCredentialStore()
            let transport = ScriptedTransport()
            transport.on("POST", "/oauth/token", F.token("access-1", refresh: "refresh-1"),
                         F.token("access-2", refresh: "refresh-2"))
            transport.on("GET", "/api/v5/user", F.user(), F.user(), F.unauthorized, F.user())
            let session = makeSession(transport: transport, store: store, environment: F.oauthEnvironment, server: server)
            runUntilDone("login") {
                await session.start()
                do { try await session.logIn(email: "demo@mayun.test", password: "pw") } catch { XCTFail("\(error)") }
                await session.vault.settle()
            }
            XCTAssertTrue(session.keyringAvailable)
            XCTAssertEqual(Self.storedSecret(store, server)?.accessToken, "access-1")

            let restarted = makeSession(transport: transport, store: store, server: server)
            runUntilDone("restart") {
                await restarted.start()
                await restarted.vault.settle()
            }
            XCTAssertTrue(restarted.isLoggedIn)
            XCTAssertEqual(restarted.user?.login, "mayun-demo")

            runUntilDone("expired token, silent refresh") {
                _ = try? await restarted.client.send(Endpoints.me())
                await restarted.vault.settle()
            }
            XCTAssertEqual(Self.storedSecret(store, server)?.accessToken, "access-2")
            XCTAssertEqual(Self.storedSecret(store, server)?.refreshToken, "refresh-2")

            restarted.logOut()
            runUntilDone("log out") { await restarted.vault.settle() }
            XCTAssertNil(Self.storedSecret(store, server))
            XCTAssertTrue(restarted.keyringAvailable)
        }
    }

    func testEnvironmentTokenNeverReachesTheKeyring() {
        let server = self.server
        onMain {
            let store = KeyringCredentialStore()
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.user())
            let session = makeSession(transport: transport, store: store, environment: ["MAYUN_TOKEN": "env-token"],
                                      server: server)
            runUntilDone("start") {
                await session.start()
                await session.vault.settle()
            }
            XCTAssertTrue(session.isLoggedIn)
            XCTAssertNil(Self.storedSecret(store, server))
        }
    }

    @MainActor
    private static func storedSecret(_ store: KeyringCredentialStore, _ server: String) -> StoredLogin? {
        var secret: String?
        runUntilDone("read back") {
            secret = try? await store.secret(for: CredentialKey(server: server, kind: .account, login: "mayun-demo"))
        }
        return secret.flatMap(StoredLogin.decode)
    }
}

@MainActor
private final class ProbeResult {
    var state = KeyringState.missing("not probed")
}
