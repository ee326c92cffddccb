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

/// Serves the recorded issue, its comments and its project, and the logged-in person.
@MainActor
private final class IssueTransport: Transport {
    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        let path = URL(string: request.url)?.path ?? ""
        let base = "/api/v5/repos/kit101/drone-yml-test"
        let files = ["\(base)/issues/I4CD5P": "issue.json", "\(base)/issues/I4CD5P/comments": "issue_comments.json",
                     base: "repo.json"]
        if let name = files[path], let body = try? Data(contentsOf: sharedSamples.appendingPathComponent(name)) {
            return HTTPResponse(status: 200, body: body)
        }
        if path == "/api/v5/user" {
            return HTTPResponse(status: 200, body: Data(#"{"id": 7, "login": "mayun-demo", "name": "Mayun Demo"}"#.utf8))
        }
        return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
    }
}

@MainActor
private func textViewTexts(in root: Widget) -> [String] {
    descendants(of: root).filter { isA($0, gtk_text_view_get_type()) }.map { view in
        contents(of: gtk_text_view_get_buffer(typed(view, as: GtkTextView.self))!)
    }
}

final class IssueComposerTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// The composer's Preview is drawn by the same document pane, from the same document model, as a README.
    func testPreviewRendersTheDocumentAReadmeWouldShow() throws {
        try onMain {
            let repo = RepositoryID(owner: "kit101", name: "drone-yml-test")
            let (coordinator, page, window, issue) = try presentLoggedInIssuePage(transport: IssueTransport())
            defer {
                gtk_window_destroy(typed(window))
                withExtendedLifetime(coordinator) {}  // the page's navigator, as long as the test runs
            }
            waitUntil("logged in, the composer shows") { visibleLabelTexts(in: page.root).contains("Leave a comment") }
            XCTAssertFalse(visibleLabelTexts(in: page.root).contains("Log in to comment"))

            let text = "## Preview heading\n\nSome **bold** words and `code`.\n\n- one\n- two"
            issue.composer.setText(text)
            waitUntil("the text is in the composer's editor") { textViewTexts(in: page.root).contains(text) }
            issue.composer.showPreview()
            waitUntil("the preview is parsed") { issue.composer.preview != nil }
            waitUntil("the preview is drawn") {
                textViewTexts(in: page.root).contains { $0.contains("Preview heading") && !$0.contains("##") }
            }
            let drawn = try XCTUnwrap(textViewTexts(in: page.root).first { $0.contains("Preview heading") && !$0.contains("##") })
            XCTAssertTrue(drawn.contains("Some bold words and code."), drawn)
            XCTAssertFalse(drawn.contains("**"), "Markdown is rendered, not shown")

            // A README with the same text: the same model (DocumentParseService over the repository's context).
            let readmeRequest = DocumentRequest(text: text, format: .markdown,
                                                context: DocumentContext(repository: repo, ref: nil, folder: "",
                                                                         server: testEnvironment().server),
                                                prefersDark: false)
            var readme: Document?
            Task { @MainActor in readme = await DocumentParseService.parse(readmeRequest) }
            waitUntil("the README parse") { readme != nil }
            XCTAssertEqual(issue.composer.preview, readme)

            issue.composer.showWrite()
            XCTAssertEqual(issue.composer.mode, .write)
        }
    }

    /// Logged out, the composer is one button that leads to the login page.
    func testLoggedOutTheComposerIsALoginButton() throws {
        try onMain {
            let repo = RepositoryID(owner: "kit101", name: "drone-yml-test")
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices(transport: IssueTransport()))
            coordinator.push(.issue(repo, number: "I4CD5P"))
            let page = PageFactory(images: testImages()).makePage(for: coordinator.top!)
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            gtk_window_set_child(typed(window), page.root)
            gtk_window_present(typed(window))
            let issue = try XCTUnwrap(coordinator.top?.model as? IssueViewModel)
            waitUntil("the issue shows") { issue.state == .content }
            let root = page.root
            let buttons = { drawnButtonLabels(in: root) }
            waitUntil("the composer is a \"Log in to comment\" button") { buttons().contains("Log in to comment") }
            XCTAssertFalse(buttons().contains("Comment"))
            XCTAssertFalse(visibleLabelTexts(in: page.root).contains("Leave a comment"))
        }
    }
}

@MainActor
private func drawnButtonLabels(in root: Widget) -> [String] {
    descendants(of: root).filter { isA($0, gtk_button_get_type()) && gtk_widget_is_drawable($0) != 0 }
        .compactMap { gtk_button_get_label(typed($0, as: GtkButton.self)).map { String(cString: $0) } }
}

