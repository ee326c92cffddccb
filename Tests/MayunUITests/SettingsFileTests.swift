import CGtk
import Foundation
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// settings.ini is the person's: its folder is 0700 and the file 0600, and GLib's keyfile backend keeps that mode
/// when it rewrites the file, whatever the umask.
final class SettingsFileTests: XCTestCase {
    func testSettingsFileStaysPrivateAcrossWrites() throws {
        try onMain {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-settings-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let schemas = root.appendingPathComponent("schemas")
            try FileManager.default.createDirectory(at: schemas, withIntermediateDirectories: true)
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("data/io.gitee.Mayun.gschema.xml")
            try FileManager.default.copyItem(at: source, to: schemas.appendingPathComponent(source.lastPathComponent))
            let compile = try runProgram("/usr/bin/glib-compile-schemas", [schemas.path])
            XCTAssertEqual(compile.status, 0, compile.output)

            let previous = umask(0o022)
            defer { umask(previous) }
            let config = root.appendingPathComponent("config/mayun")
            let preferences = try XCTUnwrap(GSettingsPreferences.make(schemaDirectory: schemas, configDirectory: config))
            preferences.nightMode = .night
            preferences.flush()
            let file = config.appendingPathComponent("settings.ini")
            waitUntil("the setting is written") {
                (try? String(contentsOf: file, encoding: .utf8))?.contains("night") == true
            }
            func mode(_ url: URL) -> Int? {
                (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? NSNumber)?.intValue
            }
            XCTAssertEqual(mode(config), 0o700)
            XCTAssertEqual(mode(file), 0o600)
        }
    }
}
