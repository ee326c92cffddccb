import CGtk
import Foundation
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// The login page in a real window: Log In stays insensitive until the fields have text, and a failed login shows
/// its reason beside the form while everything typed stays in place.
final class LoginPageTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testLogInButtonWaitsForTextAndAFailureKeepsWhatWasTyped() {
        onMain {
            let transport = RejectingTokenTransport()
            let client = GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9", retry: .none),
                                     transport: transport)
            let session = Session(client: client, store: nil,
                                  environment: ["MAYUN_OAUTH_CLIENT_ID": "app", "MAYUN_OAUTH_CLIENT_SECRET": "secret"])
            let viewModel = LoginViewModel(session: session)
            let page = LoginPage(viewModel: viewModel)
            let window = gtk_window_new()!
            gtk_window_set_child(typed(widget(window)), page.root)
            gtk_window_set_default_size(typed(widget(window)), 600, 700)
            gtk_window_present(typed(widget(window)))
            defer { gtk_window_destroy(typed(widget(window))) }
            let controls = page.controlWidgets

            waitUntil("the page is shown") { gtk_widget_get_mapped(controls.submit) != 0 }
            XCTAssertEqual(gtk_widget_get_sensitive(controls.submit), 0, "nothing typed: Log In is off")
            XCTAssertEqual(gtk_widget_is_visible(controls.error), 0)

            gtk_editable_set_text(OpaquePointer(controls.email), "demo@mayun.test")
            Self.drain()
            XCTAssertEqual(gtk_widget_get_sensitive(controls.submit), 0, "still no password")
            gtk_editable_set_text(OpaquePointer(controls.password), "not-the-password")
            waitUntil("Log In turns on") { gtk_widget_get_sensitive(controls.submit) != 0 }

            XCTAssertNotEqual(gtk_widget_activate(controls.submit), 0, "the button takes the click")
            waitUntil("the error appears") { gtk_widget_is_visible(controls.error) != 0 }
            XCTAssertEqual(Self.label(controls.error), "The email or password is wrong.")
            XCTAssertEqual(Self.text(controls.email), "demo@mayun.test")
            XCTAssertEqual(Self.text(controls.password), "not-the-password")
            XCTAssertNotEqual(gtk_widget_get_sensitive(controls.submit), 0, "ready for another try")
            XCTAssertEqual(transport.passwordGrants, 1)
            XCTAssertFalse(session.isLoggedIn)

            // The token way: its own field, its own button state.
            viewModel.select(.token)
            waitUntil("token form") { gtk_widget_get_sensitive(controls.submit) == 0 }
            XCTAssertEqual(gtk_widget_is_visible(controls.error), 0, "switching method clears the old error")
            gtk_editable_set_text(OpaquePointer(controls.token), "mayun-demo-token")
            waitUntil("Log In turns on for the token") { gtk_widget_get_sensitive(controls.submit) != 0 }
        }
    }

    /// The login page's and the Add Account window's method buttons (`LoginForm.methodSwitcher`): in the order
    /// given, linked (switching one on switches the other off), and each selects its method when switched on.
    func testTheMethodSwitcherSelectsTheMethodSwitchedOn() {
        onMain {
            var selected: [LoginMethod] = []
            let switcher = LoginForm.methodSwitcher([.token, .password], classes: ["login-methods"], expand: true) {
                selected.append($0)
            }
            XCTAssertEqual(switcher.buttons.map(\.method), [.token, .password])
            XCTAssertTrue(switcher.row.hasClass("linked") && switcher.row.hasClass("login-methods"))
            XCTAssertTrue(switcher.buttons.allSatisfy { gtk_widget_get_hexpand($0.button.widget) != 0 })
            switcher.buttons[0].button.isActive = true
            switcher.buttons[1].button.isActive = true
            XCTAssertEqual(selected, [.token, .password])
            XCTAssertFalse(switcher.buttons[0].button.isActive, "one way at a time")
            switcher.buttons[0].button.isActive = true
            XCTAssertEqual(selected, [.token, .password, .token], "switching off selects nothing")
            XCTAssertFalse(switcher.buttons[1].button.isActive)
        }
    }

    /// GTK 4.8 has no getter for an accessible's label (its variadic checker cannot be called from Swift), so this
    /// checks that each control has one set; the end-to-end test reads the names over AT-SPI.
    func testEveryControlHasAnAccessibleLabel() {
        onMain {
            let session = Session(client: GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9"),
                                                      transport: RejectingTokenTransport()), store: nil, environment: [:])
            let page = LoginPage(viewModel: LoginViewModel(session: session))
            g_object_ref_sink(UnsafeMutableRawPointer(page.root))
            defer { g_object_unref(UnsafeMutableRawPointer(page.root)) }
            let controls = page.controlWidgets
            // Fields are named by their visible caption (labelled-by) and nothing else: GTK 4.8 joins both sources
            // into "Email Email" for screen readers when a field has its own label as well.
            for (name, control) in [("email", controls.email), ("password", controls.password), ("token", controls.token)] {
                XCTAssertNotEqual(gtk_test_accessible_has_relation(OpaquePointer(control), GTK_ACCESSIBLE_RELATION_LABELLED_BY), 0,
                                  "\(name) is labelled by its caption")
                XCTAssertEqual(gtk_test_accessible_has_property(OpaquePointer(control), GTK_ACCESSIBLE_PROPERTY_LABEL), 0,
                               "\(name) has no second, duplicate label")
            }
            XCTAssertNotEqual(gtk_test_accessible_has_property(OpaquePointer(controls.submit), GTK_ACCESSIBLE_PROPERTY_LABEL), 0,
                              "submit has an accessible label")
        }
    }

    @MainActor private static func text(_ entry: Widget) -> String {
        gtk_editable_get_text(OpaquePointer(entry)).map { String(cString: $0) } ?? ""
    }

    @MainActor private static func label(_ label: Widget) -> String {
        gtk_label_get_text(OpaquePointer(label)).map { String(cString: $0) } ?? ""
    }

    @MainActor private static func drain() {
        for _ in 0..<20 { while g_main_context_iteration(nil, 0) != 0 {} }
    }

}

/// Answers every password grant with `invalid_grant` (a wrong password) and `GET /user` with 401.
@MainActor
final class RejectingTokenTransport: Transport {
    private(set) var passwordGrants = 0

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        if request.url.hasSuffix("/oauth/token") {
            passwordGrants += 1
            return HTTPResponse(status: 400, body: Data(#"{"error":"invalid_grant","error_description":"bad"}"#.utf8))
        }
        return HTTPResponse(status: 401, body: Data(#"{"message":"401 Unauthorized"}"#.utf8))
    }
}

private extension LoginPage {
    /// The widgets a person would use, as GTK sees them.
    @MainActor var controlWidgets: (email: Widget, password: Widget, token: Widget, submit: Widget, error: Widget) {
        let controls = controls
        return (controls.email.widget, controls.password.widget, controls.token.widget, controls.submit.widget,
                controls.error.widget)
    }
}
