import CGtk
import Foundation
import GLibRuntime
import GiteeKit
@testable import GtkKit
@testable import MayunShell
@testable import MayunCore
@testable import MayunDocument
@testable import MayunUI
import XCTest

/// Serves a project (the real sample's fields) and its README, whichever text `readme` holds when it is asked.
@MainActor
private final class ReadmeTransport: Transport {
    var readme = ""
    private let project = (try? Data(contentsOf: sharedSamples.appendingPathComponent("repo.json"))) ?? Data()

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        let path = URL(string: request.url)?.path ?? ""
        let api = "/api/v5/repos/mayun/desktop"
        if path == api { return HTTPResponse(status: 200, body: project) }
        if path == "\(api)/readme" {
            return HTTPResponse(status: 200, body: Data(
                #"{"type":"file","path":"README.md","encoding":"base64","content":"\#(Data(readme.utf8).base64EncodedString())"}"#.utf8))
        }
        return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
    }
}

/// The pages write a README as it is parsed (issue 14): the project page's README area and the file page's document
/// pane follow the ViewModel's `ProgressiveDocument` through a `DocumentFeed`.
final class ProgressiveReadmePageTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// About 150 KB: 1,500 sections of a heading, a paragraph, a code block and a list (~6,000 top-level blocks).
    private static let longReadme: String = {
        let section = "## Section\n\nSome **text** with a [link](a.md) and `code`.\n\n```sh\necho hello\n```\n\n- one\n- two\n\n"
        return "# Mayun\n\n" + String(repeating: section, count: 1_500) + "Last words.\n"
    }()

    func testTheProjectReadmeIsPaintedBeforeTheWholeDocumentIsRead() throws {
        try onMain {
            let transport = ReadmeTransport()
            transport.readme = Self.longReadme
            let (coordinator, page, window) = presentProject(transport)
            defer { gtk_window_destroy(typed(window)) }
            let viewModel = try XCTUnwrap(coordinator.top?.model as? ProjectViewModel)
            let feed = try XCTUnwrap(page as? ProjectPage).readmeFeed
            waitUntil("the README's first screen is in the pane", timeout: 30) { !documentText(of: feed.view).isEmpty }
            let document = try XCTUnwrap(viewModel.readmeDocument)
            let chunksAtFirstScreen = document.chunks.count
            XCTAssertTrue(documentText(of: feed.view).hasPrefix("Mayun\n"), String(documentText(of: feed.view).prefix(80)))
            XCTAssertNotEqual(gtk_widget_get_visible(feed.view.root), 0, "the document replaced the plain text")
            let clock = try XCTUnwrap(gtk_widget_get_frame_clock(window))
            let frame = gdk_frame_clock_get_frame_counter(clock)
            waitUntil("a frame is painted") { gdk_frame_clock_get_frame_counter(clock) > frame }
            XCTAssertFalse(feed.view.isRendered, "the first screen was painted before the whole document was in")
            XCTAssertFalse(documentText(of: feed.view).contains("Last words."))

            waitUntil("the whole README is written", timeout: 90) { feed.view.isRendered }
            XCTAssertEqual(document.phase, .complete)
            XCTAssertLessThan(chunksAtFirstScreen, document.chunks.count, "more chunks came after the first screen")
            let whole = try XCTUnwrap(document.document)
            XCTAssertEqual(documentText(of: feed.view), renderedWhole(whole), "the chunks end as `show` of the whole document")
            XCTAssertTrue(documentText(of: feed.view).contains("Last words."))
        }
    }

    func testARefreshMidWayStopsTheOldDocumentsSlices() throws {
        try onMain {
            let transport = ReadmeTransport()
            transport.readme = Self.longReadme
            let (coordinator, page, window) = presentProject(transport)
            defer { gtk_window_destroy(typed(window)) }
            let viewModel = try XCTUnwrap(coordinator.top?.model as? ProjectViewModel)
            let feed = try XCTUnwrap(page as? ProjectPage).readmeFeed
            var rendered = 0
            feed.onRendered = { rendered += 1 }
            waitUntil("the README's first screen is in the pane", timeout: 30) { !documentText(of: feed.view).isEmpty }
            let old = try XCTUnwrap(viewModel.readmeDocument)
            XCTAssertFalse(feed.view.isRendered, "the old README is still being written when F5 comes")

            transport.readme = "# Fresh\n\nThe new text.\n"
            viewModel.refresh()
            waitUntil("the fresh README is written", timeout: 30) {
                viewModel.readmeDocument !== old && feed.view.isRendered
            }
            XCTAssertNotEqual(old.phase, .parsing, "the old parse stopped (or had ended)")
            let fresh = try XCTUnwrap(viewModel.readmeDocument?.document)
            XCTAssertEqual(documentText(of: feed.view), renderedWhole(fresh))
            XCTAssertEqual(documentText(of: feed.view), "Fresh\nThe new text.\n")
            // Whatever the old writer had queued never lands.
            while g_main_context_iteration(nil, 0) != 0 {}
            XCTAssertEqual(documentText(of: feed.view), "Fresh\nThe new text.\n")
            XCTAssertEqual(rendered, 1, "only the fresh document finished")
        }
    }

