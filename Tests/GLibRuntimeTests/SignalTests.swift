import CSoup
import GLibRuntime
import XCTest

private final class Tracker {
    var calls = 0
}

@MainActor private final class MainCounter {
    var calls = 0
}

final class SignalTests: XCTestCase {
    func testAOnceHandlerRunsAtTheFirstEmissionOnly() {
        onMain {
            let action = g_simple_action_new("once", nil)!
            defer { g_object_unref(UnsafeMutableRawPointer(action)) }
            let counter = MainCounter()
            connectOnce(UnsafeMutableRawPointer(action), "activate", main: { counter.calls += 1 })
            g_action_activate(action, nil)
            g_action_activate(action, nil)
            XCTAssertEqual(counter.calls, 1)
        }
    }

    func testHandlerRunsAndIsReleasedWhenTheObjectDies() {
        weak var weakTracker: Tracker?
        var cancellable: UnsafeMutablePointer<GCancellable>? = g_cancellable_new()
        do {
            let tracker = Tracker()
            weakTracker = tracker
            connect(UnsafeMutableRawPointer(cancellable!), "cancelled") { _ in
                tracker.calls += 1
                return nil
            }
        }
        XCTAssertNotNil(weakTracker, "GLib owns the closure while the object lives")
        g_cancellable_cancel(cancellable)
        XCTAssertEqual(weakTracker?.calls, 1)
        g_object_unref(cancellable)
        cancellable = nil
        XCTAssertNil(weakTracker, "the closure (and what it captured) is released by GLib's destroy notify")
    }

    func testDisconnectReleasesTheHandler() {
        weak var weakTracker: Tracker?
        let cancellable = g_cancellable_new()!
        defer { g_object_unref(cancellable) }
        let connection: SignalConnection
        do {
            let tracker = Tracker()
            weakTracker = tracker
            connection = connect(UnsafeMutableRawPointer(cancellable), "cancelled") { _ in
                tracker.calls += 1
                return nil
            }
        }
        disconnect(connection)
        XCTAssertNil(weakTracker)
        g_cancellable_cancel(cancellable)  // must not call a released handler
    }

    func testSignalArgumentsAreReadFromGValues() {
        // GListStore's items-changed carries (position, removed, added) as guint arguments.
        let store = g_list_store_new(GTypes.object)!
        defer { g_object_unref(UnsafeMutableRawPointer(store)) }
        var seen: [UInt] = []
        connect(UnsafeMutableRawPointer(store), "items-changed") { arguments in
            seen = [arguments.uint(at: 1), arguments.uint(at: 2), arguments.uint(at: 3)]
            XCTAssertEqual(arguments.instance, UnsafeMutableRawPointer(store))
            return nil
        }
        let item = g_cancellable_new()!
        g_list_store_append(store, UnsafeMutableRawPointer(item))
        g_object_unref(item)
        XCTAssertEqual(seen, [0, 0, 1])
    }

    func testObjectRefOwnsOneReference() {
        let object = g_cancellable_new()!
        let raw = UnsafeMutableRawPointer(object)
        var ref: ObjectRef? = ObjectRef(retaining: raw)
        XCTAssertEqual(ref?.referenceCount, 2)
        ref = nil
        XCTAssertEqual(raw.assumingMemoryBound(to: GObject.self).pointee.ref_count, 1)
        g_object_unref(object)
    }

    func testAttachedSwiftObjectLivesAsLongAsTheGObject() {
        weak var weakTracker: Tracker?
        let object = g_cancellable_new()!
        do {
            let tracker = Tracker()
            weakTracker = tracker
            attach(tracker, to: UnsafeMutableRawPointer(object), key: "tracker")
        }
        XCTAssertTrue(attachment(of: UnsafeMutableRawPointer(object), key: "tracker", as: Tracker.self) === weakTracker)
        g_object_unref(object)
        XCTAssertNil(weakTracker)
    }
}
