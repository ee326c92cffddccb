import CGtk
import Foundation
import GLibRuntime
import GiteeKit
// The widget helpers (WidgetTestSupport) and TestSupport, for every file of this target.
@_exported import WidgetTestSupport
@_exported import MayunPlatform
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

// MARK: - Services for widget tests

/// Answers every list request with the real recorded `GET /user/repos` sample and everything else with 404.
@MainActor
final class SampleTransport: Transport {
    private(set) var requests: [HTTPRequest] = []
    var listBody: Data = (try? Data(contentsOf: sharedSamples.appendingPathComponent("repos.json"))) ?? Data("[]".utf8)

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        requests.append(request)
        if request.url.contains("/projects/") || request.url.contains("/search/") {
            return HTTPResponse(status: 200, headers: ["total_page": "1"], body: listBody)
        }
        return HTTPResponse(status: 404, body: Data(#"{"message":"Not Found"}"#.utf8))
    }
}

@MainActor
func testServices(transport: any Transport = SampleTransport(), drafts: DraftStore? = nil) -> AppServices {
    AppServices(client: GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9"), transport: transport),
                drafts: drafts)
}

/// A drafts folder of its own (drafts and remembered list filters), so nothing another test left shows.
@MainActor
func freshDrafts() -> DraftStore {
    DraftStore(directory: FileManager.default.temporaryDirectory.appendingPathComponent("mayun-drafts-\(UUID().uuidString)"))
}

/// A Coordinator logged in with a token (as `MAYUN_TOKEN` does) whose requests go to `transport` (no retries).
@MainActor
func loggedInCoordinator(transport: any Transport) -> Coordinator {
    let client = GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9", retry: .none),
                             transport: transport)
    let session = Session(client: client, store: nil, environment: ["MAYUN_TOKEN": "token"])
    return Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                       services: AppServices(client: client, session: session))
}

/// The Coordinator's top page in a window of `width` x `height`, shown (destroy the window when done).
@MainActor
func presentTop(of coordinator: Coordinator, width: Int32, height: Int32) -> (GtkKit.Page, Widget)? {
    guard let top = coordinator.top, let window = gtk_window_new() else { return nil }
    let page = PageFactory(images: testImages()).makePage(for: top)
    gtk_window_set_default_size(typed(window), width, height)
    gtk_window_set_child(typed(window), page.root)
    gtk_window_present(typed(window))
    return (page, window)
}

extension MainWindow {
    /// The window with the app's own pages, as the application makes them.
    convenience init(application: UnsafeMutablePointer<GtkApplication>, coordinator: Coordinator,
                     preferences: any PreferencesStore, images: ImageLoader) {
        self.init(application: application, coordinator: coordinator, preferences: preferences, images: images,
                  pages: PageFactory(images: images))
    }
}
