import Foundation

/// A release (`GET /repos/{o}/{r}/releases`). The published description types `assets` as strings; the site
/// answers objects with `browser_download_url` and `name` (clients that read Gitee releases index them that way), so
/// both shapes are read. The source archives (zip, tar.gz of the tag) are not taken from `assets`: they come from
/// the documented `zipball` / `tarball` calls (`Endpoints.archive`).
public struct Release: Sendable, Hashable, Identifiable, Codable {
    public var id: Int
    public var tagName: String
    public var name: String = ""
    public var body: String?
    public var isPrerelease: Bool = false
    public var author: User?
    public var createdAt: Timestamp?
    public var assets: [ReleaseAsset] = []
    public var targetCommitish: String?

    enum CodingKeys: String, CodingKey {
        case id, name, body, author, assets, isPrerelease = "prerelease"
        case tagName = "tag_name", targetCommitish = "target_commitish", createdAt = "created_at"
    }

    public static let maxAssets = 200
}

extension Release {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        tagName = c.value(.tagName, or: "")
        targetCommitish = c.text(.targetCommitish)
        isPrerelease = c.value(.isPrerelease, or: false)
        name = c.value(.name, or: "")
        body = c.text(.body)
        author = c.optional(.author)
        createdAt = c.optional(.createdAt)
        // At most `maxAssets` (a release is a page row: a list of thousands would be a hostile answer).
        assets = Array(c.list(.assets).filter { (asset: ReleaseAsset) in asset.isWebAddress }.prefix(Self.maxAssets))
    }
}

/// One attached file: its name, its download address and its size when the server says. As a release's `assets`
/// it has no `id`; as the spec's `AttachFile` (`GET .../releases/{id}/attach_files`) it has the `id` that the API's
/// download call (`Endpoints.releaseFile`) needs.
public struct ReleaseAsset: Sendable, Hashable, Codable {
    public var id: Int?
    public var name: String
    /// `browser_download_url`: an address on the website, not under the API.
    public var url: String
    public var size: Int64?

    enum CodingKeys: String, CodingKey { case id, name, size, url = "browser_download_url" }

    /// Only an http(s) address is something to download (a number or a `file:` path in `assets` is dropped).
    var isWebAddress: Bool {
        guard let scheme = URL(string: url)?.scheme?.lowercased() else { return false }
        return scheme == "https" || scheme == "http"
    }

    /// Never throws: an unusable entry becomes an asset without an address, which `Release` drops.

    static func lastComponent(of url: String) -> String {
        let path = url.split(separator: "?", maxSplits: 1).first.map(String.init) ?? url
        let last = path.split(separator: "/").last.map(String.init) ?? path
        return last.removingPercentEncoding ?? last
    }
}

extension ReleaseAsset {
    public init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self) {
            url = text
            name = Self.lastComponent(of: text)
            (size, id) = (nil, nil)
            return
        }
        guard let c = try? decoder.container(keyedBy: CodingKeys.self) else {
            (name, url, size, id) = ("", "", nil, nil)
            return
        }
        id = c.optional(Int.self, .id)
        url = c.value(.url, or: "")
        name = c.text(.name) ?? Self.lastComponent(of: url)
        size = c.optional(Int64.self, .size).map { max(0, $0) }
    }
}

private extension KeyedDecodingContainer {
    func optional<T: Decodable>(_ type: T.Type, _ key: Key) -> T? { (try? decodeIfPresent(type, forKey: key)) ?? nil }
}
