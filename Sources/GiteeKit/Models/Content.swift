import Foundation

/// A file or folder entry from `contents` (one object for a file, a list for a folder) or `readme`.
public struct Content: Sendable, Hashable, Codable {
    /// "file", "dir", "symlink" or "submodule".
    public var kind: String
    public var name: String
    public var path: String
    public var sha: String?
    /// `nil` in folder listings (real data sends `"size": null`).
    public var size: Int?
    /// "base64" when `content` is present.
    public var encoding: String?
    /// The encoded file content; absent in folder listings.
    public var content: String?
    public var htmlURL: String?
    public var downloadURL: String?

    enum CodingKeys: String, CodingKey {
        case kind = "type", name, path, sha, size, encoding, content, htmlURL = "html_url", downloadURL = "download_url"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        kind = c.value(.kind, or: "file")
        path = c.value(.path, or: "")
        name = c.text(.name) ?? String(path.split(separator: "/").last ?? "")
        sha = c.text(.sha)
        size = c.optional(.size)
        encoding = c.text(.encoding)
        content = c.optional(.content)
        htmlURL = c.text(.htmlURL)
        downloadURL = c.text(.downloadURL)
    }

    public var isDirectory: Bool { kind == "dir" }

    /// The file's bytes (Gitee wraps its base64 in newlines, which are skipped).
    public var decodedData: Data? {
        guard let content else { return nil }
        guard encoding == nil || encoding == "base64" else { return Data(content.utf8) }
        return Data(base64Encoded: content, options: .ignoreUnknownCharacters)
    }

    /// The file as UTF-8 text, or `nil` for binary content.
    public var text: String? {
        guard let data = decodedData else { return nil }
        return String(data: data, encoding: .utf8)
    }
}

/// `GET /repos/{o}/{r}/git/trees/{sha}`: a folder's entries (every descendant with `recursive=1`).
public struct Tree: Sendable, Hashable, Decodable {
    public var sha: String
    public var entries: [TreeEntry]
    /// The server cut the listing short (very large trees).
    public var truncated: Bool

    enum CodingKeys: String, CodingKey { case sha, tree, truncated }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sha = c.value(.sha, or: "")
        entries = c.list(.tree)
        truncated = c.value(.truncated, or: false)
    }
}

public struct TreeEntry: Sendable, Hashable, Decodable {
    public var path: String
    public var mode: String?
    /// "blob" (file), "tree" (folder) or "commit" (submodule).
    public var kind: String
    public var sha: String
    public var size: Int?

    enum CodingKeys: String, CodingKey { case path, mode, type, sha, size }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        path = c.value(.path, or: "")
        mode = c.text(.mode)
        kind = c.value(.type, or: "blob")
        sha = c.value(.sha, or: "")
        size = c.optional(.size)
    }

    public var isFolder: Bool { kind == "tree" }
    public var name: String { String(path.split(separator: "/").last ?? Substring(path)) }
}

/// `GET /repos/{o}/{r}/git/blobs/{sha}`: base64 content of one file.
public struct Blob: Sendable, Hashable, Decodable {
    public var sha: String
    public var size: Int?
    public var encoding: String?
    public var content: String

    enum CodingKeys: String, CodingKey { case sha, size, encoding, content }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        sha = c.value(.sha, or: "")
        size = c.optional(.size)
        encoding = c.text(.encoding)
        content = c.value(.content, or: "")
    }

    public var decodedData: Data? {
        encoding == "base64" || encoding == nil
            ? Data(base64Encoded: content, options: .ignoreUnknownCharacters) : Data(content.utf8)
    }
}
