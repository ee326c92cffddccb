import CGtk
import Foundation
import GLibRuntime
@testable import MayunCore
@testable import GtkKit
import XCTest

/// Syntax colours in a diff, by file type (GtkSourceView's guess from the name): a Swift keyword in an added line is
/// drawn in another colour than the plain text beside it, in light and in night (each scheme's own colour), a removed
/// line is coloured too, and a file of no known language is left plain. Screenshots at 1280 px (side by side) and
/// 360 px (one column), light and night: tests/artifacts/diff-syntax-*.png.
final class DiffSyntaxColourTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    static let patch = """
        @@ -1,4 +1,5 @@
         import Foundation
        -let greeting = "Hello" // old
        +func greet(name: String) -> String {
        +    return "Hello, " + name // new
        +}
         struct Greeter {}
        """

    static var files: [DiffFile] {
        [DiffFile(path: "Sources/Greeter.swift", status: "modified", additions: 3, deletions: 1, patch: patch),
         DiffFile(path: "notes/plain.unknownext", status: "modified", additions: 3, deletions: 1, patch: patch)]
    }

    func testAKeywordInAnAddedLineHasItsOwnColourInLightAndNight() {
        onMain {
            let fixture = ColourFixture(width: 1280, height: 800)
            defer { fixture.close() }
            waitUntil("side by side") { fixture.model.isSideBySide }
            var keywordColours: [NightMode: UInt32] = [:]
            for mode in [NightMode.light, .night] {
                fixture.nightMode.select(mode)
                waitForFrames(of: fixture.window, count: 2)
                let added = "+ func greet(name: String) -> String {"
                waitUntil("the added line is coloured (\(mode))") { !fixture.foregrounds(of: added).isEmpty }
                let colours = fixture.foregrounds(of: added)
                // "func" is bytes 2..<6 of the label ("+ " before it).
                let keyword = colours.first { $0.start <= 2 && $0.end >= 6 }
                XCTAssertNotNil(keyword, "the keyword \"func\" has a colour in \(mode): \(colours)")
                let plain = fixture.textColour(of: added)
                XCTAssertNotEqual(keyword?.rgb, plain, "the keyword is not drawn in the plain text's colour (\(mode))")
                XCTAssertFalse(colours.contains { $0.start <= 7 && $0.end >= 12 && $0.rgb == keyword?.rgb },
                               "the name \"greet\" is not drawn as a keyword (\(mode))")
                keywordColours[mode] = keyword?.rgb
                XCTAssertFalse(fixture.foregrounds(of: "− let greeting = \"Hello\" // old").isEmpty,
                               "a removed line is coloured too (\(mode))")
                XCTAssertTrue(fixture.foregrounds(of: "+ func greet(name: String) -> String {", in: 1).isEmpty,
                              "a file of no known language stays plain (\(mode))")
            }
            XCTAssertNotEqual(keywordColours[.light], keywordColours[.night], "night has its own scheme's colour")
            fixture.screenshots("side-by-side-1280")
        }
    }

    /// A file longer than one chunk is highlighted as far as the lines asked for, in its own buffer, and a line far
    /// down gets its colours too (the context engine carries its state from the lines above).
    func testALongFileIsColouredChunkByChunk() {
        onMain {
            let window = widget(gtk_window_new())
            defer { gtk_window_destroy(typed(window)) }
            let label = widget(gtk_label_new("x"))
            gtk_window_set_child(typed(window), label)
            gtk_window_present(typed(window))
            SourceLanguageWarmUp.afterNextFrame(of: label)
            let body = (1...500).map { "+let value\($0) = \"\($0)\"" }.joined(separator: "\n")
            let model = DiffViewModel()
            model.show([DiffFile(path: "Sources/Big.swift", status: "added", additions: 500, deletions: 0,
                                 patch: "@@ -0,0 +1,500 @@\n" + body)])
            let highlighter = DiffHighlighter(isNight: false)
            waitUntil("GtkSourceView is ready and the first line coloured") {
                !highlighter.spans(file: 0, position: 1, in: model).isEmpty
            }
            let first = highlighter.spans(file: 0, position: 1, in: model)
            XCTAssertEqual(first.first?.start, 0, "\"let\" starts the line: \(first)")
            XCTAssertEqual(first.first?.end, 3)
            let far = highlighter.spans(file: 0, position: 480, in: model)
            XCTAssertEqual(far.first.map { [$0.start, $0.end] }, [0, 3], "line 480, past the first chunk: \(far)")
            XCTAssertEqual(far.first?.red, first.first?.red)
            XCTAssertTrue(far.contains { $0.start == 15 }, "its string is coloured too: \(far)")
        }
    }

    func testOneColumnOnAPhoneIsColouredToo() {
        onMain {
            let fixture = ColourFixture(width: 360, height: 640)
            defer { fixture.close() }
            XCTAssertFalse(fixture.model.isSideBySide)
            waitUntil("the added line is coloured") {
                !fixture.foregrounds(of: "+ func greet(name: String) -> String {").isEmpty
            }
            fixture.screenshots("unified-360")
        }
    }
}

