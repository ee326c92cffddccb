import Foundation
import XCTest

/// The ViewModels and the Coordinator (MayunCore) decide; what touches the machine (SQLite, the keyring, child
/// processes, the desktop's apps) sits in MayunPlatform behind the protocols MayunCore declares (`OfflineRows`,
/// `OutboxRows`, `CredentialStore`, `DesktopTools`). Package.swift no longer lists a C module or GRDB for MayunCore,
/// and the build's `--explicit-target-dependency-import-check=error` refuses an import a target does not list; this
/// test says the same in words, file by file, so a new file cannot slip one in through a `@preconcurrency` or
/// `internal` import either.
final class PlatformSeamTests: XCTestCase {
    func testTheViewModelsImportNoCModuleAndNoSQLite() throws {
        let offenders = try imports(in: "Sources/MayunCore").filter { ["CSoup", "CGtk", "CMark", "CAppVersion", "GRDB"].contains($0.module) }
        XCTAssertEqual(offenders.map(\.line), [], "MayunCore reaches the machine through MayunPlatform's protocols")
    }

    func testThePlatformIsWhereTheCCallsAre() throws {
        // The other side of the seam, so the first test cannot pass by MayunPlatform having gone away.
        let platform = try imports(in: "Sources/MayunPlatform")
        XCTAssertTrue(platform.contains { $0.module == "GRDB" }, "the SQLite files are MayunPlatform's")
        XCTAssertTrue(platform.contains { $0.module == "CSoup" }, "libsecret, GSubprocess and GAppInfo are MayunPlatform's")
    }

    private func imports(in folder: String) throws -> [(module: String, line: String)] {
        let root = repositoryRoot.appendingPathComponent(folder)
        let files = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 5, "\(folder) was found")
        var found: [(String, String)] = []
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"), words.indices.contains(index + 1),
                      words[..<index].allSatisfy({ $0.hasPrefix("@") || ["internal", "public", "package", "private", "fileprivate"].contains($0) })
                else { continue }
                found.append((String(words[index + 1]), "\(file): \(line)"))
            }
        }
        return found
    }
}
