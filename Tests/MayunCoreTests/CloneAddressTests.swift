import Foundation
@testable import MayunCore
import XCTest

/// Issue 36: clone addresses come from the server's answer, so only https and ssh addresses on the account's own
/// server host are cloned (plain http only for a server on this machine).
final class CloneAddressTests: XCTestCase {
    private let gitee = URL(string: "https://gitee.com")!
    private let local = URL(string: "http://127.0.0.1:8080")!

    func testTheSitesOwnAddressesAreCloned() {
        for address in ["https://gitee.com/oschina/git-osc.git", "https://www.gitee.com/a/b.git", "git@gitee.com:a/b.git",
                        "ssh://git@gitee.com/a/b.git", "ssh://git@gitee.com:22/a/b.git"] {
            XCTAssertNil(CloneAddress.problem(with: address, server: gitee), address)
        }
        XCTAssertNil(CloneAddress.problem(with: "http://127.0.0.1:8080/a/b.git", server: local))
    }

    func testOtherSchemesHostsAndOptionsAreRefused() {
        for address in ["ext::sh -c touch% /tmp/pwned", "file:///etc", "http://gitee.com/a/b.git", "ftp://gitee.com/a/b",
                        "https://evil.example/a/b.git", "git@evil.example:a/b.git", "ssh://git@evil.example/a/b.git",
                        "https://gitee.com.evil.example/a/b.git", "--upload-pack=touch /tmp/x", "https://gitee.com/a b.git",
                        "https://gitee.com/a/b.git\n", "", "fd::17/foo", "hTtps://gitee.com/a/b.git", "SSH://gitee.com/a/b"] {
            XCTAssertNotNil(CloneAddress.problem(with: address, server: gitee), address)
        }
        XCTAssertNotNil(CloneAddress.problem(with: "http://127.0.0.1:8080/a/b.git", server: gitee),
                        "http only where the account's own server is on this machine")
    }

    func testARefusedCloneStartsNothingAndSaysWhy() {
        onMain {
            let clone = RefusedClone(because: "no")
            XCTAssertEqual(clone.state, .failed("no"))
            XCTAssertFalse(clone.state.isRunning)
        }
    }
}
