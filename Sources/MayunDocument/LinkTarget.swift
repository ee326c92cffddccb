import Foundation
import GiteeKit

/// Where a link goes, decided once by `DocumentContext` so the pane and the Coordinator only act on it.
public enum LinkTarget: Hashable, Sendable {
    /// A file or folder of the same repository: opened inside Mayun.
    case route(FileRoute)
    /// A heading of this document (its slug).
    case anchor(String)
    /// An http(s) address `LinkPolicy` allows: opened in the browser after a click.
    case external(URL)
    /// `javascript:`, `data:`, `file:`, `mailto:` and every other scheme `LinkPolicy` refuses: never followed.
    case blocked(String)

    public var isFollowable: Bool {
        if case .blocked = self { return false }
        return true
    }
}

/// A repository's folder, file or image that a link opens inside Mayun (the app's navigation maps it to its page).
public enum FileRoute: Hashable, Sendable {
    case tree(RepositoryID, ref: String?, path: String)
    case blob(RepositoryID, ref: String?, path: String)
    case image(RepositoryID, ref: String?, path: String)
}
