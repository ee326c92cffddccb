/// At most `count` image decodes at once, app-wide: a decoded image may be hundreds of MB while it is made (a
/// 100-megapixel PNG of 400 KB is 400 MB of pixels), so a README of ten such images decoded all at once would hold
/// GBs before the cache could drop any. Waiters are served in order; one whose request was cancelled meanwhile gives
/// its slot on at once.
@MainActor
final class DecodeSlots {
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The most decodes that ran at once (tests).
    private(set) var peak = 0
    private var busy = 0

    init(count: Int) { free = count }

    /// Runs `decode` in a slot.
    func run<Value>(_ decode: () async throws -> Value) async throws -> Value {
        if free > 0 {
            free -= 1
        } else {
            await withCheckedContinuation { waiting.append($0) }
        }
        busy += 1
        peak = max(peak, busy)
        defer {
            busy -= 1
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
        try Task.checkCancellation()
        return try await decode()
    }
}
