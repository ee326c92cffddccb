import CGtk
@testable import GtkKit
@testable import MayunShell
import MayunCore
import XCTest

/// The application's `FirstFrameGate` (what the keyring's reads wait for) closes when its first window is shown and
/// opens at that window's first frame, or after the fallback should the window never paint.
final class AfterFirstFrameTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testTheGateOpensAtTheFirstWindowsFirstFrameAndIsNotClosedAgain() {
        onMain {
            let gate = FirstFrameGate()
            let window = gtk_window_new()!
            defer { gtk_window_destroy(typed(window)) }
            // A fallback longer than waitUntil's timeout: only the frame can open the gate here.
            AfterFirstFrame.openGate(gate, whenPainted: window, fallbackMilliseconds: 600_000)
            XCTAssertFalse(gate.isOpen, "closed until the window paints")
            gtk_window_present(typed(window))
            waitUntil("the first frame opens the gate") { gate.isOpen }

            let second = gtk_window_new()!
            defer { gtk_window_destroy(typed(second)) }
            AfterFirstFrame.openGate(gate, whenPainted: second, fallbackMilliseconds: 600_000)
            XCTAssertTrue(gate.isOpen, "a later window (an account switch) does not hold the reads again")
        }
    }

    func testAWindowThatNeverPaintsOpensTheGateAfterTheFallback() {
        onMain {
            let gate = FirstFrameGate()
            let window = gtk_window_new()!  // never presented
            defer { gtk_window_destroy(typed(window)) }
            AfterFirstFrame.openGate(gate, whenPainted: window, fallbackMilliseconds: 50)
            XCTAssertFalse(gate.isOpen)
            waitUntil("the fallback opens the gate") { gate.isOpen }
            XCTAssertEqual(gtk_widget_get_mapped(window), 0, "opened without a frame")
        }
    }
}
