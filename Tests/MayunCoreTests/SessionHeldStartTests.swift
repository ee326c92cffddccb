import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Issue 29: the app holds the login's restore (a keyring read) until its first frame is painted. Everything that
/// asks for the session meanwhile waits; nothing reads the keyring before the release.
final class SessionHeldStartTests: XCTestCase {
    private typealias F = SessionFixtures

    func testAHeldStartReadsNothingUntilReleasedThenRestores() {
        onMain {
            let transport = ScriptedTransport()
            transport.on("GET", "/api/v5/user", F.user(name: "Restored"))
            let saved = StoredLogin(credential: .oauth(Token(accessToken: "saved", refreshToken: "r", expiresIn: 86_400,
                                                             createdAt: Int(Date().timeIntervalSince1970))),
                                    user: SessionUser(login: "mayun-demo", name: "Mayun Demo"))
            let store = CountingCredentialStore(secrets: [F.loginKey(): saved.encoded()])
            let session = makeSession(transport: transport, store: store)
            session.holdStart()
            XCTAssertTrue(session.isStartHeld)
            let first = Flag(), second = Flag()
            Task { @MainActor in
                await session.start()
                first.isSet = true
            }
            Task { @MainActor in
                await session.start()  // a second caller (a list's first fetch) waits for the same restore
                second.isSet = true
            }
            drainMainQueue()
            XCTAssertEqual(store.reads, 0, "the keyring is not read while the start is held")
            XCTAssertTrue(session.isRestoring)
            XCTAssertFalse(first.isSet || second.isSet, "start() waits for the release")
            XCTAssertTrue(transport.requests.isEmpty)

            session.releaseStart()
            XCTAssertFalse(session.isStartHeld)
            waitUntil("both callers resumed") { first.isSet && second.isSet }
            XCTAssertGreaterThan(store.reads, 0)
            XCTAssertFalse(session.isRestoring)
            XCTAssertTrue(session.isLoggedIn)
            XCTAssertEqual(transport.requests.last?.header("Authorization"), "Bearer saved")
        }
    }

    func testHoldingAfterTheRestoreBeganChangesNothing() {
        onMain {
            let store = CountingCredentialStore(secrets: [:])
            let session = makeSession(transport: ScriptedTransport(), store: store)
            runUntilDone("start") { await session.start() }
            session.holdStart()
            XCTAssertFalse(session.isStartHeld, "too late to hold: the restore has run")
            runUntilDone("start again") { await session.start() }
            XCTAssertFalse(session.isRestoring)
            session.releaseStart()  // a release without a hold is a no-op
            XCTAssertFalse(session.isLoggedIn)
        }
    }
}

/// An in-memory keyring that counts reads.
@MainActor
private final class CountingCredentialStore: CredentialStore {
    private var secrets: [CredentialKey: String]
    private(set) var reads = 0

    init(secrets: [CredentialKey: String]) { self.secrets = secrets }

    func secret(for key: CredentialKey) async throws(CredentialStoreError) -> String? {
        reads += 1
        return secrets[key]
    }

    func store(_ secret: String, for key: CredentialKey, label: String) async throws(CredentialStoreError) {
        secrets[key] = secret
    }

    func removeSecret(for key: CredentialKey) async throws(CredentialStoreError) {
        secrets[key] = nil
    }
}
