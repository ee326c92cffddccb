import Foundation
import GiteeKit
import MayunDocument

/// What the blob page shows for a file, once the size policy (`BlobPresentation`) has decided.
public enum BlobContent: Equatable, Sendable {
    /// Source text: highlighted under 1 MB, plain up to 10 MB.
    case code(text: String, highlighted: Bool)
    /// Markdown or HTML rendered as a document, arriving in chunks while it is parsed; `source` is shown instead
    /// when the Source toggle is on.
    case document(ProgressiveDocument, source: String)
    /// Over 10 MB: not loaded.
    case tooLarge(size: Int)
    /// NUL bytes or a non-text type.
    case binary(size: Int, type: String)

    /// The text a Copy button copies (nothing for files that were not loaded as text).
    public var text: String? {
        switch self {
        case .code(let text, _), .document(_, let text): text
        case .tooLarge, .binary: nil
        }
    }
}

/// What is kept in the offline store for an opened file: enough to show it again without the network.
struct SavedBlob: Codable {
    var text: String
    var size: Int
}

/// A file's place: repository, ref and path, with the names the pages show.
public struct BlobLocation: Equatable, Sendable {
    public let repo: RepositoryID
    public let ref: String?
    public let path: String

    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// `<server>/<owner>/<repo>/blob/<ref>/<path>`.
    public func websiteURL(server: URL, kind: String = "blob") -> URL? {
        let context = DocumentContext(repository: repo, ref: ref, server: server)
        let text = context.websiteURL(repository: repo, kind: kind, ref: ref, path: RepositoryPath.encodePath(path))
        return URL(string: text)
    }

    func documentContext(server: URL) -> DocumentContext {
        DocumentContext(repository: repo, ref: ref, filePath: path, server: server)
    }
}

extension BlobPresentation {
    /// "Swift source", "PNG image": a short type name for the info line, from the file's extension.
    static func typeName(path: String) -> String {
        let ext = RepositoryPath.fileExtension(of: path)?.uppercased() ?? ""
        return ext.isEmpty ? tr("Text") : String(format: tr("%@ file"), ext)
    }
}
