import GiteeKit

extension Coordinator {
    /// A folder page with New File and Upload for people with push rights (the project's `permission`, as for Edit),
    /// on a branch (a commit sha is not one).
    func withWriteAccess(_ folder: TreeViewModel) -> TreeViewModel {
        if Self.isCommit(folder.ref) { return folder }
        let target = FolderTarget(repo: folder.repo, branch: folder.ref, folder: folder.path)
        let uploads = FolderUploads(target: target, client: services.client, navigator: self)
        uploads.onUploaded = { [weak folder] in folder?.entries.refresh() }
        uploads.outbox = services.outbox
        folder.uploads = uploads
        folder.openNewFile = { [weak self, weak folder] in
            guard let folder else { return }
            self?.push(.newFile(folder.repo, branch: folder.ref, folder: folder.path))
        }
        whenPushAllowed(in: folder.repo) { [weak folder] in folder?.canWrite = $0 }
        return folder
    }

    /// The New File editor; the folder's entries (from the page below, when it is that folder) check the name.
    func makeNewFile(_ target: FolderTarget) -> NewFileViewModel {
        let below = top?.model as? TreeViewModel
        let entries = below.map { $0.repo == target.repo && $0.ref == target.branch && $0.path == target.folder } == true
            ? below?.entries.items ?? [] : []
        let creator = NewFileViewModel(target: target, files: Set(entries.filter { !$0.isDirectory }.map(\.name)),
                                       folders: Set(entries.filter(\.isDirectory).map(\.name)),
                                       account: services.session.user?.login ?? "", client: services.client,
                                       drafts: services.drafts, navigator: self)
        creator.nightMode = nightMode
        creator.outbox = services.outbox
        creator.onCreated = { [weak self, weak creator] _ in
            guard let self, let creator, top?.model === creator else { return }
            pop()
            // The folder below reads itself again and shows the new file.
            if let folder = top?.model as? TreeViewModel, folder.path == target.folder, folder.ref == target.branch {
                folder.entries.refresh()
            }
        }
        return creator
    }
}
