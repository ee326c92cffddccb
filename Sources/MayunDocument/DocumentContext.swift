import Foundation
import GiteeKit

/// Where a document lives, so its relative links and images can be resolved: the repository, the ref (branch, tag
/// or commit; nil means the default branch), the folder of the file (empty at the root) and the server.
public struct DocumentContext: Equatable, Sendable {
    public var repository: RepositoryID?
    public var ref: String?
    public var folder: String
    public var server: URL

    public init(repository: RepositoryID?, ref: String?, folder: String = "", server: URL) {
        self.repository = repository
        self.ref = ref
        self.folder = RepositoryPath.normalize(folder)
        self.server = server
    }

    /// The context of a file at `filePath` (its folder is the one relative links start from).
    public init(repository: RepositoryID?, ref: String?, filePath: String, server: URL) {
        self.init(repository: repository, ref: ref, folder: RepositoryPath.folder(of: filePath), server: server)
    }

    /// `<server>/api/v5/repos/<owner>/<repo>/raw/<path>?ref=<ref>`: the website's raw URLs refuse hotlinking, so
    /// images are fetched through the API.
    public func apiRawURL(repository: RepositoryID, path: String, ref: String?) -> URL? {
        var text = server.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/api/v5/repos/" + RepositoryPath.encode(repository.owner) + "/" + RepositoryPath.encode(repository.name)
            + "/raw/" + RepositoryPath.encodePath(path)
        if let ref, !ref.isEmpty { text += "?ref=" + RepositoryPath.encode(ref) }
        return URL(string: text)
    }

    /// The page of a file or folder on the website (`/owner/repo/blob/ref/path`), shown on hover.
    public func websiteURL(repository: RepositoryID, kind: String, ref: String?, path: String) -> String {
        var text = server.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += "/\(repository.owner)/\(repository.name)"
        if path.isEmpty && ref == nil { return text }
        return text + "/\(kind)/\(ref ?? "HEAD")/" + path
    }
}
