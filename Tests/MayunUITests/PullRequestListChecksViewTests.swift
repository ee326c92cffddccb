import CGtk
import Foundation
import GiteeKit
@testable import GtkKit
@testable import MayunShell
@testable import MayunCore
@testable import MayunUI
import TestSupport
import XCTest

/// A project's pull request list says beside each row whether its head is green (issue 39): an icon with the state's
/// words as its tooltip and in the row's accessible label, drawn in place when the state arrives after the rows.
final class PullRequestListChecksViewTests: XCTestCase {
    private static let base = "/api/v5/repos/kit101/drone-yml-test"

    func testEachRowShowsItsHeadsChecksOnceTheyArrive() throws {
        try requireDisplay()
        try onMain {
            // samples/pulls.json: !6 and !5 share the head 411db0d9e9..., !4 has 2700445cd8....
            let pulls = try Data(contentsOf: sharedSamples.appendingPathComponent("pulls.json"))
            let heads = try JSONNodeDecoding.decode([PullRequest].self, from: pulls).compactMap(\.head.sha)
            XCTAssertEqual(Set(heads).count, 2)
            let stub = StubTransport()
            stub.responses["\(Self.base)/pulls"] = HTTPResponse(status: 200, body: pulls)
            stub.responses["\(Self.base)/commits/\(heads[0])/check-runs"] = HTTPResponse(status: 200, body: Data(#"""
                [{"id": 1, "name": "lint", "status": "completed", "conclusion": "failure"}]
                """#.utf8))
            stub.responses["\(Self.base)/commits/\(heads[2])/check-runs"] = HTTPResponse(status: 200, body: Data(#"""
                [{"id": 2, "name": "build", "status": "completed", "conclusion": "success"}]
                """#.utf8))
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices(transport: stub))
            coordinator.push(.pullRequests(RepositoryID(owner: "kit101", name: "drone-yml-test")))
            guard let (_, window) = presentTop(of: coordinator, width: 1000, height: 700) else { return XCTFail("no page") }
            defer { gtk_window_destroy(typed(window)) }

            @MainActor func statuses() -> [String] {
                descendants(of: window).compactMap { widget in
                    guard isA(widget, gtk_image_get_type()), gtk_widget_get_mapped(widget) != 0,
                          let tip = gtk_widget_get_tooltip_text(widget) else { return nil }
                    return String(cString: tip)
                }.sorted()
            }
            waitUntil("each row shows its checks") { statuses().count == 3 }
            XCTAssertEqual(statuses(), ["All checks passed", "Some checks failed", "Some checks failed"])
            let asked = stub.requests.compactMap { URL(string: $0.url)?.path }.filter { $0.hasSuffix("/check-runs") }
            XCTAssertEqual(asked.count, 2, "one request per head, not per row: \(asked)")
        }
    }
}
