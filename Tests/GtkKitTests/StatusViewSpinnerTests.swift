import CGtk
import GLibRuntime
@testable import GtkKit
import XCTest

/// Issue 29: a loading status shows its title at once and its spinner only once loading has lasted
/// `spinnerDelayMilliseconds` (the spinner's SVG icon loads librsvg, which the first frame must not wait for).
final class StatusViewSpinnerTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testTheSpinnerAppearsAfterItsDelayAndNotAtOnce() {
        onMain {
            let status = StatusView(iconName: "folder-symbolic", title: "Loading…")
            g_object_ref_sink(UnsafeMutableRawPointer(status.root))
            defer { g_object_unref(UnsafeMutableRawPointer(status.root)) }
            status.showSpinner(true)
            XCTAssertFalse(status.isSpinnerShown, "no spinner in the frame that starts loading")
            XCTAssertTrue(status.isSpinnerPending)
            let started = g_get_monotonic_time()
            waitUntil("the spinner shows") { status.isSpinnerShown }
            XCTAssertGreaterThanOrEqual(g_get_monotonic_time() - started,
                                        Int(StatusView.spinnerDelayMilliseconds) * 1000 - 20_000,
                                        "it waited for its delay (timer granularity aside)")
            XCTAssertFalse(status.isSpinnerPending)
            status.showSpinner(false)
            XCTAssertFalse(status.isSpinnerShown)
        }
    }

    func testALoadThatEndsBeforeTheDelayNeverShowsTheSpinner() {
        onMain {
            let status = StatusView(iconName: "folder-symbolic", title: "Loading…")
            g_object_ref_sink(UnsafeMutableRawPointer(status.root))
            defer { g_object_unref(UnsafeMutableRawPointer(status.root)) }
            status.showSpinner(true)
            status.showSpinner(false)
            XCTAssertFalse(status.isSpinnerPending, "the delayed start is cancelled")
            // Past the delay: nothing turns it on afterwards.
            let deadline = g_get_monotonic_time() + Int(StatusView.spinnerDelayMilliseconds) * 1000 + 100_000
            waitUntil("the delay has passed") { g_get_monotonic_time() > deadline }
            XCTAssertFalse(status.isSpinnerShown)
        }
    }

    func testAViewThatGoesBeforeTheDelayIsNotTouched() {
        onMain {
            var status: StatusView? = StatusView(iconName: "folder-symbolic", title: "Loading…")
            let root = status?.root
            if let root { g_object_ref_sink(UnsafeMutableRawPointer(root)) }
            status?.showSpinner(true)
            weak let gone = status
            status = nil
            XCTAssertNil(gone, "the pending delay does not keep the view alive")
            let deadline = g_get_monotonic_time() + Int(StatusView.spinnerDelayMilliseconds) * 1000 + 100_000
            waitUntil("the delay has passed") { g_get_monotonic_time() > deadline }
            if let root { g_object_unref(UnsafeMutableRawPointer(root)) }
        }
    }
}
