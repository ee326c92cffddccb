import Foundation

/// "just now", "5 minutes ago", "3 days ago", then a date: how Mayun says when something happened.
public enum RelativeTime {
    public static func describe(_ date: Date?, now: Date = Date()) -> String? {
        guard let date else { return nil }
        // Clamped before `Int(...)`: a date from outside may be NaN or far beyond Int's range of seconds.
        let interval = now.timeIntervalSince(date)
        let seconds = interval.isNaN ? 0 : Int(min(max(interval, -1e15), 1e15))
        if seconds < 60 { return tr("just now") }
        let minutes = seconds / 60
        if minutes < 60 { return String(format: trn("%d minute ago", "%d minutes ago", count: minutes), minutes) }
        let hours = minutes / 60
        if hours < 24 { return String(format: trn("%d hour ago", "%d hours ago", count: hours), hours) }
        let days = hours / 24
        if days < 30 { return String(format: trn("%d day ago", "%d days ago", count: days), days) }
        let months = days / 30
        if months < 12 { return String(format: trn("%d month ago", "%d months ago", count: months), months) }
        let years = days / 365
        return String(format: trn("%d year ago", "%d years ago", count: max(years, 1)), max(years, 1))
    }
}

/// Counts as people read them in a dense row: 999, 1.2k, 15k, 1.3M.
public enum CompactCount {
    public static func format(_ value: Int) -> String {
        switch value {
        case ..<1_000: return "\(max(value, 0))"
        case ..<10_000: return trimmed(Double(value) / 1_000) + "k"
        case ..<1_000_000: return "\(value / 1_000)k"
        default: return trimmed(Double(value) / 1_000_000) + "M"
        }
    }

    private static func trimmed(_ value: Double) -> String {
        let text = String(format: "%.1f", (value * 10).rounded(.down) / 10)
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}
