import FakeGitee
import Foundation
@testable import MayunCore
import XCTest

/// `git clone` as a child process: a real clone with its progress, a cancelled one that leaves no folder, and the
/// explanations for a missing git and a folder that is already there.
final class GitCloneTests: XCTestCase {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-clone-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @discardableResult
    private static func git(_ arguments: [String], in folder: URL) throws -> Int32 {
        try runProgram(try XCTUnwrap(GitClone.findGit()),
                       ["-c", "user.name=Test", "-c", "user.email=test@mayun.test"] + arguments, in: folder).status
    }

    func testClonesARepositoryWithProgress() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let source = root.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source, withIntermediateDirectories: true)
        XCTAssertEqual(try Self.git(["init", "-q", "-b", "master"], in: source), 0)
        for index in 0..<200 {
            try Data((0..<4_000).map { _ in UInt8.random(in: 32...126) }).write(to: source.appendingPathComponent("f\(index).txt"))
        }
        XCTAssertEqual(try Self.git(["add", "-A"], in: source), 0)
        XCTAssertEqual(try Self.git(["commit", "-q", "-m", "files"], in: source), 0)
        let target = root.appendingPathComponent("checkout").path
        onMain {
            // `--no-local` semantics come with a file:// address: git packs and reports progress as over a network.
            let clone = GitClone(url: source.absoluteString, into: target)
            var phases: [CloneProgress.Phase] = []
            waitUntil("the clone ends", timeout: 30) {
                if case .running(let progress) = clone.state, phases.last != progress.phase { phases.append(progress.phase) }
                return !clone.isRunning
            }
            XCTAssertEqual(clone.state, .finished(folder: target))
            XCTAssertTrue(phases.contains(.receiving), "progress was read: \(phases)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: target + "/.git"))
            XCTAssertTrue(FileManager.default.fileExists(atPath: target + "/f199.txt"))
        }
    }

    @MainActor private static let server = FakeGiteeServer.startedForTests {
        $0.projectCount = 50
        $0.userCount = 20
    }

    /// Over FakeGitee's smart HTTP (`git http-backend`): the checkout holds the project's files as the API lists them.
    func testClonesFromFakeGiteeOverSmartHTTP() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("checkout").path
        onMain {
            let world = Self.server.world
            guard let project = world.projects.first(where: { !$0.isEmpty }) else { return XCTFail("no project") }
            let url = "\(Self.server.baseURL)/\(world.owner(of: project).login)/\(project.path).git"
            let clone = GitClone(url: url, into: target)
            waitUntil("the clone ends", timeout: 60) { !clone.isRunning }
            XCTAssertEqual(clone.state, .finished(folder: target))
            XCTAssertTrue(FileManager.default.fileExists(atPath: target + "/README.md"))
            XCTAssertTrue(FileManager.default.fileExists(atPath: target + "/docs/guide.md"))
            XCTAssertTrue(Self.server.requestLog.contains { $0.path.hasSuffix("/git-upload-pack") && $0.status == 200 })
            // A repository that does not exist is git's own words, and no folder.
            let missing = GitClone(url: Self.server.baseURL + "/nobody/nothing.git", into: root.appendingPathComponent("none").path)
            waitUntil("the second clone ends", timeout: 30) { !missing.isRunning }
            guard case .failed(let why) = missing.state else { return XCTFail("\(missing.state)") }
            XCTAssertTrue(why.contains("not found") || why.contains("404"), why)
            XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("none").path))
        }
    }

    func testCancelKillsGitAndRemovesTheFolder() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let target = root.appendingPathComponent("never").path
        onMain {
            // A server that accepts and never answers: git waits until it is killed.
            Self.server.addFault(Fault(kind: .noAnswer, path: "/**"))
            defer { Self.server.clearFaults() }
            Self.server.clearLog()
            let clone = GitClone(url: Self.server.baseURL + "/owner/repo.git", into: target)
            waitUntil("git asked the server", timeout: 10) {
                Self.server.requestLog.contains { $0.path.contains("info/refs") }
            }
            XCTAssertTrue(clone.isRunning)
            clone.cancel()
            waitUntil("git is gone", timeout: 10) { !clone.isRunning }
            XCTAssertEqual(clone.state, .cancelled)
            XCTAssertFalse(FileManager.default.fileExists(atPath: target), "no partial folder")
        }
    }

    func testMissingGitAndExistingFolderAreExplained() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        onMain {
            let missing = GitClone(url: "https://gitee.com/o/r.git", into: root.path + "/x", gitProgram: nil)
            guard case .failed(let why) = missing.state else { return XCTFail("\(missing.state)") }
            XCTAssertTrue(why.hasPrefix("Git is not installed."), why)
            let existing = GitClone(url: "https://gitee.com/o/r.git", into: root.path)
            guard case .failed(let again) = existing.state else { return XCTFail("\(existing.state)") }
            XCTAssertTrue(again.hasSuffix("already exists. Choose another folder."), again)
        }
    }
}
