import Foundation
import GiteeKit

/// Where new files go (issue 27): a folder of a project on a branch (nil: the default branch).
public struct FolderTarget: Hashable, Sendable {
    public let repo: RepositoryID
    public let branch: String?
    /// The folder's path from the repository root ("" for the root).
    public let folder: String

    /// The repository path of `name` inside this folder.
    public func path(of name: String) -> String { folder.isEmpty ? name : folder + "/" + name }

    /// Where the folder is, for sentences: "/" or "docs/images".
    public var shownFolder: String { folder.isEmpty ? "/" : folder }
}

/// The name of a file to create, checked before anything is sent: segments separated by "/" (a new sub-folder is
/// fine), none empty, none "." or "..", no control characters or backslashes, at most 255 bytes a segment and
/// 1,024 in all, and not a name the folder already has (the site refuses `POST` over an existing path).
public enum NewFileName {
    public static let maxSegmentBytes = 255
    public static let maxPathBytes = 1024

    /// Why `name` cannot be created in a folder holding the `files` and `folders` named, or nil when it can.
    /// An empty name has no reason (the field is simply not filled yet).
    public static func problem(with name: String, files: Set<String>, folders: Set<String>) -> String? {
        guard !name.isEmpty else { return nil }
        let segments = name.split(separator: "/", omittingEmptySubsequences: false)
        if segments.contains(where: \.isEmpty) {
            return tr("A name cannot start or end with a slash or have two slashes in a row.")
        }
        if segments.contains(where: { $0 == "." || $0 == ".." }) {
            return tr("“.” and “..” cannot be part of a file's name.")
        }
        if name.unicodeScalars.contains(where: PathSafety.isForbiddenScalar) {
            return tr("A name cannot hold control characters or a backslash.")
        }
        if segments.contains(where: { $0.utf8.count > maxSegmentBytes }) || name.utf8.count > maxPathBytes {
            return tr("This name is too long.")
        }
        if let first = segments.first.map(String.init) {
            if segments.count == 1, files.contains(first) || folders.contains(first) {
                return String(format: tr("%@ already exists in this folder."), first)
            }
            if segments.count > 1, files.contains(first) {
                return String(format: tr("%@ is a file, not a folder."), first)
            }
        }
        return nil
    }
}
