import Foundation
import GiteeKit

/// A label as a chip: its name on its own colour, with the text colour chosen for contrast.
///
/// The colour comes from the server ("d73a4a", sometimes "#D73A4A", sometimes nothing or junk): only six hex digits
/// (three are widened) are taken; anything else gets a neutral grey, so a hostile value never reaches the CSS. The text
/// is near-black or white, whichever contrasts more with the background by WCAG relative luminance, so a chip reads
/// the same in day and night mode (its background is its own, not the window's).
public struct LabelChip: Equatable, Sendable, Hashable {
    public var name: String
    /// "#rrggbb", lower case, always six hex digits.
    public var background: String
    /// "#1f2328" (dark) or "#ffffff" (light).
    public var foreground: String

    public static let fallbackBackground = "#8b949e"
    public static let darkText = "#1f2328"
    public static let lightText = "#ffffff"
    /// Longest name drawn (the site limits names to 20 characters; an outside value may not).
    static let maximumNameLength = 40

    public init(name: String, color: String?) {
        self.name = String(name.prefix(Self.maximumNameLength))
        background = Self.validHex(color) ?? Self.fallbackBackground
        foreground = Self.textColor(on: background)
    }

    public init(_ label: Issue.Label) { self.init(name: label.name, color: label.color) }

    /// "#rrggbb" from "rrggbb", "#RRGGBB" or "rgb"; nil for anything else.
    public static func validHex(_ raw: String?) -> String? {
        guard var text = raw?.trimmingCharacters(in: .whitespaces).lowercased() else { return nil }
        if text.hasPrefix("#") { text.removeFirst() }
        guard text.utf8.count == 3 || text.utf8.count == 6,
              text.unicodeScalars.allSatisfy({ CharacterSet(charactersIn: "0123456789abcdef").contains($0) })
        else { return nil }
        if text.count == 3 { text = text.map { "\($0)\($0)" }.joined() }
        return "#" + text
    }

    /// WCAG 2 relative luminance of "#rrggbb" (0 black ... 1 white).
    public static func luminance(of hex: String) -> Double {
        let digits = Array(hex.dropFirst("#".count))
        guard digits.count == 6 else { return 0 }
        func channel(_ index: Int) -> Double {
            let value = Double(Int(String(digits[index..<index + 2]), radix: 16) ?? 0) / 255
            return value <= 0.039_28 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4)
    }

    /// WCAG contrast ratio between two "#rrggbb" colours (1 ... 21).
    public static func contrast(_ first: String, _ second: String) -> Double {
        let a = luminance(of: first), b = luminance(of: second)
        return (max(a, b) + 0.05) / (min(a, b) + 0.05)
    }

    static func textColor(on background: String) -> String {
        contrast(background, darkText) >= contrast(background, lightText) ? darkText : lightText
    }
}
