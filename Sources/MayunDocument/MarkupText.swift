/// Text as Pango markup that shows it literally: the one escaper for everything strangers wrote that reaches a
/// markup string (table cells and summaries through `PangoMarkup`, toast titles and status descriptions).
///
/// It works on Unicode scalars: a `<` or `"` followed by a combining mark is one Swift Character, which a `switch`
/// on characters let through raw (Pango then refused the whole cell). Characters XML forbids (C0 controls other
/// than tab and newlines, U+FFFE, U+FFFF) are dropped, since GMarkup refuses them raw and as character references
/// alike (`g_markup_escape_text` writes `&#x1;`, which Pango then rejects). The fuzz target `markup-escape` checks
/// that every output parses with `pango_parse_markup` and shows the input.
public enum MarkupText {
    public static func escape(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result.append(contentsOf: "&amp;".unicodeScalars)
            case "<": result.append(contentsOf: "&lt;".unicodeScalars)
            case ">": result.append(contentsOf: "&gt;".unicodeScalars)
            case "\"": result.append(contentsOf: "&quot;".unicodeScalars)
            case "'": result.append(contentsOf: "&apos;".unicodeScalars)
            case "\t", "\n", "\r": result.append(scalar)
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": continue
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// What `escape(text)` shows once parsed: the text without the characters it drops, with XML's line endings
    /// ("\r\n" and a lone "\r" read as "\n", as GMarkup does). The fuzz target's oracle.
    public static func shown(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var afterReturn = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\t", "\n", "\r": break
            case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": continue  // dropped by `escape`: not seen at all
            default: break
            }
            if scalar == "\r" {
                scalars.append("\n")
            } else if !(scalar == "\n" && afterReturn) {
                scalars.append(scalar)
            }
            afterReturn = scalar == "\r"
        }
        return String(scalars)
    }
}
