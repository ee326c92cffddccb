import CGtk
import Foundation
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Mine drawn as a GNOME app draws a profile (issue 26): a clamped header with the avatar, name, bio and the four
/// counts as buttons to their lists; no account actions on the page (they are in the header bar's switcher).
/// Screenshots go to tests/artifacts/adaptive-mine-{360x640,1280x800}-{light,night}.png.
final class MineProfileTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    /// The recorded `GET /users/kit101` with a bio, a blog and a display name (the sample has none of them).
    static let profile: Data = {
        let sample = sharedSamples.appendingPathComponent("user.json")
        guard let data = try? Data(contentsOf: sample),
              var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return Data() }
        object["name"] = "Kit Wonder"
        object["bio"] = "Writes Swift and GTK apps; keeps jade-sql tidy."
        object["blog"] = "https://kit101.example.com"
        object["followers"] = 1234
        return (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }()

    static func answers(_ request: HTTPRequest) -> HTTPResponse? {
        let path = request.url.components(separatedBy: "?")[0]
        if path.hasSuffix("/v5/user") || path.hasSuffix("/users/kit101") {
            return HTTPResponse(status: 200, body: profile)
        }
        if path.hasSuffix("/users/kit101/events") || path.hasSuffix("/followers") || path.hasSuffix("/following") {
            return HTTPResponse(status: 200, headers: ["total_page": "1"], body: Data("[]".utf8))
        }
        return nil
    }

    func testMineIsAClampedProfileWithoutAccountActionsAtPhoneAndDesktopWidths() {
        onMain {
            for size in AdaptiveLayoutTests.sizes {
                let fixture = AdaptiveFixture(size: size)
                defer { fixture.close() }
                fixture.transport.extraAnswers = Self.answers
                let session = fixture.coordinator.services.session
                finish("log in") { _ = try? await session.logIn(personalToken: "token") }
                fixture.coordinator.select(.mine)
                waitUntil("Mine shows the profile") {
                    let labels = visibleLabelTexts(in: fixture.window)
                    return labels.contains("Kit Wonder") && labels.contains("1.2k")
                }
                let labels = visibleLabelTexts(in: fixture.window)
                XCTAssertTrue(labels.contains("Writes Swift and GTK apps; keeps jade-sql tidy."), "the bio shows")
                XCTAssertTrue(labels.contains(tr("Followers")) && labels.contains(tr("Watched")), "\(labels)")
                let buttons = descendants(of: fixture.window).filter {
                    isA($0, gtk_button_get_type()) && gtk_widget_get_mapped($0) != 0
                }
                let buttonLabels = buttons.compactMap { gtk_button_get_label(typed($0)).map { String(cString: $0) } }
                XCTAssertFalse(buttonLabels.contains(tr("Log Out")), "no Log Out on the page: \(buttonLabels)")
                XCTAssertTrue(buttonLabels.contains(tr("Preferences")), "\(buttonLabels)")
                let clamps = descendants(of: fixture.window).filter {
                    isA($0, adw_clamp_get_type()) && gtk_widget_get_mapped($0) != 0
                        && descendants(of: $0).contains { isA($0, gtk_button_get_type()) && gtk_widget_has_css_class($0, "count-button") != 0 }
                }
                XCTAssertEqual(clamps.count, 1, "the counts sit in a clamped header")
                if size.width >= 1280, let clamp = clamps.first {
                    XCTAssertLessThanOrEqual(gtk_widget_get_width(gtk_widget_get_first_child(clamp)!), 600,
                                             "the header keeps a reading width on a wide window")
                }
                fixture.checkLayout("mine")
                fixture.screenshots("mine")
            }
        }
    }

    func testEachCountButtonOpensItsList() throws {
        try onMain {
            let transport = ProjectTransport()
            transport.extraAnswers = Self.answers
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices(transport: transport))
            coordinator.push(.user(login: "kit101"))
            let item = try XCTUnwrap(coordinator.top)
            let page = try XCTUnwrap(PageFactory(images: testImages()).makePage(for: item) as? UserPage)
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            gtk_window_set_default_size(typed(window), 900, 700)
            gtk_window_set_child(typed(window), page.root)
            gtk_window_present(typed(window))
            waitUntil("the profile shows") { visibleLabelTexts(in: window).contains("Kit Wonder") }
            let notebook = try XCTUnwrap(firstWidget(in: page.root, ofType: gtk_notebook_get_type()))
            XCTAssertEqual(page.countButtons.map(\.0), UserViewModel.Count.allCases)

            for (count, button) in page.countButtons {
                XCTAssertEqual(button.accessibleLabel, coordinator.top.flatMap { ($0.model as? UserViewModel)?.countTitle(count) },
                               "its accessible name says number and name")
                emitClicked(on: button.widget)
                switch count {
                case .followers:
                    XCTAssertEqual(coordinator.top?.route, .followers(login: "kit101"), "Followers opens the followers")
                    coordinator.pop()
                case .following:
                    XCTAssertEqual(coordinator.top?.route, .following(login: "kit101"), "Following opens the followed")
                    coordinator.pop()
                case .starred:
                    waitUntil("the Starred page shows") { gtk_notebook_get_current_page(opaque(notebook)) == 2 }
                    XCTAssertEqual(coordinator.top?.route, .user(login: "kit101"))
                case .watched:
                    waitUntil("the Watched page shows") { gtk_notebook_get_current_page(opaque(notebook)) == 3 }
                }
            }
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

@MainActor
private func finish(_ what: String, _ work: @escaping @MainActor () async -> Void) {
    var done = false
    Task { @MainActor in
        await work()
        done = true
    }
    waitUntil(what) { done }
}
