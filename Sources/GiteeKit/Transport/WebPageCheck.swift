import Foundation

/// Whether a download's answer is a web page rather than the file asked for. The website answers a release file of a
/// private project (and any address that needs a browser session) with its login page, as `200 text/html`, after a
/// redirect; saved under the file's name it would look like a finished download. A request that sets
/// `HTTPRequest.refusesWebPage` is refused (`GiteeError.badResponse(.webPage)`) before anything is written.
///
/// The rule: `Content-Type: text/html` (or `application/xhtml+xml`) is a page. A missing type, or one that says
/// nothing about the bytes (`application/octet-stream`, `binary/octet-stream`), is decided by the first bytes, with
/// the HTML signatures of the WHATWG MIME Sniffing standard (section 7.1, "identifying a resource with an unknown
/// MIME type"): `<!DOCTYPE HTML`, `<HTML`, `<HEAD`, `<BODY`, `<SCRIPT`, `<TITLE`, ... then a space or `>`, after
/// leading white space. Any other declared type (`application/gzip`, `text/plain`) is taken at its word: an XML or
/// SVG file starting with `<` is not a page.
public enum WebPageCheck {
    /// How many bytes sniffing looks at (the standard's 512-byte resource header).
    public static let sniffLength = 512

    /// The verdict from the headers alone: a page, not a page, or `nil` when the first bytes must decide.
    public static func verdict(contentType: String?) -> Bool? {
        let type = contentType?.split(separator: ";").first?.trimmingCharacters(in: .whitespaces).lowercased() ?? ""
        switch type {
        case "text/html", "application/xhtml+xml": return true
        case "", "application/octet-stream", "binary/octet-stream", "application/unknown", "unknown/unknown": return nil
        default: return false
        }
    }

    /// Whether `prefix` (the first `sniffLength` bytes, or all of a shorter body) starts like an HTML document.
    public static func looksLikeHTML(_ prefix: Data) -> Bool {
        let bytes = Array(prefix.prefix(sniffLength))
        var start = 0
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
        while start < bytes.count, [0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(bytes[start]) { start += 1 }
        let rest = bytes[start...]
        if rest.starts(with: Array("<!--".utf8)) { return true }
        for tag in tags {
            let pattern = Array(tag.utf8)
            guard rest.count > pattern.count else { continue }
            let head = rest.prefix(pattern.count).map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
            guard head == pattern else { continue }
            let next = rest[rest.startIndex + pattern.count]
            if next == 0x20 || next == 0x3E { return true }
        }
        return false
    }

    /// Whether the answer is a page: by its declared type, else by its first bytes.
    public static func isWebPage(contentType: String?, prefix: Data) -> Bool {
        verdict(contentType: contentType) ?? looksLikeHTML(prefix)
    }

    /// A file whose own name says it is a web page (`.html`, `.htm`, `.xhtml`) is allowed to be one.
    public static func nameIsWebPage(_ fileName: String) -> Bool {
        let lower = fileName.lowercased()
        return [".html", ".htm", ".xhtml"].contains { lower.hasSuffix($0) }
    }

    /// The standard's tags, upper case, without the terminating byte.
    private static let tags = ["<!DOCTYPE HTML", "<HTML", "<HEAD", "<SCRIPT", "<IFRAME", "<H1", "<DIV", "<FONT",
                               "<TABLE", "<A", "<STYLE", "<TITLE", "<B", "<BODY", "<BR", "<P"]
}
