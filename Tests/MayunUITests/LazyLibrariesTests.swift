import Foundation
import XCTest

/// The libraries of Sources/CLazyLibraries load on first use, not at start: the `mayun` executable built beside these
/// tests must not name them as needed, and each function it calls through a trampoline must be found in them.
final class LazyLibrariesTests: XCTestCase {
    /// The executable SwiftPM built beside this test bundle (`swift build --build-tests` builds every product).
    private let mayun = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        .appendingPathComponent("mayun")

    /// The sonames of lazy_library_list.h, the one list the trampolines are built from.
    private func lazySonames() throws -> [String] {
        let list = try String(contentsOf: repositoryRoot.appendingPathComponent("Sources/CLazyLibraries/lazy_library_list.h"),
                              encoding: .utf8)
        return list.split(separator: "\n").filter { $0.hasPrefix("LAZY_LIBRARY(") }.compactMap { line in
            line.split(separator: "\"").dropFirst().first.map(String.init)
        }
    }

    func testTheExecutableDoesNotNeedTheLazilyLoadedLibraries() throws {
        let sonames = try lazySonames()
        XCTAssertEqual(sonames.count, 8, "lazy_library_list.h read")
        let dynamic = try runProgram("/usr/bin/readelf", ["-d", mayun.path])
        XCTAssertEqual(dynamic.status, 0, dynamic.output)
        let needed = dynamic.output.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        XCTAssertTrue(needed.contains { $0.contains("[libgtk-4.so.1]") }, "readelf lists the needed libraries: \(needed)")
        for soname in sonames {
            XCTAssertFalse(needed.contains { $0.contains("[\(soname)]") },
                           "\(soname) is needed at start: a function of it is missing from lazy_symbols.h " +
                           "(nm -D --undefined-only \(mayun.path) shows which)")
        }
    }

    /// Also runs selftest.c: SQLite's first calls, through mayun_lazy_bind, with integer and double arguments.
    func testEveryTrampolineFindsItsFunction() throws {
        let check = try runProgram(mayun.path, ["--check-libraries"])
        XCTAssertEqual(check.status, 0, check.output)
        XCTAssertTrue(check.output.contains("every library loaded, every function found"), check.output)
        XCTAssertTrue(check.output.contains("first calls through the trampolines pass their arguments unchanged"),
                      check.output)
    }
}
