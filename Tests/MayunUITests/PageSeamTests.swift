import Foundation
import XCTest

/// Pages speak the typed widget layer only. A Swift file that does not import CGtk (GTK, libadwaita,
/// GtkSourceView) or CSoup (GLib, GObject) cannot call a gtk_*, adw_* or g_* function nor name a C constant: the
/// compiler checks the seam, and this test keeps the imports out (one `import CGtk` would reopen it for its file).
final class PageSeamTests: XCTestCase {
    func testNoPageImportsTheCLibraries() throws {
        let pages = repositoryRoot.appendingPathComponent("Sources/MayunUI/Pages")
        let files = try FileManager.default.subpathsOfDirectory(atPath: pages.path).filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 20, "the pages were found")
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: pages.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                let imported = words.firstIndex(of: "import").flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
                if let imported, ["CGtk", "CSoup", "CMark"].contains(String(imported)) {
                    offenders.append("\(file): \(line)")
                }
            }
        }
        XCTAssertEqual(offenders, [], "pages go through Sources/MayunUI/Widgets, not the C libraries")
    }

    /// Pages hand widgets on as kit objects (`WidgetObject`, a `Component`, a `WidgetRef`), never as the raw
    /// `GtkWidget *` (`Widget`): the kit's face to the pages names no C type, which is what lets it become a target
    /// of its own that imports CGtk privately (docs/ARCHITECTURE.md, "The widget kit and the C seam").
    func testNoPageNamesAWidgetPointer() throws {
        let pages = repositoryRoot.appendingPathComponent("Sources/MayunUI/Pages")
        let files = try FileManager.default.subpathsOfDirectory(atPath: pages.path).filter { $0.hasSuffix(".swift") }
        XCTAssertGreaterThan(files.count, 20, "the pages were found")
        let pointerUses = try NSRegularExpression(
            pattern: #"\bWidget\b|\.widget\b|\bhandOver\(|\bwithWidget\b|\bshownWidget\b"#)
        var offenders: [String] = []
        for file in files {
            let text = try String(contentsOf: pages.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let code = String(line)
                if pointerUses.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil {
                    offenders.append("\(file): \(code)")
                }
            }
        }
        XCTAssertEqual(offenders, [], "pages pass kit objects, not widget pointers")
    }
}
