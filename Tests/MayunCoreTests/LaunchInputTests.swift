import CSoup
import Foundation
import GiteeKit
@testable import MayunCore
@testable import MayunDocument
import XCTest

/// What Mayun takes from how it was started: the command line's links and the environment's token.
final class LaunchInputTests: XCTestCase {
    /// `mayun gitee.com/o/r` opens the project: GApplication used to turn it into a file under the current folder.
    func testSchemeLessLinksOnTheCommandLineBecomeHTTPS() {
        let server = AppEnvironment.defaultServer
        for (argument, route) in [
            ("gitee.com/o/r", Route.project(RepositoryID(owner: "o", name: "r"))),
            ("  www.gitee.com/o/r/issues/I7  ", .issue(RepositoryID(owner: "o", name: "r"), number: "I7")),
        ] {
            let link = CommandLineLink.absolute(argument)
            XCTAssertTrue(link.hasPrefix("https://"), link)
            // What GApplication hands to "open": the same address, not a file.
            let file = g_file_new_for_commandline_arg(link)
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            let uri = g_file_get_uri(file).map { pointer in
                defer { g_free(pointer) }
                return String(cString: pointer)
            }
            XCTAssertEqual(uri.map { GiteeLink.outcome(for: $0, server: server) }, .page(route), argument)
        }
        XCTAssertEqual(CommandLineLink.absolute("https://gitee.com/o/r"), "https://gitee.com/o/r")
        XCTAssertEqual(CommandLineLink.absolute("http://127.0.0.1:8080/o/r"), "http://127.0.0.1:8080/o/r")
    }

    /// The token is read once and leaves the environment, so programs Mayun starts (the browser) never see it.
    func testTheTokenIsTakenOutOfTheEnvironment() throws {
        setenv(EnvironmentToken.variable, "  secret-token \n", 1)
        XCTAssertEqual(EnvironmentToken.take(), "secret-token")
        XCTAssertNil(getenv(EnvironmentToken.variable))
        XCTAssertNil(ProcessInfo.processInfo.environment[EnvironmentToken.variable])
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        child.waitUntilExit()
        XCTAssertTrue(printed.contains("PATH="), "the child printed its environment")
        XCTAssertFalse(printed.contains("secret-token"), "a program started afterwards does not inherit the token")
        XCTAssertEqual(EnvironmentToken.sessionEnvironment(token: "secret-token", process: ["HOME": "/h"]),
                       ["HOME": "/h", "MAYUN_TOKEN": "secret-token"], "the session still logs in with it")
        XCTAssertNil(EnvironmentToken.take(), "read once")
    }
}
