/// GitHub-style heading anchors: lowercased, punctuation and symbols (emoji included) removed, each space turned
/// into a hyphen, letters of every script kept ("快速开始" stays "快速开始"), and repeats numbered "-1", "-2".
public struct HeadingSlugger: Sendable {
    private var seen: [String: Int] = [:]

    public init() {}

    /// The slug of `text` without the uniqueness suffix (also what `#fragment` links are normalised with).
    public static func slug(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            let properties = scalar.properties
            if scalar == " " {
                result.append("-")
            } else if scalar == "-" || scalar == "_" || properties.isAlphabetic
                        || properties.numericType != nil || properties.generalCategory.isMark {
                // Emoji carry no alphabetic or numeric property, so they drop out here as on GitHub.
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The next unique slug for a heading with this text.
    public mutating func uniqueSlug(for text: String) -> String {
        let base = Self.slug(text)
        guard let count = seen[base] else {
            seen[base] = 0
            return base
        }
        var next = count + 1
        while seen["\(base)-\(next)"] != nil { next += 1 }
        seen[base] = next
        let slug = "\(base)-\(next)"
        seen[slug] = 0
        return slug
    }
}

extension Unicode.GeneralCategory {
    fileprivate var isMark: Bool {
        self == .nonspacingMark || self == .spacingMark || self == .enclosingMark
    }
}
