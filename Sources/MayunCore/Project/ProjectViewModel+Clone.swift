import Foundation

extension ProjectHeader {
    /// The address `git clone` is given: HTTPS, or SSH (the person's key).
    public func cloneURL(ssh: Bool) -> String { ssh ? sshCloneURL : httpsCloneURL }
}

/// What the clone area offers once the checkout is there: the folder in the file manager, a terminal, an editor.
extension ProjectViewModel {
    /// The address a clone uses: HTTPS, or SSH when the person chose it.
    func cloneURL(of header: ProjectHeader) -> String { header.cloneURL(ssh: cloneOverSSH) }

    /// The finished clone's folder, if there is one.
    public var clonedFolder: String? {
        if case .finished(let folder)? = clone?.state { folder } else { nil }
    }

    /// The desktop's terminal in the cloned folder; a toast says why when none could start.
    public func openClonedFolderInTerminal() {
        guard let folder = clonedFolder else { return }
        if let why = tools?.openTerminal(at: folder, currentDesktop: desktop.currentDesktop) { toast(why) }
    }

    /// The installed editors and IDEs that can open the cloned folder ("Open in …").
    public var folderEditors: [FolderApp] { tools?.editors() ?? [] }

    public func openClonedFolder(in editor: FolderApp) {
        guard let folder = clonedFolder else { return }
        if let why = tools?.open(folder, with: editor) { toast(why) }
    }
}
