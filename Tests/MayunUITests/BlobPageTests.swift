import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Serves one repository's files for the blob page: sizes from the root tree, bytes from the raw endpoint, a README.
@MainActor
final class FileTransport: Transport {
    var files: [String: String] = [:]
    var readme: String?

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        let path = URL(string: request.url)?.path ?? ""
        let api = "/api/v5/repos/mayun/desktop"
        if path == "\(api)/git/trees/master" {
            let entries = files.map { #"{"path":"\#($0.key)","type":"blob","sha":"x","size":\#($0.value.utf8.count)}"# }
            return HTTPResponse(status: 200, body: Data(#"{"sha":"master","tree":[\#(entries.joined(separator: ","))]}"#.utf8))
        }
        if path.hasPrefix("\(api)/raw/"), let text = files[String(path.dropFirst("\(api)/raw/".count))] {
            return HTTPResponse(status: 200, headers: ["content-type": "text/plain"], body: Data(text.utf8))
        }
        if path == "\(api)/readme", let readme {
            return HTTPResponse(status: 200, body: Data(
                #"{"type":"file","path":"README.md","encoding":"base64","content":"\#(Data(readme.utf8).base64EncodedString())"}"#.utf8))
        }
        return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
    }
}

final class BlobPageTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testSwiftFileIsHighlightedAsSwift() {
        onMain {
            let transport = FileTransport()
            transport.files["App.swift"] = "import Foundation\nstruct App {}\n"
            let (coordinator, page, window) = present(.blob(repo, ref: "master", path: "App.swift"), transport: transport)
            defer { gtk_window_destroy(typed(window)) }
            let viewModel = coordinator.top?.model as? BlobViewModel
            waitUntil("the file shows") { viewModel?.state == .content }
            guard let blobPage = page as? BlobPage else { return XCTFail("not a BlobPage") }
            waitUntil("a source view") { firstWidget(in: blobPage.root, ofType: gtk_source_view_get_type()) != nil }
            let view = firstWidget(in: blobPage.root, ofType: gtk_source_view_get_type())
            let buffer = view.flatMap { gtk_text_view_get_buffer(typed($0, as: GtkTextView.self)) }
            let language = buffer.flatMap {
                gtk_source_buffer_get_language(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkSourceBuffer.self))
            }
            XCTAssertEqual(SourceLanguages.languageID(language), "swift")
            XCTAssertEqual(blobPage.title, "App.swift")
            XCTAssertTrue(visibleLabelTexts(in: blobPage.root).contains { $0.contains("SWIFT") })
        }
    }

    func testReadmeTableCellsAreVisibleText() {
        onMain {
            let transport = FileTransport()
            transport.readme = "# Desktop\n\n| Feature | Status |\n|---|:-:|\n| 暗色主题 | done |\n\n[evil](javascript:alert(1))\n"
            let (coordinator, page, window) = present(.readme(repo, ref: "master"), transport: transport)
            defer { gtk_window_destroy(typed(window)) }
            let platform = RecordingPlatform()
            coordinator.platform = platform
            waitUntil("the document view") {
                firstWidget(in: page.root, ofType: gtk_text_view_get_type()).map(isDocument) ?? false
            }
            guard let textView = firstWidget(in: page.root, ofType: gtk_text_view_get_type()),
                  let document = documentText(textView) else { return XCTFail("no document") }
            waitUntil("rendered") { (documentText(textView) ?? "").contains("evil") }
            let text = documentText(textView) ?? ""
            XCTAssertTrue(text.contains("\tFeature\tStatus\n"), text)
            XCTAssertTrue(text.contains("\t暗色主题\tdone\n"), text)
            XCTAssertFalse(document.isEmpty)
            // A javascript: link does nothing: no browser, no page.
            let routes = coordinator.routes
            if let view = attachment(of: raw(textView), key: "mayun-document-text", as: DocumentTextView.self),
               let range = text.range(of: "evil") {
                view.activateLink(atOffset: Int32(text.distance(from: text.startIndex, to: range.lowerBound)) + 1)
            } else {
                XCTFail("no document text view or no link in: \(text)")
            }
            XCTAssertEqual(platform.opened, [])
            XCTAssertEqual(coordinator.routes, routes)
        }
    }
}

private let repo = RepositoryID(owner: "mayun", name: "desktop")

@MainActor
private func present(_ route: Route, transport: FileTransport) -> (Coordinator, GtkKit.Page, UnsafeMutablePointer<GtkWidget>) {
    let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                  services: testServices(transport: transport))
    coordinator.push(route)
    let page = PageFactory(images: testImages()).makePage(for: coordinator.top!)
    let window = gtk_window_new()!
    gtk_window_set_default_size(typed(window), 900, 700)
    gtk_window_set_child(typed(window), page.root)
    gtk_window_present(typed(window))
    return (coordinator, page, window)
}

@MainActor
private func isDocument(_ view: Widget) -> Bool { gtk_widget_has_css_class(view, "document") != 0 }

@MainActor
private func documentText(_ textView: Widget) -> String? {
    let buffer = gtk_text_view_get_buffer(typed(textView, as: GtkTextView.self))
    var start = GtkTextIter(), end = GtkTextIter()
    gtk_text_buffer_get_bounds(buffer, &start, &end)
    guard let chars = gtk_text_buffer_get_slice(buffer, &start, &end, 1) else { return nil }
    defer { g_free(chars) }
    return String(cString: chars)
}
