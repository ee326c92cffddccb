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

/// Links `LinkPolicy` refuses are shown but cannot be activated, and their tooltip says why (issue 10).
final class InertLinkTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAProfileLinkWithAFileSchemeIsAPlainLabelWithTheReason() throws {
        try onMain {
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices())
            let platform = RecordingPlatform()
            coordinator.platform = platform
            coordinator.push(.user(login: "stranger"))
            let viewModel = try XCTUnwrap(coordinator.top?.model as? UserViewModel)

            let blog = ProfileLink(title: "Blog", text: "file:///home/you/.ssh/id_rsa",
                                   decision: LinkPolicy.decide(profileText: "file:///home/you/.ssh/id_rsa"))
            let inertObject = UserPage.profileLinkWidget(blog, viewModel: viewModel)
            let inert = inertObject.widget
            defer { withExtendedLifetime(inertObject) {} }  // it owns the widget
            XCTAssertTrue(isA(inert, gtk_label_get_type()))
            XCTAssertFalse(isA(inert, gtk_button_get_type()), "nothing to click")
            XCTAssertEqual(gtk_widget_activate(inert), 0, "nothing to activate from the keyboard")
            XCTAssertEqual(gtk_widget_get_focusable(inert), 0)
            let tooltip = try XCTUnwrap(gtk_widget_get_tooltip_text(inert).map { String(cString: $0) })
            XCTAssertTrue(tooltip.contains("only http and https"), tooltip)
            XCTAssertTrue(tooltip.contains("file:///home/you/.ssh/id_rsa"), tooltip)
            XCTAssertEqual(platform.opened, [])

            let weibo = ProfileLink(title: "Weibo", text: "weibo.com/s", decision: LinkPolicy.decide(profileText: "weibo.com/s"))
            let buttonObject = UserPage.profileLinkWidget(weibo, viewModel: viewModel)
            let button = buttonObject.widget
            defer { withExtendedLifetime(buttonObject) {} }
            XCTAssertTrue(isA(button, gtk_link_button_get_type()))
            emitClicked(on: button)  // as a mouse click does: GtkLinkButton then emits `activate-link`
            XCTAssertEqual(platform.opened.map(\.absoluteString), ["https://weibo.com/s"],
                           "an allowed link opens through the Coordinator, not GTK's own launcher")
        }
    }

    /// `<details>` summaries are labels: their links used to reach GTK's default handler, which tried to launch
    /// `mayun-link:N` itself. Now they follow the document's rules.
    func testSummaryLinksFollowTheDocumentAndBlockedOnesDoNothing() throws {
        try onMain {
            let html = """
            <details><summary><a href="https://example.com/site">site</a> or <a href="file:///etc/passwd">evil</a>
            </summary><p>body</p></details>
            """
            let context = DocumentContext(repository: RepositoryID(owner: "o", name: "r"), ref: "master", folder: "",
                                          server: URL(string: "https://gitee.com")!)
            let view = DocumentView(imageLoader: nil)
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            gtk_window_set_default_size(typed(window), 800, 600)
            gtk_window_set_child(typed(window), view.root)
            gtk_window_present(typed(window))
            view.show(DocumentParser.parseHTML(html, context: context))
            waitUntil("rendered") { view.isRendered && gtk_widget_get_mapped(view.root) != 0 }
            var activated: [LinkTarget] = []
            view.onActivateLink = { activated.append($0) }

            let expander = try XCTUnwrap(firstWidget(in: view.root, ofType: gtk_expander_get_type()))
            let summary = try XCTUnwrap(gtk_expander_get_label_widget(opaque(expander)))
            let markup = String(cString: gtk_label_get_label(opaque(summary)))
            XCTAssertTrue(markup.contains("Not opened: Mayun opens only http and https links (file:///etc/passwd)"),
                          "the blocked link's tooltip says why: \(markup)")

            XCTAssertTrue(emitActivateLink(on: summary, uri: "mayun-link:1"), "handled, so GTK launches nothing")
            XCTAssertEqual(activated, [], "a file: link in a summary is inert")
            XCTAssertTrue(emitActivateLink(on: summary, uri: "mayun-link:0"))
            XCTAssertEqual(activated, [.external(URL(string: "https://example.com/site")!)])
        }
    }
}

@MainActor
private func emitClicked(on button: Widget) {
    var instance = GValue()
    g_value_init(&instance, gtk_button_get_type())
    g_value_set_object(&instance, UnsafeMutableRawPointer(button))
    g_signal_emitv(&instance, g_signal_lookup("clicked", gtk_button_get_type()), 0, nil)
    g_value_unset(&instance)
}

/// Emits GtkLabel's `activate-link` as a click on a link does, returning the handlers' answer.
@MainActor
private func emitActivateLink(on label: Widget, uri: String) -> Bool {
    var values = [GValue(), GValue()]
    g_value_init(&values[0], gtk_label_get_type())
    g_value_set_object(&values[0], UnsafeMutableRawPointer(label))
    g_value_init(&values[1], GType(16 << 2))
    g_value_set_string(&values[1], uri)
    var result = GValue()
    g_value_init(&result, GType(5 << 2))
    g_signal_emitv(&values, g_signal_lookup("activate-link", gtk_label_get_type()), 0, &result)
    let handled = g_value_get_boolean(&result) != 0
    g_value_unset(&values[0])
    g_value_unset(&values[1])
    g_value_unset(&result)
    return handled
}