@MainActor
private final class ColourFixture: DiffWindow {
    let width: Int32

    struct Foreground: CustomStringConvertible {
        let start: Int, end: Int, rgb: UInt32
        var description: String { "\(start)..<\(end) #\(String(rgb, radix: 16))" }
    }

    init(width: Int32, height: Int32) {
        self.width = width
        super.init(width: width, height: height, files: DiffSyntaxColourTests.files)
        waitUntil("rows are drawn") { !self.labels(showing: "+ func greet(name: String) -> String {").isEmpty }
        waitForFrames(of: window, count: 3)
    }

    /// The mapped labels showing `text`, in file order (one per file that has the line).
    func labels(showing text: String) -> [Widget] {
        descendants(of: view.root).filter { widget in
            gtk_widget_get_mapped(widget) != 0 && isA(widget, gtk_label_get_type())
                && gtk_label_get_text(OpaquePointer(widget)).map { String(cString: $0) } == text
        }
    }

    /// The foreground colours set on the `index`th label showing `text` (byte ranges of the label's text).
    func foregrounds(of text: String, in index: Int = 0) -> [Foreground] {
        let found = labels(showing: text)
        guard found.indices.contains(index), let list = gtk_label_get_attributes(OpaquePointer(found[index])),
              let attributes = pango_attr_list_get_attributes(list) else { return [] }
        var result: [Foreground] = []
        var link: UnsafeMutablePointer<GSList>? = attributes
        while let node = link {
            if let raw = node.pointee.data {
                let attribute = raw.assumingMemoryBound(to: PangoAttribute.self)
                if attribute.pointee.klass.pointee.type == PANGO_ATTR_FOREGROUND {
                    let colour = raw.assumingMemoryBound(to: PangoAttrColor.self).pointee.color
                    result.append(Foreground(start: Int(attribute.pointee.start_index),
                                             end: Int(attribute.pointee.end_index),
                                             rgb: UInt32(colour.red >> 8) << 16 | UInt32(colour.green >> 8) << 8
                                                | UInt32(colour.blue >> 8)))
                }
                pango_attribute_destroy(attribute)
            }
            link = node.pointee.next
        }
        g_slist_free(attributes)
        return result
    }

    /// The label's own text colour (its CSS `color`), as 0xRRGGBB.
    func textColour(of text: String) -> UInt32? {
        guard let label = labels(showing: text).first else { return nil }
        var rgba = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(label), &rgba)
        func byte(_ value: Float) -> UInt32 { UInt32((min(1, max(0, value)) * 255).rounded()) }
        return byte(rgba.red) << 16 | byte(rgba.green) << 8 | byte(rgba.blue)
    }

    func screenshots(_ name: String) {
        screenshotsInLightAndNight(of: window, nightMode: nightMode, named: "diff-syntax-\(name)", frames: 3)
    }
}
