import Foundation

/// Reads an HTTP date in RFC 9110's preferred form, `Sun, 06 Nov 1994 08:49:37 GMT` (what nginx, and so gitee.com,
/// sends in `Retry-After`). Written by hand because Foundation's `DateFormatter.date(from:)` on Linux leaks a
/// character set on every call (found by the http-errors fuzz target), and a header a stranger controls should not
/// cost memory each time it is read. Anything else, including the obsolete RFC 850 and asctime forms, is nil.
enum HTTPDate {
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    private static let weekdays: Set<Substring> = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    static func parse(_ text: String) -> Date? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 6, parts[0].hasSuffix(","), weekdays.contains(parts[0].dropLast()),
              parts[5] == "GMT" || parts[5] == "UTC",
              let day = number(parts[1], digits: 2), (1...31).contains(day),
              let month = months.firstIndex(of: String(parts[2])).map({ $0 + 1 }),
              let year = number(parts[3], digits: 4)
        else { return nil }
        let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
        guard clock.count == 3,
              let hour = number(clock[0], digits: 2), hour < 24,
              let minute = number(clock[1], digits: 2), minute < 60,
              let second = number(clock[2], digits: 2), second < 61,
              day <= daysIn(month: month, year: year)
        else { return nil }
        let days = daysSinceEpoch(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3_600 + minute * 60 + second))
    }

    /// Exactly `digits` ASCII digits (so no sign, no spaces, no overflow).
    private static func number(_ text: Substring, digits: Int) -> Int? {
        guard text.utf8.count == digits, text.utf8.allSatisfy({ (48...57).contains($0) }) else { return nil }
        return Int(text)
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to the given proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
