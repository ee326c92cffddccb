/// An sRGB colour written as `#rrggbb`.
public struct RGBColor: Equatable, Sendable, CustomStringConvertible {
    public let red: UInt8, green: UInt8, blue: UInt8

    public init(hex: UInt32) {
        red = UInt8((hex >> 16) & 0xff)
        green = UInt8((hex >> 8) & 0xff)
        blue = UInt8(hex & 0xff)
    }

    public var description: String {
        "#" + [red, green, blue].map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined()
    }

    /// Perceived brightness in 0...1 (Rec. 601 weights), enough to tell a dark background from a light one.
    public var luminance: Double {
        (0.299 * Double(red) + 0.587 * Double(green) + 0.114 * Double(blue)) / 255
    }
}

/// The colours of one theme. The CSS themes in `data/themes/` define the same values as `@define-color` names
/// (a unit test keeps both in step); Swift code that draws or tags text itself (documents, image backings) reads these.
public struct Palette: Equatable, Sendable {
    public let name: String
    public let windowBackground: RGBColor
    public let viewBackground: RGBColor
    public let text: RGBColor
    public let dimText: RGBColor
    public let accent: RGBColor
    public let link: RGBColor
    public let border: RGBColor
    public let codeBackground: RGBColor
    public let diff: DiffPalette

    /// The `@define-color` names used by the CSS, paired with the values.
    public var cssColors: [(name: String, color: RGBColor)] {
        [("window_bg", windowBackground), ("view_bg", viewBackground), ("text", text), ("dim_text", dimText),
         ("accent", accent), ("link", link), ("border", border), ("code_bg", codeBackground),
         ("diff_added_bg", diff.addedBackground), ("diff_removed_bg", diff.removedBackground),
         ("diff_added_text", diff.addedText), ("diff_removed_text", diff.removedText),
         ("diff_hunk_bg", diff.hunkBackground), ("diff_empty_bg", diff.emptyBackground)]
    }

    public static let light = Palette(
        name: "light", windowBackground: RGBColor(hex: 0xfafafa), viewBackground: RGBColor(hex: 0xffffff),
        text: RGBColor(hex: 0x1f2328), dimText: RGBColor(hex: 0x656d76), accent: RGBColor(hex: 0xc71d23),
        link: RGBColor(hex: 0x0969da), border: RGBColor(hex: 0xd0d7de), codeBackground: RGBColor(hex: 0xf6f8fa),
        diff: DiffPalette(addedBackground: RGBColor(hex: 0xe6ffec), removedBackground: RGBColor(hex: 0xffebe9),
                          addedText: RGBColor(hex: 0x1a7f37), removedText: RGBColor(hex: 0xcf222e),
                          hunkBackground: RGBColor(hex: 0xddf4ff), emptyBackground: RGBColor(hex: 0xf0f2f4)))

    public static let night = Palette(
        name: "night", windowBackground: RGBColor(hex: 0x1e1e1e), viewBackground: RGBColor(hex: 0x242424),
        text: RGBColor(hex: 0xe6edf3), dimText: RGBColor(hex: 0x9198a1), accent: RGBColor(hex: 0xf0555b),
        link: RGBColor(hex: 0x58a6ff), border: RGBColor(hex: 0x3d444d), codeBackground: RGBColor(hex: 0x2d2d2d),
        diff: DiffPalette(addedBackground: RGBColor(hex: 0x1f3d2a), removedBackground: RGBColor(hex: 0x4a2428),
                          addedText: RGBColor(hex: 0x3fb950), removedText: RGBColor(hex: 0xff7b72),
                          hunkBackground: RGBColor(hex: 0x1c2d40), emptyBackground: RGBColor(hex: 0x2d2d2d)))
}

/// A diff's colours: added lines on green, removed lines on red (never purple), hunk headers on a dim blue, the
/// empty side of a side-by-side row grey; the +/- counts in the same hues. Opaque, so a pixel test can read them.
public struct DiffPalette: Equatable, Sendable {
    public let addedBackground: RGBColor
    public let removedBackground: RGBColor
    public let addedText: RGBColor
    public let removedText: RGBColor
    public let hunkBackground: RGBColor
    public let emptyBackground: RGBColor
}
