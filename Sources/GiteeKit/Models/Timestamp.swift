import Foundation

/// A time as Gitee sends it (ISO 8601, usually with a +08:00 offset). The text is kept as received (the app may show
/// or store it verbatim); `date` parses it without a formatter object, so it is cheap and thread-safe.
public struct Timestamp: Sendable, Hashable, Codable, Comparable {
    public let text: String

    public init(_ text: String) { self.text = text }

    public init(from decoder: Decoder) throws {
        text = try decoder.singleValueContainer().decode(String.self)
    }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// The instant, or `nil` when the text is not ISO 8601 (`2021-08-23T23:45:53+08:00`, `...Z`, fractional seconds).
    public var date: Date? { Timestamp.parse(text) }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.date ?? .distantPast) < (rhs.date ?? .distantPast)
    }

    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ length: Int) -> Int? {
            guard start + length <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + length)] {
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int(byte - 48)
            }
            return value
        }
        guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2),
              let hour = number(11, 2), let minute = number(14, 2), let second = number(17, 2) else { return nil }
        var index = 19
        var fraction = 0.0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            while index < bytes.count, bytes[index] >= 48, bytes[index] <= 57 {
                fraction += Double(bytes[index] - 48) * scale
                scale /= 10
                index += 1
            }
        }
        var offsetSeconds = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            guard let offsetHours = number(index + 1, 2) else { return nil }
            let minutesStart = index + 3 < bytes.count && bytes[index + 3] == UInt8(ascii: ":") ? index + 4 : index + 3
            offsetSeconds = sign * (offsetHours * 3600 + (number(minutesStart, 2) ?? 0) * 60)
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = Double(days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds) + fraction
        return Date(timeIntervalSince1970: seconds)
    }

    /// Howard Hinnant's days-from-civil: days since 1970-01-01 for a proleptic Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
