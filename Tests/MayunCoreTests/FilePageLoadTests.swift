import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

private let repo = RepositoryID(owner: "mayun", name: "desktop")

/// A server that never answers on its own: each request waits until the test answers it or its task is cancelled,
/// which is recorded (what "leaving the page stops its request" means at the transport).
@MainActor
private final class HoldingTransport: Transport {
    private(set) var asked: [String] = []
    private(set) var cancelled: [String] = []
    private var held: [Int: CheckedContinuation<HTTPResponse, Error>] = [:]

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        let id = asked.count
        asked.append(URL(string: request.url)?.path ?? request.url)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { held[id] = $0 }
        } onCancel: {
            Task { @MainActor in self.cancel(id) }
        }
    }

    func answer(_ id: Int, with response: HTTPResponse) {
        held.removeValue(forKey: id)?.resume(returning: response)
    }

    private func cancel(_ id: Int) {
        guard let waiting = held.removeValue(forKey: id) else { return }
        cancelled.append(asked[id])
        waiting.resume(throwing: GiteeError.cancelled)
    }
}

@MainActor
private func coordinator(over transport: HoldingTransport, store: OfflineStore? = nil) -> Coordinator {
    let client = GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9"), transport: transport)
    return Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                       preferences: InMemoryPreferences(), services: AppServices(client: client, store: store))
}

private func readme(_ text: String) -> HTTPResponse {
    HTTPResponse(status: 200, body: Data(
        #"{"type":"file","name":"README.md","path":"README.md","encoding":"base64","size":\#(text.utf8.count),"content":"\#(Data(text.utf8).base64EncodedString())"}"#.utf8))
}

/// The file, README and image pages load through `RemoteResource`: leaving cancels, F5 replaces the load.
final class FilePageLoadTests: XCTestCase {
    func testLeavingAFileReadmeOrImagePageCancelsItsRequest() throws {
        onMain {
            for route in [Route.blob(repo, ref: "master", path: "src/main.swift"), .readme(repo, ref: "master"),
                          .image(repo, ref: "master", path: "docs/logo.png")] {
                let transport = HoldingTransport()
                let coordinator = coordinator(over: transport)
                coordinator.push(route)
                coordinator.top?.model.start()
                waitUntil("\(route) asks the server") { transport.asked.count == 1 }
                coordinator.pop()
                waitUntil("\(route)'s request is cancelled") { transport.cancelled.count == 1 }
                XCTAssertEqual(transport.cancelled, transport.asked)
                drainMainQueue()
                XCTAssertEqual(transport.asked.count, 1, "nothing more is asked after leaving \(route)")
            }
        }
    }

    func testRefreshReplacesTheLoadInFlightAndDropsItsAnswer() throws {
        try onMain {
            let transport = HoldingTransport()
            let coordinator = coordinator(over: transport)
            coordinator.push(.readme(repo, ref: "master"))
            let page = try XCTUnwrap(coordinator.top?.model as? BlobViewModel)
            page.start()
            waitUntil("the README is asked for") { transport.asked.count == 1 }
            page.refresh()
            waitUntil("F5 asks again") { transport.asked.count == 2 }
            waitUntil("the first load is cancelled") { transport.cancelled.count == 1 }
            transport.answer(1, with: readme("# Fresh\n"))
            waitUntil("the fresh README shows") { page.content?.text == "# Fresh\n" }
            XCTAssertEqual(page.state, .content)
        }
    }

    /// The saved README is parsed in the background; when the fresh one came first, the late saved document is
    /// dropped (before, it could overwrite the fresh one).
    func testALateSavedReadmeNeverReplacesTheFreshOne() throws {
        try onMain {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("saved-readme-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try OfflineStore(directory: directory)
            // Big enough that its parse is still running when the fresh, tiny README has been fetched and parsed.
            let saved = String(repeating: "## Old heading\n\nSome *old* text with `code` and [a link](x.md).\n\n",
                               count: 8_000)
            let transport = HoldingTransport()
            // The coordinator's services first: they set the store's prefix for this server's public rows.
            let coordinator = coordinator(over: transport, store: store)
            store.save(saved, key: "readme:\(repo)")
            runUntilDone("the saved README lands") { await store.flush() }
            coordinator.push(.readme(repo, ref: "master"))
            let page = try XCTUnwrap(coordinator.top?.model as? BlobViewModel)
            page.start()
            waitUntil("the saved text") { page.content != nil }
            XCTAssertEqual(page.content?.text, saved, "the saved text shows first")
            waitUntil("the README is asked for") { transport.asked.count == 1 }
            transport.answer(0, with: readme("# Fresh\n"))
            waitUntil("the fresh README is a document") {
                if case .document(_, "# Fresh\n")? = page.content { true } else { false }
            }
            waitUntil("the saved copy's parse ends", timeout: 20) { !page.isParsingSavedCopy }
            drainMainQueue()
            guard case .document(_, let source)? = page.content else { return XCTFail("\(String(describing: page.content))") }
            XCTAssertEqual(source, "# Fresh\n", "the saved document, parsed late, did not replace the fresh one")
        }
    }
}
