import Foundation
@testable import MayunCore
import XCTest

/// The keyring (libsecret, a D-Bus exchange) is not part of the first screen: while the application's first window
/// has not painted its first frame, keyring reads wait, then go on.
final class FirstFrameGateTests: XCTestCase {
    func testKeyringReadsWaitForTheFirstFrameThenGoOn() {
        onMain {
            let store = InMemoryCredentialStore()
            runUntilDone("seed") {
                try? await store.store("token", for: CredentialKey(server: "s", kind: .oauthClientID), label: "t")
            }
            let vault = SecretVault(store: store, server: "s")
            FirstFrameGate.close()
            defer { FirstFrameGate.open() }
            // Keyed by what was asked: the two reads are separate tasks, and which of them finishes first is the
            // scheduler's choice (on a machine busy with a compile the second finished first).
            var answers: [String: String?] = [:]
            Task { @MainActor in answers["id"] = await vault.secret(.oauthClientID) }
            Task { @MainActor in answers["secret"] = await vault.secret(.oauthClientSecret) }
            drainMainQueue()
            XCTAssertEqual(store.readCount, 0, "nothing is read before the first frame")
            XCTAssertTrue(answers.isEmpty)

            FirstFrameGate.open()
            waitUntil("both reads answer") { answers.count == 2 }
            XCTAssertEqual(store.readCount, 2)
            XCTAssertEqual(answers, ["id": "token", "secret": String?.none], "each read has its own answer")
        }
    }

    func testAnOpenGateDoesNotHoldReads() {
        onMain {
            XCTAssertTrue(FirstFrameGate.isOpen, "open unless the application closes it: tests and tools never wait")
            let store = InMemoryCredentialStore()
            let vault = SecretVault(store: store, server: "s")
            var answered = false
            Task { @MainActor in _ = await vault.secret(.oauthClientID); answered = true }
            waitUntil("the read answers") { answered }
            XCTAssertEqual(store.readCount, 1)
        }
    }
}
