import Foundation

/// Pure helpers for slash-separated paths inside a repository.
package enum RepositoryPath {
    /// Removes empty and "." segments and applies ".." (never above the root).
    package static func normalize(_ path: String) -> String {
        var parts: [Substring] = []
        for segment in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(segment)
            }
        }
        return parts.joined(separator: "/")
    }

    package static func folder(of filePath: String) -> String {
        let normalized = normalize(filePath)
        guard let slash = normalized.lastIndex(of: "/") else { return "" }
        return String(normalized[..<slash])
    }

    /// `relative` seen from `folder`; a leading "/" starts at the repository root.
    package static func join(folder: String, _ relative: String) -> String {
        relative.hasPrefix("/") ? normalize(relative) : normalize(folder + "/" + relative)
    }

    package static func encode(_ segment: String) -> String {
        segment.addingPercentEncoding(withAllowedCharacters: segmentCharacters) ?? segment
    }

    package static func encodePath(_ path: String) -> String {
        path.split(separator: "/").map { encode(String($0)) }.joined(separator: "/")
    }

    package static func decode(_ text: String) -> String {
        // Without a "%" there is nothing to decode (and Foundation's decoding is slow on a 1 MB README's links).
        text.utf8.contains(UInt8(ascii: "%")) ? text.removingPercentEncoding ?? text : text
    }

    private static let segmentCharacters: CharacterSet = {
        var set = CharacterSet.urlPathAllowed
        set.remove(charactersIn: "/?#;&=+")
        return set
    }()

    package static func fileExtension(of path: String) -> String? {
        guard let name = path.split(separator: "/").last, let dot = name.lastIndex(of: "."),
              dot != name.startIndex
        else { return nil }
        return name[name.index(after: dot)...].lowercased()
    }
}
