import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// "Save as…" over loopback: the file appears whole or not at all, an existing file survives a failed or cancelled
/// save, and a full disk or a refused permission is named as such.
final class SaveAsTests: XCTestCase {
    @MainActor private static let server = FakeGiteeServer.smallWorldForTests()

    @MainActor private static func location(_ path: String) -> BlobLocation {
        let project = server.world.projects.first { !$0.isEmpty }!
        return BlobLocation(repo: RepositoryID(owner: server.world.owner(of: project).login, name: project.path),
                            ref: project.defaultBranch, path: path)
    }

    @MainActor private static func client() -> GiteeClient {
        GiteeClient(configuration: GiteeConfiguration(server: server.baseURL, appVersion: "test", timeout: 5, retry: .none))
    }

    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-save-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @MainActor private static func settle(_ transfer: FileTransfer) {
        waitUntil("the transfer ends", timeout: 10) { !transfer.isRunning }
    }

    func testSavedFileAppearsWholeReplacingTheOldOne() throws {
        try onMain {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let destination = folder.appendingPathComponent("guide.md")
            try Data("old".utf8).write(to: destination)
            let transfer = FileTransfer()
            transfer.download(Self.location("docs/guide.md"), with: Self.client(), to: destination.path)
            Self.settle(transfer)
            guard case .finished = transfer.state else { return XCTFail("\(transfer.state)") }
            let saved = try Data(contentsOf: destination)
            XCTAssertGreaterThan(saved.count, 100)
            XCTAssertNotEqual(saved, Data("old".utf8))
            XCTAssertEqual(Self.names(in: folder), ["guide.md"], "no temporary file left")
            let mode = (try FileManager.default.attributesOfItem(atPath: destination.path)[.posixPermissions] as? NSNumber)?.intValue
            XCTAssertEqual(mode, 0o644)
        }
    }

    func testCancelledSaveLeavesNoPartialFileAndKeepsTheOldOne() throws {
        try onMain {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            let destination = folder.appendingPathComponent("large-log.txt")
            try Data("old".utf8).write(to: destination)
            // Eight chunks 150 ms apart: time to cancel in the middle.
            Self.server.addFault(Fault(kind: .slow, path: "/api/v5/repos/**", delayMs: 150, count: 1))
            defer { Self.server.clearFaults() }
            let transfer = FileTransfer()
            transfer.download(Self.location("data/large-log.txt"), with: Self.client(), to: destination.path)
            waitUntil("some bytes arrived", timeout: 10) {
                if case .running(let text) = transfer.state { return text.contains(" of ") || text.contains("KB") }
                return false
            }
            XCTAssertTrue(Self.names(in: folder).contains { $0.hasPrefix(".large-log.txt.part-") }, "\(Self.names(in: folder))")
            transfer.cancel()
            waitUntil("the temporary file is gone", timeout: 10) { Self.names(in: folder) == ["large-log.txt"] }
            XCTAssertEqual(transfer.state, .idle)
            XCTAssertEqual(try Data(contentsOf: destination), Data("old".utf8), "the old file is untouched")
        }
    }

    func testPermissionDeniedIsNamed() {
        onMain {
            // Tests run as root: /sys refuses new files even to root.
            let transfer = FileTransfer()
            transfer.download(Self.location("docs/guide.md"), with: Self.client(), to: "/sys/mayun-save-test.md")
            Self.settle(transfer)
            guard case .failed(let message) = transfer.state else { return XCTFail("\(transfer.state)") }
            XCTAssertTrue(message.contains("permission denied"), message)
            XCTAssertFalse(message.contains("cut off"), message)
            XCTAssertFalse(FileManager.default.fileExists(atPath: "/sys/mayun-save-test.md"))
        }
    }

    /// A 64 KB tmpfs fills up during a 2 MB save: the message says the disk is full, and nothing is left behind.
    func testFullDiskIsNamedAndLeavesNothing() throws {
        try onMain {
            let folder = try Self.folder()
            defer { try? FileManager.default.removeItem(at: folder) }
            XCTAssertEqual(Self.run("/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", folder.path]), 0,
                           "this test mounts a tiny tmpfs (the test suite runs as root)")
            defer { _ = Self.run("/bin/umount", [folder.path]) }
            let transfer = FileTransfer()
            transfer.download(Self.location("data/large-log.txt"), with: Self.client(),
                              to: folder.appendingPathComponent("large-log.txt").path)
            Self.settle(transfer)
            guard case .failed(let message) = transfer.state else { return XCTFail("\(transfer.state)") }
            XCTAssertTrue(message.hasSuffix("the disk is full."), message)
            XCTAssertEqual(Self.names(in: folder), [], "no partial file")
        }
    }

    private static func run(_ tool: String, _ arguments: [String]) -> Int32 {
        (try? runProgram(tool, arguments).status) ?? -1
    }
}
