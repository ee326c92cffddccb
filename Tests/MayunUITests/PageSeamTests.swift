import Foundation
import XCTest

/// Pages speak the typed widget layer (GtkKit) only. The compiler keeps GTK out: GtkKit imports CGtk `internal`ly
/// (with library evolution, so its clients do not load CGtk) and MayunUI, the pages' target, is built with
/// `-module-alias CGtk=CGtkIsForGtkKitOnly`, a module that does not exist (Package.swift). The first test compiles a
/// page that imports CGtk with MayunUI's own compiler arguments, as SwiftPM wrote them for this build, and sees it
/// refused. CSoup (GLib) and CMark reach MayunUI through MayunCore's public imports, so the compiler cannot refuse
/// those; the second test keeps them out.
final class PageSeamTests: XCTestCase {
    func testAPageThatImportsCGtkDoesNotCompile() throws {
        let refused = try typecheckLikeMayunUI("import GtkKit\nimport CGtk\n")
        XCTAssertNotEqual(refused.status, 0, "a page importing CGtk compiled")
        XCTAssertTrue(refused.output.contains("no such module 'CGtkIsForGtkKitOnly'"), refused.output)
        // Nor through the pointer helpers the kit and the window shell share.
        let basics = try typecheckLikeMayunUI("import GtkKit\nimport GtkBasics\n")
        XCTAssertNotEqual(basics.status, 0, "a page importing GtkBasics compiled")
        XCTAssertTrue(basics.output.contains("no such module 'GtkBasicsIsForTheKitAndShellOnly'"), basics.output)
        // The same arguments accept a page that keeps to the kit: the refusal above is the alias, not broken flags.
        let accepted = try typecheckLikeMayunUI("import GtkKit\nimport MayunCore\n@MainActor func f() { _ = Label(\"x\") }\n")
        XCTAssertEqual(accepted.status, 0, accepted.output)
    }

    func testNoPageImportsGLibOrCMark() throws {
        let pages = repositoryRoot.appendingPathComponent("Sources/MayunUI")
        let files = try FileManager.default.subpathsOfDirectory(atPath: pages.path).filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 20, "the pages were found")
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: pages.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                let imported = words.firstIndex(of: "import").flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
                if let imported, ["CGtk", "CSoup", "CMark", "GtkBasics"].contains(String(imported)) {
                    offenders.append("\(file): \(line)")
                }
            }
        }
        XCTAssertEqual(offenders, [], "pages go through GtkKit, not the C libraries")
    }

    /// Runs `swiftc -typecheck` on `source` with the arguments SwiftPM used to compile MayunUI in this build
    /// (`.build/debug.yaml`), less those that write outputs.
    private func typecheckLikeMayunUI(_ source: String) throws -> (status: Int32, output: String) {
        let manifest = try String(contentsOf: repositoryRoot.appendingPathComponent(".build/debug.yaml"), encoding: .utf8)
        let line = try XCTUnwrap(manifest.split(separator: "\n").first {
            $0.contains("\"args\"") == false && $0.contains("args: [") && $0.contains("\"-module-name\",\"MayunUI\"")
        }, "MayunUI's compile command in .build/debug.yaml")
        let json = line.drop(while: { $0 != "[" })
        let arguments = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String])
        let dropped: Set = ["-emit-dependencies", "-emit-module", "-parseable-output", "-incremental", "-enable-batch-mode",
                            "-serialize-diagnostics", "-c", "-emit-objc-header"]
        let droppedWithValue: Set = ["-emit-module-path", "-output-file-map", "-index-store-path", "-emit-objc-header-path"]
        var kept: [String] = []
        var skipNext = false
        for argument in arguments.dropFirst() {
            if skipNext { skipNext = false; continue }
            if droppedWithValue.contains(argument) { skipNext = true; continue }
            if dropped.contains(argument) || argument.hasPrefix("@") || argument.hasPrefix("-j") || argument.hasSuffix(".swift") {
                continue
            }
            kept.append(argument)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("SeamProbe-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        return try runProgram(arguments[0], kept + ["-typecheck", file.path])
    }
}
