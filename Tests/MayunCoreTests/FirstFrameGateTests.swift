import Foundation
@testable import MayunCore
import XCTest

/// The keyring is not part of the first screen: while the application's first window has not painted its first
/// frame, reads of a keyring wrapped in `ReadsAfterFirstFrame` wait, then go on; writes never wait.
final class FirstFrameGateTests: XCTestCase {
    func testKeyringReadsWaitForTheFirstFrameThenGoOn() {
        onMain {
            let store = InMemoryCredentialStore()
            runUntilDone("seed") {
                try? await store.store("token", for: CredentialKey(server: "s", kind: .oauthClientID), label: "t")
            }
            let gate = FirstFrameGate()
            let vault = SecretVault(store: ReadsAfterFirstFrame(store, gate: gate), server: "s")
            XCTAssertTrue(gate.close(), "the first window closes the gate")
            // Keyed by what was asked: the two reads are separate tasks, and which of them finishes first is the
            // scheduler's choice (on a machine busy with a compile the second finished first).
            var answers: [String: String?] = [:]
            Task { @MainActor in answers["id"] = await vault.secret(.oauthClientID) }
            Task { @MainActor in answers["secret"] = await vault.secret(.oauthClientSecret) }
            drainMainQueue()
            XCTAssertEqual(store.readCount, 0, "nothing is read before the first frame")
            XCTAssertTrue(answers.isEmpty)

            gate.open()
            waitUntil("both reads answer") { answers.count == 2 }
            XCTAssertEqual(store.readCount, 2)
            XCTAssertEqual(answers, ["id": "token", "secret": String?.none], "each read has its own answer")
        }
    }

    func testAnOpenGateDoesNotHoldReads() {
        onMain {
            let gate = FirstFrameGate()
            XCTAssertTrue(gate.isOpen, "open until a window closes it: a start without a window never waits")
            let store = InMemoryCredentialStore()
            let vault = SecretVault(store: ReadsAfterFirstFrame(store, gate: gate), server: "s")
            var answered = false
            Task { @MainActor in _ = await vault.secret(.oauthClientID); answered = true }
            waitUntil("the read answers") { answered }
            XCTAssertEqual(store.readCount, 1)
        }
    }

    func testOnlyTheFirstWindowClosesTheGate() {
        onMain {
            let gate = FirstFrameGate()
            XCTAssertTrue(gate.close())
            gate.open()
            XCTAssertFalse(gate.close(), "a later window (an account switch) does not hold the reads again")
            XCTAssertTrue(gate.isOpen)
        }
    }

    func testWritesDoNotWaitForTheFirstFrame() {
        onMain {
            let store = InMemoryCredentialStore()
            let gate = FirstFrameGate()
            let vault = SecretVault(store: ReadsAfterFirstFrame(store, gate: gate), server: "s")
            gate.close()
            defer { gate.open() }
            vault.write("token", .oauthClientID, label: "t")
            runUntilDone("the write settles") { await vault.settle() }
            XCTAssertEqual(store.writeCount, 1)
            XCTAssertEqual(store.secrets[CredentialKey(server: "s", kind: .oauthClientID)], "token")
        }
    }
}
