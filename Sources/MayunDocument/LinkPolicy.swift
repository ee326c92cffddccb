import Foundation

/// The one rule for every address Mayun hands to the desktop (`Coordinator.openExternal`, document links, profile
/// links): only `http` and `https` with a host open; anything else is shown but inert, with a hint saying why.
///
/// Why so strict: whatever the desktop opens, it opens with the person's rights. `file:` and `smb:` reach local and
/// network files, `javascript:`/`data:` run in a browser, custom schemes start arbitrary registered programs.
/// `mailto:` is refused too: several Linux mail clients have honoured `attach=`/`attachment=` parameters and attached
/// local files (such as keys) to the composed mail; the address stays readable (and copyable) in the hint.
public enum LinkPolicy {
    public enum Decision: Equatable, Sendable {
        case open(URL)
        /// Not opened; `hint` is the tooltip explaining why (it names the address, shortened).
        case inert(hint: String)

        public var isAllowed: Bool {
            if case .open = self { return true }
            return false
        }
    }

    /// Longer addresses are not opened: no real page needs them, and they only hide what they point to.
    public static let maxLength = 4096

    public static func decide(_ url: URL) -> Decision {
        let text = url.absoluteString
        guard text.utf8.count <= maxLength else { return .inert(hint: hint(for: text)) }
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty
        else { return .inert(hint: hint(for: text)) }
        return .open(url)
    }

    /// A profile field a person typed (blog, Weibo): `example.com/me` means `https://example.com/me`; text that
    /// already names a scheme (`file:`, `smb:`, `foo+bar:`) is judged as written.
    public static func decide(profileText: String) -> Decision {
        let trimmed = profileText.trimmingCharacters(in: .whitespacesAndNewlines)
        let candidate = DocumentContext.scheme(of: trimmed) == nil || hasPortOnly(trimmed) ? "https://" + trimmed : trimmed
        guard let url = URL(string: candidate) else { return .inert(hint: hint(for: trimmed)) }
        return decide(url)
    }

    /// The tooltip of a link that is not opened.
    public static func hint(for text: String) -> String {
        let shown = text.count > 80 ? String(text.prefix(80)) + "…" : text
        return tr("Not opened: Mayun opens only http and https links (%@)").replacingOccurrences(of: "%@", with: shown)
    }

    /// `example.com:8080/x` looks like scheme `example.com` to the scheme reader; a host with a port is meant.
    private static func hasPortOnly(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        let rest = text[text.index(after: colon)...]
        let port = rest.prefix { $0 != "/" }
        return !port.isEmpty && port.allSatisfy(\.isASCIIDigit) && text[..<colon].contains(".")
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
