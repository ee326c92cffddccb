import Foundation
import GiteeKit

/// A repository file as fetched, before any parse: its text with how the size policy shows it, or why it is not
/// shown. This is what the offline store keeps for a file (text only) and what the blob page renders from.
public enum FileBody: Equatable, Sendable {
    /// Text the page shows: highlighted, plain, or a document to parse.
    case text(String, size: Int, presentation: BlobPresentation)
    case tooLarge(size: Int)
    case binary(size: Int, type: String)
    /// An image: the image page shows it instead.
    case image
}

/// A project's README as the API gives it: its path (learnt from the answer) and text, or none at all.
public enum Readme: Equatable, Sendable {
    case none
    case file(path: String, text: String)
}

extension BlobSource {
    /// The size first (from the git tree), then only as many bytes as the size policy allows, then the policy's
    /// decision on the name, size, content type and first bytes. Nothing here parses.
    func body(of path: String) async throws -> FileBody {
        let knownSize = try await size(of: path)
        if let knownSize {
            switch BlobPresentation.decide(path: path, size: knownSize) {
            case .tooLarge(let size): return .tooLarge(size: size)
            case .image: return .image
            default: break
            }
        }
        // Size unknown (no ref, or the tree did not say): the download itself stops at the largest size the policy
        // could show, so the policy still runs before a huge file is read.
        let limit = BlobPresentation.downloadLimit(path: path)
        let raw: RawFile
        do {
            raw = try await bytes(of: path, limit: knownSize == nil ? limit : nil)
        } catch GiteeError.badResponse(.tooLarge) {
            return .tooLarge(size: limit + 1)
        }
        let size = knownSize ?? raw.data.count
        let presentation = BlobPresentation.decide(path: path, size: size, contentType: raw.contentType,
                                                   head: raw.data.prefix(BlobPresentation.sniffLength))
        switch presentation {
        case .image: return .image
        case .tooLarge(let size): return .tooLarge(size: size)
        case .binary(let size, let type): return .binary(size: size, type: type)
        case .highlighted, .plain, .document:
            return .text(String(decoding: raw.data, as: UTF8.self), size: size, presentation: presentation)
        }
    }
}
