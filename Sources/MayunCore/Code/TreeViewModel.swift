import Foundation
import GiteeKit
import Observation

/// One folder of a repository: entries (folders first), a breadcrumb path, and the branch it is read from.
@MainActor
@Observable
public final class TreeViewModel {
    public let repo: RepositoryID
    public let ref: String?
    public let path: String
    public let entries: PagedListViewModel<Content>
    public let branch: BranchChoice
    /// Push rights on a branch (issue 27): New File and Upload show (set by the Coordinator).
    public internal(set) var canWrite = false
    /// Uploads into this folder (set by the Coordinator with `canWrite`).
    @ObservationIgnored public internal(set) var uploads: FolderUploads?
    @ObservationIgnored var openNewFile: (@MainActor () -> Void)?

    @ObservationIgnored private weak var navigator: (any Navigator)?

    init(repo: RepositoryID, ref: String?, path: String, cached: CachedClient, navigator: any Navigator) {
        self.repo = repo
        self.ref = ref
        self.path = path
        self.navigator = navigator
        branch = BranchChoice(repo: repo, current: ref, client: cached.client) { [weak navigator] name in
            navigator?.replace(with: .tree(repo, ref: name, path: path))
        }
        let folder = cached.folder(repo, ref: ref, path: path).reshapingPages { page in
            var page = page
            page.items.sort { lhs, rhs in
                lhs.isDirectory != rhs.isDirectory ? lhs.isDirectory
                    : lhs.name.localizedStandardCompare(rhs.name) == .orderedAscending
            }
            return page
        }
        entries = PagedListViewModel<Content>(emptyText: tr("This folder is empty."), folder)
    }

    // Outputs
    public var title: String { path.isEmpty ? repo.name : String(path.split(separator: "/").last ?? "") }
    /// The crumbs from the repository root to this folder: (title, path).
    public var breadcrumb: [(title: String, path: String)] {
        var crumbs = [(repo.name, "")]
        var current = ""
        for part in path.split(separator: "/") {
            current = current.isEmpty ? String(part) : current + "/" + part
            crumbs.append((String(part), current))
        }
        return crumbs
    }
    public var count: Int { entries.items.count }

    public func row(at index: Int) -> SimpleRow? {
        guard let entry = entries.item(at: index) else { return nil }
        if entry.isDirectory { return SimpleRow(iconName: "folder-symbolic", title: entry.name) }
        let size = entry.size.map { ByteCountFormatter.string(fromByteCount: Int64($0), countStyle: .file) } ?? ""
        return SimpleRow(iconName: FileKind.iconName(for: entry.name), title: entry.name, trailing: size,
                         showsDisclosure: false)
    }

    // Inputs
    public func start() {
        entries.start()
        branch.start()
    }

    public func activate(at index: Int) {
        guard let entry = entries.item(at: index) else { return }
        if entry.isDirectory {
            navigator?.push(.tree(repo, ref: ref, path: entry.path))
        } else if FileKind.isImage(entry.name) {
            navigator?.push(.image(repo, ref: ref, path: entry.path))
        } else {
            navigator?.push(.blob(repo, ref: ref, path: entry.path))
        }
    }

    public func openCrumb(_ crumbPath: String) {
        guard crumbPath != path else { return }
        navigator?.push(.tree(repo, ref: ref, path: crumbPath))
    }

    /// The page was left: the folder and branch requests stop.
    public func cancel() {
        entries.cancel()
        branch.cancel()
        uploads?.cancel()
    }

    /// New File: the editor for a file in this folder.
    public func newFile() {
        guard canWrite else { return }
        openNewFile?()
    }
}

/// What a file name says about its content, for icons and which viewer opens it.
public enum FileKind {
    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "svg", "bmp", "ico", "webp"]

    public static func isImage(_ name: String) -> Bool {
        imageExtensions.contains((name as NSString).pathExtension.lowercased())
    }

    public static func iconName(for name: String) -> String {
        if isImage(name) { return "image-x-generic-symbolic" }
        switch (name as NSString).pathExtension.lowercased() {
        case "md", "markdown", "txt", "rst": return "text-x-generic-symbolic"
        case "zip", "gz", "tar", "bz2", "xz", "7z", "jar": return "package-x-generic-symbolic"
        default: return "text-x-script-symbolic"
        }
    }
}
