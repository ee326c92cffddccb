import CGtk
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// The recorded issue (kit101/drone-yml-test!I4CD5P) on its page in a real 900 x 900 window, logged in with a token
/// first; the caller destroys `window`. The composer and mention tests start here.
@MainActor
func presentLoggedInIssuePage(transport: any Transport, outbox: Outbox? = nil) throws
    -> (coordinator: Coordinator, page: GtkKit.Page, window: UnsafeMutablePointer<GtkWidget>, issue: IssueViewModel)
{
    let services = testServices(transport: transport)
    services.outbox = outbox
    let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(), services: services)
    let loggedIn = LoginFlag()
    Task { @MainActor in
        _ = try? await services.session.logIn(personalToken: "token")
        loggedIn.isSet = true
    }
    waitUntil("logged in") { loggedIn.isSet }
    coordinator.push(.issue(RepositoryID(owner: "kit101", name: "drone-yml-test"), number: "I4CD5P"))
    let page = PageFactory(images: testImages()).makePage(for: coordinator.top!)
    let window = gtk_window_new()!
    gtk_window_set_default_size(typed(window), 900, 900)
    gtk_window_set_child(typed(window), page.root)
    gtk_window_present(typed(window))
    let issue = try XCTUnwrap(coordinator.top?.model as? IssueViewModel)
    waitUntil("the issue shows") { issue.state == .content }
    return (coordinator, page, window, issue)
}

@MainActor
private final class LoginFlag {
    var isSet = false
}
