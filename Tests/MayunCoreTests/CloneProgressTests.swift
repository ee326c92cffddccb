import Foundation
@testable import MayunCore
import XCTest

/// `git clone --progress` stderr recorded from git 2.39 (Debian 12), fed in uneven chunks as a pipe delivers it.
final class CloneProgressTests: XCTestCase {
    private func recording(_ name: String) throws -> String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/git/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    private func replay(_ text: String, chunk: Int) -> (CloneProgressParser, [CloneProgress]) {
        var parser = CloneProgressParser()
        var seen: [CloneProgress] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            let piece = rest.prefix(chunk)
            rest = rest.dropFirst(piece.count)
            if parser.feed(String(piece)) { seen.append(parser.progress) }
        }
        return (parser, seen)
    }

    func testLooseRepositoryGoesThroughEveryRemotePhaseToTheEnd() throws {
        let (parser, seen) = replay(try recording("clone-progress-loose.txt"), chunk: 37)
        XCTAssertEqual(seen.first?.phase, .counting)
        XCTAssertEqual(Set(seen.map(\.phase)), [.counting, .compressing, .receiving, .resolving])
        XCTAssertEqual(seen.map(\.fraction), seen.map(\.fraction).sorted(), "the bar never goes back")
        XCTAssertGreaterThan(seen.count, 100)
        XCTAssertEqual(parser.progress.phase, .resolving)
        XCTAssertEqual(parser.progress.percent, 100)
        XCTAssertEqual(parser.progress.fraction, 0.95, accuracy: 1e-9)
        XCTAssertEqual(parser.lastMessage, "", "nothing but progress and git's chatter")
        let receiving = try XCTUnwrap(seen.last { $0.phase == .receiving })
        XCTAssertEqual(receiving.percent, 100)
        XCTAssertTrue(receiving.detail.hasSuffix("/s"), receiving.detail)
        XCTAssertTrue(receiving.description.hasPrefix("Receiving objects 100%  ·  "), receiving.description)
    }

    func testPackedRepositoryAndOneByteReads() throws {
        let text = try recording("clone-progress-packed.txt")
        let (byByte, seen) = replay(text, chunk: 1)
        let (whole, _) = replay(text, chunk: text.count)
        XCTAssertEqual(byByte.progress, whole.progress, "how the pipe splits the text does not matter")
        XCTAssertEqual(seen.first?.phase, .receiving, "a packed remote skips counting and compressing")
        XCTAssertEqual(whole.progress.phase, .resolving)
    }

    func testCheckoutAndFailureMessages() {
        var parser = CloneProgressParser()
        parser.feed("Cloning into 'x'...\nUpdating files:  50% (1/2)\r")
        XCTAssertEqual(parser.progress.phase, .checkingOut)
        XCTAssertEqual(parser.progress.fraction, 0.975, accuracy: 1e-9)
        parser.feed("remote: Counting objects:  10% (1/10)\r")
        XCTAssertEqual(parser.progress.phase, .checkingOut, "an earlier phase after a later one is ignored")
        parser.feed("fatal: repository 'http://x/' not found\n")
        XCTAssertEqual(parser.lastMessage, "fatal: repository 'http://x/' not found")
        parser.feed(String(repeating: "z", count: 10_000))
        parser.feed("\n")
        XCTAssertLessThanOrEqual(parser.lastMessage.count, 500)
    }
}
