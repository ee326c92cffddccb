import CGtk
import Foundation
import GLibRuntime
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Run in the background through the XDG Background portal (issue 26): against a fake portal
/// (tests/portal/fake_background_portal.py, Debian's python3-gi) on the test's private session bus, which records
/// each RequestBackground call and answers with the Response it was started with.
final class BackgroundPortalTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    private static let script = repositoryRoot.appendingPathComponent("tests/portal/fake_background_portal.py")

    /// The fake portal, running until `stop`; its calls are read from `log`.
    @MainActor
    private final class FakePortal {
        let process = Process()
        let log: URL

        init(response: Int) throws {
            log = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-portal-\(UUID().uuidString).jsonl")
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = [BackgroundPortalTests.script.path, log.path, String(response)]
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            waitUntil("the fake portal owns org.freedesktop.portal.Desktop", timeout: 15) { nameHasOwner(BackgroundPortal.busName) }
        }

        var calls: [[String: Any]] {
            let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            return text.split(separator: "\n").compactMap {
                (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
            }
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: log)
            waitUntil("the fake portal left the bus") { !nameHasOwner(BackgroundPortal.busName) }
        }
    }

    private static func temporaryAutostart() -> AutostartEntry {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-autostart-\(UUID().uuidString)")
        return AutostartEntry(configHome: home, executable: "/opt/mayun/bin/mayun")
    }

    func testAGrantedRequestCarriesTheCommandLineAndReasonAndReplacesTheFile() throws {
        try onMain {
            let fake = try FakePortal(response: 0)
            defer { fake.stop() }
            let portal = try XCTUnwrap(BackgroundPortal(executable: "/opt/mayun/bin/mayun", reason: "Checks notifications"))
            var answer: Bool?
            portal.request(autostart: true) { answer = $0 }
            waitUntil("the portal's Response arrives") { answer != nil }
            XCTAssertEqual(answer, true, "response 0 with autostart: granted")
            let call = try XCTUnwrap(fake.calls.first)
            let options = try XCTUnwrap(call["options"] as? [String: Any])
            XCTAssertEqual(call["parent_window"] as? String, "")
            XCTAssertEqual(options["autostart"] as? Bool, true)
            XCTAssertEqual(options["commandline"] as? [String], ["/opt/mayun/bin/mayun", "--background"])
            XCTAssertEqual(options["reason"] as? String, "Checks notifications")
            XCTAssertEqual(options["dbus-activatable"] as? Bool, false)
            let token = try XCTUnwrap(options["handle_token"] as? String)
            XCTAssertTrue((call["handle"] as? String)?.hasSuffix("/" + token) ?? false, "the Request path the token fixed")

            // Through the switch: a file of ours from before goes (the portal keeps its own entry, two would start
            // two copies); turning it off asks the portal again, with autostart false.
            let autostart = Self.temporaryAutostart()
            try autostart.install()
            let mode = BackgroundMode(preferences: InMemoryPreferences(), autostart: autostart)
            mode.portal = portal.handler
            mode.isEnabled = true
            waitUntil("the portal took the request and the file went") { fake.calls.count == 2 && !autostart.isInstalled }
            XCTAssertNil(mode.autostartProblem)
            mode.isEnabled = false
            waitUntil("turning it off asks the portal too") { fake.calls.count == 3 }
            let off = try XCTUnwrap(fake.calls.last?["options"] as? [String: Any])
            XCTAssertEqual(off["autostart"] as? Bool, false)
            XCTAssertFalse(autostart.isInstalled)
        }
    }

    func testARefusalFallsBackToTheAutostartFile() throws {
        try onMain {
            let fake = try FakePortal(response: 1)
            defer { fake.stop() }
            let portal = try XCTUnwrap(BackgroundPortal(executable: "/opt/mayun/bin/mayun"))
            var answer: Bool?
            portal.request(autostart: true) { answer = $0 }
            waitUntil("the portal's Response arrives") { answer != nil }
            XCTAssertEqual(answer, false, "response 1 (the person said no): not granted")

            let autostart = Self.temporaryAutostart()
            let mode = BackgroundMode(preferences: InMemoryPreferences(), autostart: autostart)
            mode.portal = portal.handler
            mode.isEnabled = true
            waitUntil("refused by the portal: the autostart file is written") { autostart.isInstalled }
            XCTAssertEqual(fake.calls.count, 2, "the portal was asked first")
            let contents = try String(contentsOf: autostart.file, encoding: .utf8)
            XCTAssertTrue(contents.contains("Exec=/opt/mayun/bin/mayun --background"), contents)
        }
    }

    func testWithoutAPortalTheFileIsUsedAtOnceAndNothingIsAskedWhileOff() throws {
        try onMain {
            XCTAssertFalse(nameHasOwner(BackgroundPortal.busName), "no portal on the test's bus")
            let portal = try XCTUnwrap(BackgroundPortal(executable: "/opt/mayun/bin/mayun"))
            var answer: Bool?
            portal.request(autostart: true) { answer = $0 }
            waitUntil("the failed call answers") { answer != nil }
            XCTAssertEqual(answer, false)

            let autostart = Self.temporaryAutostart()
            let mode = BackgroundMode(preferences: InMemoryPreferences(), autostart: autostart)
            var asked: [Bool] = []
            mode.portal = { autostart, done in
                asked.append(autostart)
                portal.request(autostart: autostart, done: done)
            }
            mode.apply()  // at start, off: the portal (and its dialog) is left alone
            XCTAssertEqual(asked, [])
            mode.isEnabled = true
            waitUntil("no portal: the autostart file is written") { autostart.isInstalled }
            XCTAssertEqual(asked, [true])
        }
    }
}

/// Whether `name` has an owner on the session bus (org.freedesktop.DBus.NameHasOwner).
@MainActor
private func nameHasOwner(_ name: String) -> Bool {
    guard let bus = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, nil) else { return false }
    defer { g_object_unref(UnsafeMutableRawPointer(bus)) }
    var children: [OpaquePointer?] = [g_variant_new_string(name)]
    guard let reply = g_dbus_connection_call_sync(bus, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                                  "NameHasOwner", g_variant_new_tuple(&children, 1), nil,
                                                  G_DBUS_CALL_FLAGS_NONE, 2_000, nil, nil) else { return false }
    defer { g_variant_unref(reply) }
    guard let value = g_variant_get_child_value(reply, 0) else { return false }
    defer { g_variant_unref(value) }
    return g_variant_get_boolean(value) != 0
}
