import CSoup

/// Runs an action once after a delay. The app uses GLib's main-loop timeout; tests use a clock they advance by hand.
@MainActor
public protocol PollScheduler: AnyObject {
    func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> any PollTimer
}

/// A scheduled action that has not run yet; `invalidate()` drops it.
@MainActor
public protocol PollTimer: AnyObject {
    func invalidate()
}

/// `g_timeout_add_seconds_full` on the default main context (second granularity lets GLib batch wake-ups).
@MainActor
public final class GLibTimeoutScheduler: PollScheduler {
    public init() {}

    public func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> any PollTimer {
        let timer = GLibTimer(action)
        let box = Unmanaged.passRetained(timer).toOpaque()
        timer.sourceID = g_timeout_add_seconds_full(G_PRIORITY_DEFAULT, guint(max(1, min(seconds, 86_400))), { data in
            guard let data else { return 0 }
            let timer = Unmanaged<GLibTimer>.fromOpaque(data).takeUnretainedValue()
            MainActor.assumeIsolated { timer.fire() }
            return 0 // G_SOURCE_REMOVE: one shot
        }, box, { data in
            guard let data else { return }
            Unmanaged<GLibTimer>.fromOpaque(data).release()
        })
        return timer
    }
}

@MainActor
private final class GLibTimer: PollTimer {
    var sourceID: guint = 0
    private var action: (@MainActor () -> Void)?

    init(_ action: @escaping @MainActor () -> Void) { self.action = action }

    func fire() {
        let action = self.action
        self.action = nil
        sourceID = 0
        action?()
    }

    func invalidate() {
        action = nil
        if sourceID != 0 { g_source_remove(sourceID) }
        sourceID = 0
    }
}
