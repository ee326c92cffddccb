import Foundation

/// How far a transfer got and how fast it goes, from the byte counts the transport reports. Pure (times are given),
/// so the figures a progress bar shows are unit-tested.
public struct TransferMeter: Equatable, Sendable {
    public private(set) var received: Int64 = 0
    /// What the server announced (`Content-Length`), when it did. Never trusted as a cap: `received` may pass it.
    public private(set) var total: Int64?
    /// Recent samples (time, bytes): those of the last `window` seconds and the one just before.
    private var samples: [(time: TimeInterval, bytes: Int64)] = []

    static let window: TimeInterval = 3
    static let maxSamples = 64

    public init() {}

    public static func == (lhs: TransferMeter, rhs: TransferMeter) -> Bool {
        lhs.received == rhs.received && lhs.total == rhs.total && lhs.samples.map(\.time) == rhs.samples.map(\.time)
    }

    public mutating func record(received: Int64, total: Int64?, at time: TimeInterval) {
        self.received = max(0, received)
        self.total = total.flatMap { $0 > 0 ? $0 : nil }
        samples.append((time, self.received))
        // Older samples go, but the newest of them stays as the anchor: after a stall the speed is measured over
        // the stall rather than unknown.
        if let lastOld = samples.lastIndex(where: { time - $0.time > Self.window }), lastOld > 0 {
            samples.removeFirst(lastOld)
        }
        if samples.count > Self.maxSamples { samples.removeFirst(samples.count - Self.maxSamples) }
    }

    /// 0...1 when the total is known.
    public var fraction: Double? {
        guard let total else { return nil }
        return min(1, Double(received) / Double(total))
    }

    /// Bytes per second over the recent samples; nil until a quarter of a second has passed.
    public var bytesPerSecond: Double? {
        guard let first = samples.first, let last = samples.last, last.time - first.time >= 0.25 else { return nil }
        return Double(max(0, last.bytes - first.bytes)) / (last.time - first.time)
    }

    /// Seconds left at the current speed, when the total is known and bytes are moving.
    public var secondsLeft: Double? {
        guard let total, let speed = bytesPerSecond, speed > 0 else { return nil }
        return Double(max(0, total - received)) / speed
    }

    /// "1.2 MB of 3.4 MB  ·  500 KB/s  ·  5 s left", each part only when known.
    public var description: String {
        var parts = [total.map { String(format: tr("%@ of %@"), ByteSize.format(Self.int(received)),
                                        ByteSize.format(Self.int($0))) } ?? ByteSize.format(Self.int(received))]
        if let speed = bytesPerSecond {
            parts.append(String(format: tr("%@/s"), ByteSize.format(Self.int(Int64(min(speed, 1e15))))))
        }
        if let left = secondsLeft { parts.append(Self.describe(secondsLeft: left)) }
        return parts.joined(separator: "  ·  ")
    }

    static func describe(secondsLeft: Double) -> String {
        let seconds = Int(min(secondsLeft.rounded(.up), 360_000))
        if seconds < 60 { return String(format: trn("%d second left", "%d seconds left", count: seconds), seconds) }
        let minutes = (seconds + 59) / 60
        if minutes < 120 { return String(format: trn("%d minute left", "%d minutes left", count: minutes), minutes) }
        let hours = (minutes + 59) / 60
        return String(format: trn("%d hour left", "%d hours left", count: hours), hours)
    }

    private static func int(_ value: Int64) -> Int { Int(clamping: value) }
}
