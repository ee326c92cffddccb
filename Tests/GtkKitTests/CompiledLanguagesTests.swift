import CGtk
import CSoup
@testable import GtkKit
import XCTest

/// libxml2's loads of GtkSourceView's RelaxNG schema, counted by an input callback that matches nothing: every parse
/// of a .lang file validates it against language2.rng, so a load is a parse.
nonisolated(unsafe) private var schemaLoads = 0

@MainActor
private func language(_ id: String) -> OpaquePointer? {
    SourceLanguages.manager.flatMap { gtk_source_language_manager_get_language($0, id) }
}

/// Sets `language` on a new buffer, which is dropped at once (as a closed README drops its pane's).
@MainActor
private func setOnAThrowawayBuffer(_ language: OpaquePointer) {
    guard let buffer = gtk_source_buffer_new(nil) else { return XCTFail("no buffer") }
    CompiledLanguages.set(language, on: buffer)
    g_object_unref(UnsafeMutableRawPointer(buffer))
}

/// A language's definitions are parsed once per process, not once per buffer (GtkSourceView 5.6 frees them with the
/// last buffer using them; issue 29: every README paid for each of its fence languages on every open).
final class CompiledLanguagesTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testALanguageIsParsedForItsFirstBufferOnly() throws {
        try onMain {
            xmlInitParser()  // before the callback: a first registration would keep libxml2's own from registering
            xmlRegisterInputCallbacks({ uri in
                if let uri, strstr(uri, "language2.rng") != nil { schemaLoads += 1 }
                return 0  // not ours: libxml2 goes on to its own callbacks
            }, nil, nil, nil)
            defer { xmlPopInputCallbacks() }
            // A language no other test sets.
            let fortran = try XCTUnwrap(language("fortran"))
            XCTAssertFalse(CompiledLanguages.isHeld("fortran"))
            let before = schemaLoads
            setOnAThrowawayBuffer(fortran)
            XCTAssertGreaterThan(schemaLoads, before, "the first buffer parses it")
            XCTAssertTrue(CompiledLanguages.isHeld("fortran"))
            let afterFirst = schemaLoads
            for _ in 0..<3 { setOnAThrowawayBuffer(fortran) }
            XCTAssertEqual(schemaLoads, afterFirst, "the next buffers use the definitions held since")
        }
    }

    func testAtMostLimitLanguagesAreHeldAndTheLeastRecentlySetGoesFirst() throws {
        try onMain {
            let manager = try XCTUnwrap(SourceLanguages.manager)
            var ids: [String] = []
            if var list = gtk_source_language_manager_get_language_ids(manager) {
                while let id = list.pointee, ids.count < CompiledLanguages.limit + 4 {
                    let name = String(cString: id)
                    if name != "fortran" { ids.append(name) }
                    list += 1
                }
            }
            XCTAssertEqual(ids.count, CompiledLanguages.limit + 4, "enough languages installed")
            for id in ids.prefix(CompiledLanguages.limit + 3) { setOnAThrowawayBuffer(try XCTUnwrap(language(id))) }
            XCTAssertEqual(ids.prefix(3).filter { CompiledLanguages.isHeld($0) }, [], "the first three are let go")
            XCTAssertTrue(ids.dropFirst(3).prefix(CompiledLanguages.limit).allSatisfy { CompiledLanguages.isHeld($0) })
            // Set again, the oldest held one becomes the newest: the next new language lets the one after it go.
            setOnAThrowawayBuffer(try XCTUnwrap(language(ids[3])))
            setOnAThrowawayBuffer(try XCTUnwrap(language(ids[CompiledLanguages.limit + 3])))
            XCTAssertTrue(CompiledLanguages.isHeld(ids[3]))
            XCTAssertFalse(CompiledLanguages.isHeld(ids[4]))
        }
    }
}
