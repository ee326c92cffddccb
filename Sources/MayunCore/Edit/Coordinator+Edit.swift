import GiteeKit

extension Coordinator {
    /// A file page with Edit for people with push rights (the project's `permission`, read as the issue page reads
    /// it): shown once the session knows who is logged in and the project says push or admin, on a branch.
    func withEditAccess(_ page: BlobViewModel) -> BlobViewModel {
        let location = page.location
        if Self.isCommit(location.ref) { return page }
        page.openEditor = { [weak self, weak page] in
            guard let page else { return }
            self?.push(.editFile(page.location.repo, branch: page.location.ref, path: page.location.path))
        }
        let deletion = FileDeletion(location: location, client: services.client, navigator: self)
        deletion.onDeleted = { [weak self, weak page] in
            if let page, self?.top?.model === page as AnyObject { self?.pop() }
        }
        deletion.outbox = services.outbox
        let parent = location.path.split(separator: "/").dropLast().joined(separator: "/")
        let listing = services.cached.folder(location.repo, ref: location.ref, path: parent)
        deletion.savedSHA = {
            await listing.saved?.load()?.first { !$0.isDirectory && $0.path == location.path }?.sha
        }
        page.deletion = deletion
        whenPushAllowed(in: location.repo) { [weak page] in page?.canEdit = $0 }
        return page
    }

    func makeFileEditor(_ repo: RepositoryID, branch: String?, path: String) -> FileEditorViewModel {
        let editor = FileEditorViewModel(location: BlobLocation(repo: repo, ref: branch, path: path), branch: branch,
                                         account: services.session.user?.login ?? "", client: services.client,
                                         drafts: services.drafts, navigator: self)
        editor.nightMode = nightMode
        editor.outbox = services.outbox
        return editor
    }
}

/// A page that asks before it is left (unsaved edits): `leaveQuestion` is nil when nothing would be left behind.
@MainActor
public protocol AsksBeforeLeaving: AnyObject {
    var leaveQuestion: String? { get }
}

extension FileEditorViewModel: AsksBeforeLeaving {}

extension FileEditorViewModel: ScreenModel {
    /// Reloading would throw the person's text away: the draft is the source of truth until a commit.
    public func refresh() {}
}
