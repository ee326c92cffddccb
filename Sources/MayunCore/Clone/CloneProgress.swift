import Foundation

/// Where `git clone --progress` is, read from its stderr: the phase, its percentage and git's own detail
/// ("1.20 MiB | 600.00 KiB/s"), and one overall fraction for a single progress bar.
public struct CloneProgress: Equatable, Sendable {
    public enum Phase: Int, Comparable, Sendable {
        case starting, counting, compressing, receiving, resolving, checkingOut
        public static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }

        /// The share of the bar each phase covers (receiving is most of a clone's time).
        var span: ClosedRange<Double> {
            switch self {
            case .starting: 0...0
            case .counting: 0...0.05
            case .compressing: 0.05...0.10
            case .receiving: 0.10...0.80
            case .resolving: 0.80...0.95
            case .checkingOut: 0.95...1
            }
        }
    }

    public var phase: Phase = .starting
    public var percent = 0
    public var detail = ""
    /// 0...1 over the whole clone; never goes back.
    public var fraction: Double = 0

    public init() {}

    /// "Receiving objects 45%  ·  1.20 MiB | 600.00 KiB/s".
    public var description: String {
        let name = switch phase {
        case .starting: tr("Connecting…")
        case .counting: tr("Counting objects")
        case .compressing: tr("Compressing objects")
        case .receiving: tr("Receiving objects")
        case .resolving: tr("Resolving deltas")
        case .checkingOut: tr("Checking out files")
        }
        guard phase != .starting else { return name }
        return "\(name) \(percent)%" + (detail.isEmpty ? "" : "  ·  \(detail)")
    }
}

/// Reads git's stderr as it comes (progress lines end in `\r`, others in `\n`, and a read may stop mid-line).
/// Git is run with `LC_ALL=C`, so the phase names are English.
public struct CloneProgressParser: Sendable {
    public private(set) var progress = CloneProgress()
    /// The last line that was not progress (git's "fatal: ..." says why a clone failed), at most 500 characters.
    public private(set) var lastMessage = ""
    /// The last few lines that were not progress, oldest first (ssh's reason comes before git's closing advice).
    public private(set) var messages: [String] = []
    private var pending = ""

    public init() {}

    /// Feeds a chunk of stderr; answers whether the progress changed.
    @discardableResult
    public mutating func feed(_ chunk: String) -> Bool {
        pending += chunk
        // A line without an end longer than this is not git's progress: dropped rather than kept growing.
        if pending.count > 4_096 { pending = String(pending.suffix(1_024)) }
        var changed = false
        while let end = pending.firstIndex(where: { $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) {
            let line = String(pending[..<end])
            pending = String(pending[pending.index(after: end)...])
            changed = read(line) || changed
        }
        return changed
    }

    private mutating func read(_ raw: String) -> Bool {
        var line = raw.trimmingCharacters(in: .whitespaces)
        guard !line.isEmpty else { return false }
        if line.hasPrefix("remote: ") { line = String(line.dropFirst("remote: ".count)) }
        let phases: [(String, CloneProgress.Phase)] = [
            ("Counting objects:", .counting), ("Compressing objects:", .compressing),
            ("Receiving objects:", .receiving), ("Resolving deltas:", .resolving), ("Updating files:", .checkingOut),
        ]
        guard let (label, phase) = phases.first(where: { line.hasPrefix($0.0) }),
              let percent = Self.percent(in: line) else {
            if !line.hasPrefix("Cloning into"), !line.hasPrefix("Enumerating"), !line.hasPrefix("Total ") {
                lastMessage = String(line.prefix(500))
                messages.append(lastMessage)
                if messages.count > 12 { messages.removeFirst(messages.count - 12) }
            }
            return false
        }
        guard phase >= progress.phase else { return false }  // a late remote line after receiving began
        var next = progress
        next.phase = phase
        next.percent = percent
        next.detail = Self.detail(in: String(line.dropFirst(label.count)))
        let span = phase.span
        next.fraction = max(progress.fraction, span.lowerBound + (span.upperBound - span.lowerBound) * Double(percent) / 100)
        guard next != progress else { return false }
        progress = next
        return true
    }

    /// The number before the first `%`, 0...100.
    private static func percent(in line: String) -> Int? {
        guard let sign = line.firstIndex(of: "%") else { return nil }
        let digits = line[..<sign].reversed().prefix { $0.isASCII && $0.isNumber }
        guard let value = Int(String(digits.reversed())) else { return nil }
        return min(100, max(0, value))
    }

    /// What follows "(n/m), " ("1.20 MiB | 600.00 KiB/s"), without ", done.".
    private static func detail(in rest: String) -> String {
        guard let close = rest.firstIndex(of: ")") else { return "" }
        var text = rest[rest.index(after: close)...].trimmingCharacters(in: CharacterSet(charactersIn: ", "))
        if text.hasSuffix("done.") { text = String(text.dropLast("done.".count)) }
        return text.trimmingCharacters(in: CharacterSet(charactersIn: ", ")).prefix(80).description
    }
}
