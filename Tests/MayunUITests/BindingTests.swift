import CGtk
import GLibRuntime
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import Observation
import XCTest

@MainActor
@Observable
private final class Counter {
    var value = 0
}

final class BindingTests: XCTestCase {
    func testBindingReappliesOnChangeAndStopsWhenCancelled() {
        onMain {
            MainQueueBridge.install()
            let counter = Counter()
            var seen: [Int] = []
            let binding = ObservationBinding { seen.append(counter.value) }
            XCTAssertEqual(seen, [0])
            counter.value = 1
            waitUntil("the binding re-applies") { seen.last == 1 }
            counter.value = 2
            counter.value = 3
            waitUntil("the binding sees the latest value") { seen.last == 3 }
            binding.cancel()
            counter.value = 4
            // Let any scheduled re-arm run; a cancelled binding must not apply again.
            for _ in 0..<50 { g_main_context_iteration(nil, 0) }
            XCTAssertEqual(seen.last, 3)
        }
    }

    func testPageBindingsEndWithTheWidget() throws {
        try requireDisplay()
        onMain {
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices())
            let viewModel = coordinator.projectsTab.lists[1]
            weak var weakPage: Page?
            do {
                let page = ProjectListPage(viewModel: viewModel, images: testImages())
                weakPage = page
                g_object_ref_sink(UnsafeMutableRawPointer(page.root))
                XCTAssertGreaterThan(page.bindings.count, 0)
                g_object_unref(UnsafeMutableRawPointer(page.root))
            }
            XCTAssertNil(weakPage, "the page (and its bindings) go away with its widget")
        }
    }
}
