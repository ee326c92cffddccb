import Foundation
import GiteeKit

/// Resolving `href` and `src` values (pure; see docs/DOCUMENTS.md for the rules and why images go through the API).
extension DocumentContext {
    /// The link for an `href`, or nil when there is nothing to follow (an empty `href`).
    public func link(for href: String, title: String? = nil) -> Link? {
        let trimmed = Self.trimmed(href)
        guard !trimmed.isEmpty else { return nil }
        let target = linkTarget(for: trimmed)
        return Link(target: target, hint: hint(for: target), title: title.flatMap { $0.isEmpty ? nil : $0 })
    }

    func linkTarget(for href: String) -> LinkTarget {
        if href.hasPrefix("#") {
            return .anchor(HeadingSlugger.slug(RepositoryPath.decode(String(href.dropFirst()))))
        }
        if href.hasPrefix("//") { return webTarget(for: "https:" + href) }
        if let scheme = Self.scheme(of: href) {
            switch scheme {
            case "http", "https": return webTarget(for: href)
            default: return .blocked(href)  // LinkPolicy: mailto:, file:, javascript: and the rest stay inert
            }
        }
        guard let repository else {
            return URL(string: href, relativeTo: server).map { external($0.absoluteURL, href) } ?? .blocked(href)
        }
        let path = RepositoryPath.join(folder: folder, RepositoryPath.decode(Self.stripQueryAndFragment(href)))
        let isFolder = href.hasSuffix("/") || Self.stripQueryAndFragment(href).hasSuffix("/")
        return .route(route(repository: repository, ref: ref, path: path, isFolder: isFolder))
    }

    /// The URL to load an image from, or nil when the source is empty or blocked.
    public func imageSource(for src: String) -> URL? {
        let trimmed = Self.trimmed(src)
        guard !trimmed.isEmpty else { return nil }
        if trimmed.hasPrefix("//") { return imageSource(for: "https:" + trimmed) }
        if let scheme = Self.scheme(of: trimmed) {
            switch scheme {
            case "http", "https":
                guard let url = URL(string: trimmed) else { return nil }
                return websiteFileURLRewrittenToAPI(url) ?? url
            case "data":
                // Inline pictures are harmless bytes for the image decoder; only image types are accepted.
                return trimmed.lowercased().hasPrefix("data:image/") ? URL(string: trimmed) : nil
            default:
                return nil
            }
        }
        guard let repository else { return URL(string: trimmed, relativeTo: server)?.absoluteURL }
        let path = RepositoryPath.join(folder: folder, RepositoryPath.decode(Self.stripQueryAndFragment(trimmed)))
        return apiRawURL(repository: repository, path: path, ref: ref)
    }

    // MARK: - Pieces

    /// The lowercased scheme, when `text` starts with one. Browsers ignore tabs, newlines and control characters
    /// inside a scheme ("java\tscript:"), so they are ignored here too before deciding.
    static func scheme(of text: String) -> String? {
        // Only ASCII bytes can be control characters or spaces: most addresses have none and need no copy.
        let cleaned = text.utf8.contains { $0 <= 0x20 || $0 == 0x7f }
            ? String(text.unicodeScalars.filter { $0.value > 0x20 && $0.value != 0x7f }) : text
        guard let colon = cleaned.firstIndex(of: ":") else { return nil }
        let candidate = cleaned[..<colon]
        guard let first = candidate.unicodeScalars.first, first.isASCIILetter,
              candidate.unicodeScalars.allSatisfy(\.isSchemeCharacter)
        else { return nil }
        return candidate.lowercased()
    }

    /// `text` without leading and trailing whitespace; addresses that start and end with a visible ASCII character
    /// (nearly all) are returned as they are, without Foundation's slower scan.
    static func trimmed(_ text: String) -> String {
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x7f, last > 0x20, last < 0x7f {
            return text
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func stripQueryAndFragment(_ text: String) -> String {
        let end = text.firstIndex { $0 == "?" || $0 == "#" } ?? text.endIndex
        return String(text[..<end])
    }

    private func webTarget(for href: String) -> LinkTarget {
        guard let url = URL(string: href) ?? URL(string: href.addingPercentEncoding(withAllowedCharacters: .urlFragmentAllowed) ?? "") else {
            return .blocked(href)
        }
        if let repository, let file = websiteFile(in: url), file.repository.isSame(as: repository) {
            return .route(route(repository: repository, ref: file.ref, path: file.path, isFolder: file.kind == "tree"))
        }
        return external(url, href)
    }

    private func external(_ url: URL, _ href: String) -> LinkTarget {
        LinkPolicy.decide(url).isAllowed ? .external(url) : .blocked(href)
    }

    /// `https://<server>/<owner>/<repo>/<blob|tree|raw>/<ref>/<path>` taken apart (nil for other addresses).
    func websiteFile(in url: URL) -> (repository: RepositoryID, kind: String, ref: String?, path: String)? {
        guard let host = url.host?.lowercased(), let serverHost = server.host?.lowercased(),
              host == serverHost || host == "www." + serverHost || "www." + host == serverHost,
              url.port == server.port
        else { return nil }
        let parts = url.path.split(separator: "/").map(String.init)
        guard parts.count >= 2 else { return nil }
        let repository = RepositoryID(owner: parts[0], name: parts[1])
        if parts.count == 2 { return (repository, "tree", nil, "") }
        guard parts.count >= 4, ["blob", "tree", "raw"].contains(parts[2]) else { return nil }
        return (repository, parts[2], parts[3], parts.dropFirst(4).joined(separator: "/"))
    }

    private func websiteFileURLRewrittenToAPI(_ url: URL) -> URL? {
        guard let file = websiteFile(in: url), file.kind != "tree", !file.path.isEmpty else { return nil }
        return apiRawURL(repository: file.repository, path: file.path, ref: file.ref)
    }

    private func route(repository: RepositoryID, ref: String?, path: String, isFolder: Bool) -> FileRoute {
        if path.isEmpty || isFolder || BlobKind.looksLikeFolder(path) {
            return .tree(repository, ref: ref, path: path)
        }
        if BlobKind.isImage(path: path) { return .image(repository, ref: ref, path: path) }
        return .blob(repository, ref: ref, path: path)
    }

    private func hint(for target: LinkTarget) -> String {
        switch target {
        case .external(let url): return url.absoluteString
        case .anchor(let slug): return "#" + slug
        case .blocked(let text): return LinkPolicy.hint(for: text)
        case .route(let route):
            switch route {
            case .tree(let repository, let ref, let path):
                return websiteURL(repository: repository, kind: "tree", ref: ref, path: path)
            case .blob(let repository, let ref, let path), .image(let repository, let ref, let path):
                return websiteURL(repository: repository, kind: "blob", ref: ref, path: path)
            }
        }
    }
}

extension RepositoryID {
    /// Owner and repository paths are case-insensitive on the website.
    fileprivate func isSame(as other: RepositoryID) -> Bool {
        owner.lowercased() == other.owner.lowercased() && name.lowercased() == other.name.lowercased()
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isSchemeCharacter: Bool { isASCIILetter || ("0"..."9").contains(self) || "+-.".unicodeScalars.contains(self) }
}
