import Foundation
@testable import MayunCore
import XCTest

/// A failed clone says why in words: ssh's reason (recorded from ssh 9.2 and git 2.39 on Debian 12, in batch mode, as
/// the app runs it) rather than git's closing advice, which is the same for every SSH failure.
final class CloneFailureTests: XCTestCase {
    private func messages(of name: String) throws -> [String] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/git/\(name)")
        var parser = CloneProgressParser()
        parser.feed(try String(contentsOf: url, encoding: .utf8))
        XCTAssertEqual(parser.lastMessage, "and the repository exists.", "git's last line alone says nothing useful")
        return parser.messages
    }

    func testAnUnknownHostKeyIsExplained() throws {
        let said = try XCTUnwrap(CloneFailure.explain(messages(of: "clone-ssh-unknown-host.txt")))
        XCTAssertTrue(said.contains("does not know the SSH server’s host key"), said)
        XCTAssertTrue(said.contains("ssh -T"), "it says how to accept the key: \(said)")
    }

    func testAKeyTheServerRefusesIsExplained() throws {
        let said = try XCTUnwrap(CloneFailure.explain(messages(of: "clone-ssh-no-key.txt")))
        XCTAssertTrue(said.contains("did not accept a key"), said)
        XCTAssertTrue(said.contains("SSH Public Keys"), "it says where to add the key: \(said)")
    }

    func testAnUnreachableServerKeepsSshsReason() throws {
        let said = try XCTUnwrap(CloneFailure.explain(messages(of: "clone-ssh-refused.txt")))
        XCTAssertEqual(said, "Could not reach the SSH server: connect to host 127.0.0.1 port 1: Connection refused")
    }

    func testAChangedHostKeyIsNotTakenForAnUnknownOne() {
        let said = CloneFailure.explain(["@@@@@@@@@@", "@    WARNING: REMOTE HOST IDENTIFICATION HAS CHANGED!     @",
                                         "Host key verification failed."]) ?? ""
        XCTAssertTrue(said.contains("has changed"), said)
    }

    func testOtherFailuresKeepGitsOwnFatalLine() {
        var parser = CloneProgressParser()
        parser.feed("Cloning into 'x'...\nfatal: repository 'http://127.0.0.1:1/a/b.git/' not found\n")
        XCTAssertEqual(CloneFailure.explain(parser.messages), "fatal: repository 'http://127.0.0.1:1/a/b.git/' not found")
        XCTAssertNil(CloneFailure.explain(["error: something else"]), "nothing better than git's last line")
    }

    func testOnlyTheLastLinesAreKept() {
        var parser = CloneProgressParser()
        for index in 0..<100 { parser.feed("line \(index)\n") }
        XCTAssertEqual(parser.messages.count, 12)
        XCTAssertEqual(parser.messages.last, "line 99")
    }
}