    func testTheFilePageWritesAReadmeInChunksEndingAsShow() throws {
        try onMain {
            let transport = ReadmeTransport()
            transport.readme = Self.longReadme
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices(transport: transport))
            coordinator.push(.readme(RepositoryID(owner: "mayun", name: "desktop"), ref: "master"))
            let (page, window) = present(coordinator)
            defer { gtk_window_destroy(typed(window)) }
            let blobPage = try XCTUnwrap(page as? BlobPage)
            let viewModel = try XCTUnwrap(coordinator.top?.model as? BlobViewModel)
            waitUntil("the document pane has its first screen", timeout: 30) {
                blobPage.documentFeed.map { !documentText(of: $0.view).isEmpty } ?? false
            }
            let feed = try XCTUnwrap(blobPage.documentFeed)
            guard case .document(let document, _)? = viewModel.content else { return XCTFail("not a document") }
            let chunksAtFirstScreen = document.chunks.count
            XCTAssertFalse(feed.view.isRendered, "shown before the whole document was written")
            waitUntil("the whole README is written", timeout: 90) { feed.view.isRendered }
            XCTAssertEqual(document.phase, .complete)
            XCTAssertLessThan(chunksAtFirstScreen, document.chunks.count, "more chunks came after the first screen")
            XCTAssertEqual(documentText(of: feed.view), renderedWhole(try XCTUnwrap(document.document)))
        }
    }

    /// Past the time budget the pane shows the plain text with its note instead of the chunks.
    func testAParseOverItsBudgetShowsThePlainTextWithTheNote() throws {
        onMain {
            let view = DocumentView(imageLoader: nil)
            let window = gtk_window_new()!
            gtk_window_set_child(typed(window), view.root)
            gtk_window_present(typed(window))
            defer { gtk_window_destroy(typed(window)) }
            let feed = DocumentFeed(view: view)
            let context = DocumentContext(repository: RepositoryID(owner: "mayun", name: "desktop"), ref: "master",
                                          folder: "", server: URL(string: "https://gitee.com")!)
            let document = ProgressiveDocument(
                parsing: DocumentRequest(text: Self.longReadme, format: .markdown, context: context, prefersDark: false),
                allowance: .zero)
            let binding = ObservationBinding { feed.sync(with: document) }
            defer { binding.cancel() }
            waitUntil("the fallback is written", timeout: 60) { document.phase != .parsing && view.isRendered }
            XCTAssertEqual(document.phase, .replaced)
            XCTAssertTrue(documentText(of: view).hasPrefix(DocumentNotes.tooComplex), String(documentText(of: view).prefix(120)))
            XCTAssertTrue(documentText(of: view).contains("## Section"), "the markdown shows as it was written")
        }
    }
}

@MainActor
private func presentProject(_ transport: ReadmeTransport) -> (Coordinator, GtkKit.Page, UnsafeMutablePointer<GtkWidget>) {
    let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                  services: testServices(transport: transport))
    coordinator.push(.project(RepositoryID(owner: "mayun", name: "desktop")))
    let (page, window) = present(coordinator)
    return (coordinator, page, window)
}

@MainActor
private func present(_ coordinator: Coordinator) -> (GtkKit.Page, UnsafeMutablePointer<GtkWidget>) {
    let page = PageFactory(images: testImages()).makePage(for: coordinator.top!)
    let window = gtk_window_new()!
    gtk_window_set_default_size(typed(window), 900, 700)
    gtk_window_set_child(typed(window), page.root)
    gtk_window_present(typed(window))
    return (page, window)
}

/// What `DocumentView.show` writes for `document`, in a pane of its own.
@MainActor
private func renderedWhole(_ document: Document) -> String {
    let view = DocumentView(imageLoader: nil)
    let window = gtk_window_new()!
    gtk_window_set_child(typed(window), view.root)
    gtk_window_present(typed(window))
    defer { gtk_window_destroy(typed(window)) }
    view.show(document)
    waitUntil("the whole document is written", timeout: 90) { view.isRendered }
    return documentText(of: view)
}

