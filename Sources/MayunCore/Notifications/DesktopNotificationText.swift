import Foundation

/// What a desktop bubble may say, from text any Gitee user can write (a private message, an issue title). Bubbles
/// go out as plain text: KDE, XFCE, dunst and mako render the body as markup (a stranger's
/// `<a href="https://phish.example">` became a link that skipped Mayun's link policy), while GNOME shows
/// `org.gtk.Notifications` bodies literally, so escaping with entities would print "&lt;" there. Instead the three
/// characters markup is made of become look-alikes that mean nothing to any parser (‹ › ＆), control and
/// direction-override characters go, the text is one line, and titles and bodies are capped.
public enum DesktopNotificationText {
    public static let maxTitleCharacters = 80
    public static let maxBodyCharacters = 200

    public static func title(_ text: String) -> String { plain(text, limit: maxTitleCharacters) }
    public static func body(_ text: String) -> String { plain(text, limit: maxBodyCharacters) }

    /// One line of at most `limit` characters (an ellipsis included) with no markup, controls or bidi overrides.
    static func plain(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        // Scalars, not characters: a "<" followed by a combining mark is one grapheme, and it must go all the same.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "<": scalars.append("\u{2039}")
            case ">": scalars.append("\u{203A}")
            case "&": scalars.append("\u{FF06}")
            // Line breaks become spaces (the text's own spacing stays: "o/r  ·  Pull request" is Mayun's).
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}": scalars.append(" ")
            case "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}", "\u{200E}", "\u{200F}": continue
            default:
                if scalar.properties.generalCategory != .control { scalars.append(scalar) }
            }
        }
        let line = String(scalars).trimmingCharacters(in: .whitespaces)
        guard line.count > limit else { return line }
        return String(line.prefix(max(limit - 1, 0))) + "…"
    }
}
