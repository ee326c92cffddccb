import GLibRuntime

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

/// The app's scheduler: a one-shot `MainLoopSource` in whole seconds (clamped to 1 s...a day).
@MainActor
public final class GLibTimeoutScheduler: PollScheduler {
    public init() {}

    public func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> any PollTimer {
        let wholeSeconds = seconds.isNaN ? 1 : UInt32(max(1, min(seconds.rounded(.up), 86_400)))
        return OneShot(source: MainLoopSource(seconds: wholeSeconds) {
            action()
            return false
        })
    }

    /// Whoever scheduled keeps this; dropping or invalidating it stops the source.
    private final class OneShot: PollTimer {
        private var source: MainLoopSource?
        init(source: MainLoopSource) { self.source = source }
        func invalidate() {
            source?.cancel()
            source = nil
        }
    }
}
