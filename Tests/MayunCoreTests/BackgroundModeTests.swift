import Foundation
@testable import MayunCore
import XCTest

/// Run in the background: the switch persists, holds the app, and arranges (or undoes) the start at login.
final class BackgroundModeTests: XCTestCase {
    private var configHome: URL!

    override func setUpWithError() throws {
        configHome = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-autostart-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: configHome, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: configHome.path)
        try? FileManager.default.removeItem(at: configHome)
    }

    func testTheEntryStartsMayunHiddenAndQuotesItsPath() {
        let plain = AutostartEntry(configHome: configHome, executable: "/usr/bin/mayun")
        XCTAssertEqual(plain.file.path, configHome.path + "/autostart/io.gitee.Mayun.desktop")
        XCTAssertTrue(plain.contents.contains("\nExec=/usr/bin/mayun --background\n"))
        XCTAssertTrue(plain.contents.hasPrefix("[Desktop Entry]\nType=Application\n"))
        let odd = AutostartEntry(configHome: configHome, executable: "/opt/My Apps/100%/a\"b$c\\d")
        XCTAssertTrue(odd.contents.contains(#"Exec="/opt/My Apps/100%%/a\\"b\\$c\\\\d" --background"#), odd.contents)
    }

    func testTurningOnHoldsTheAppAndWritesTheEntryTurningOffUndoesBoth() throws {
        let configHome: URL = self.configHome
        try onMain {
            let preferences = InMemoryPreferences()
            let entry = AutostartEntry(configHome: configHome, executable: "/usr/bin/mayun")
            let mode = BackgroundMode(preferences: preferences, autostart: entry)
            var holds: [Bool] = []
            mode.keepAlive = { holds.append($0) }
            XCTAssertEqual(holds, [false], "off by default")
            mode.isEnabled = true
            XCTAssertTrue(preferences.runInBackground)
            XCTAssertEqual(holds, [false, true])
            XCTAssertEqual(try String(contentsOf: entry.file, encoding: .utf8), entry.contents)
            mode.isEnabled = false
            XCTAssertFalse(preferences.runInBackground)
            XCTAssertEqual(holds, [false, true, false])
            XCTAssertFalse(FileManager.default.fileExists(atPath: entry.file.path))
            XCTAssertNil(mode.autostartProblem)
        }
    }

    func testAnEntryThePersonWroteIsNeverRemoved() throws {
        let configHome: URL = self.configHome
        try onMain {
            let entry = AutostartEntry(configHome: configHome, executable: "/usr/bin/mayun")
            try FileManager.default.createDirectory(at: entry.file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("[Desktop Entry]\nExec=mayun --my-own-flags\n".utf8).write(to: entry.file)
            let mode = BackgroundMode(preferences: InMemoryPreferences(runInBackground: true), autostart: entry)
            mode.isEnabled = false
            XCTAssertTrue(FileManager.default.fileExists(atPath: entry.file.path))
        }
    }

    func testAPortalThatHandlesItMeansNoFileAndAStaleOneGoes() throws {
        let configHome: URL = self.configHome
        try onMain {
            let entry = AutostartEntry(configHome: configHome, executable: "/usr/bin/mayun")
            try entry.install()
            let mode = BackgroundMode(preferences: InMemoryPreferences(), autostart: entry)
            var asked: [Bool] = []
            mode.portal = { autostart, done in asked.append(autostart); done(true) }
            mode.isEnabled = true
            XCTAssertEqual(asked, [true])
            XCTAssertFalse(entry.isInstalled, "the portal keeps its own entry; ours would start a second copy")
            mode.portal = { autostart, done in asked.append(autostart); done(false) }
            mode.isEnabled = false
            mode.isEnabled = true
            XCTAssertEqual(asked, [true, false, true])
            XCTAssertTrue(entry.isInstalled, "no portal answered: the file is written")
        }
    }

    func testAFolderThatCannotBeWrittenIsSaidNotHidden() throws {
        let configHome: URL = self.configHome
        try onMain {
            try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: configHome.path)
            guard !FileManager.default.isWritableFile(atPath: configHome.path) else {
                // Running as root ignores the mode: make the folder's place a file instead.
                try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: configHome.path)
                try Data().write(to: configHome.appendingPathComponent("autostart"))
                return try Self.checkProblemIsShown(configHome)
            }
            try Self.checkProblemIsShown(configHome)
        }
    }

    @MainActor
    private static func checkProblemIsShown(_ configHome: URL) throws {
        let entry = AutostartEntry(configHome: configHome, executable: "/usr/bin/mayun")
        let mode = BackgroundMode(preferences: InMemoryPreferences(), autostart: entry)
        mode.isEnabled = true
        let problem = try XCTUnwrap(mode.autostartProblem)
        XCTAssertTrue(problem.contains(entry.file.path), problem)
        XCTAssertTrue(mode.isEnabled, "the switch stays on: closing the window still keeps Mayun running")
    }
}
