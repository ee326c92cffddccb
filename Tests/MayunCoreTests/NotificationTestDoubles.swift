@testable import MayunCore

// The notification poll's test doubles, shared by the notification and account notification tests.

/// A clock the test advances by hand: `fire()` runs what is due, `delays` records what was asked for.
@MainActor
final class ManualScheduler: PollScheduler {
    private(set) var delays: [Double] = []
    private var pending: (@MainActor () -> Void)?

    func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> any PollTimer {
        delays.append(seconds)
        pending = action
        return Handle { [weak self] in self?.pending = nil }
    }

    var hasPending: Bool { pending != nil }

    func fire() {
        let action = pending
        pending = nil
        action?()
    }

    final class Handle: PollTimer {
        let onInvalidate: @MainActor () -> Void
        init(_ onInvalidate: @escaping @MainActor () -> Void) { self.onInvalidate = onInvalidate }
        func invalidate() { onInvalidate() }
    }
}

@MainActor
final class RecordingDesktop: DesktopNotifier {
    var isWindowFocused: Bool
    init(isWindowFocused: Bool = false) { self.isWindowFocused = isWindowFocused }
    private(set) var sent: [(id: String, title: String, body: String, target: String)] = []
    private(set) var withdrawn: [String] = []
    func send(id: String, title: String, body: String, target: String) { sent.append((id, title, body, target)) }
    func withdraw(id: String) { withdrawn.append(id) }
}
