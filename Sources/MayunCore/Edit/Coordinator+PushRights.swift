import GiteeKit

extension Coordinator {
    /// Whether `ref` names a commit (40 hex digits) rather than a branch: nothing can be committed on it.
    static func isCommit(_ ref: String?) -> Bool {
        guard let ref else { return false }
        return ref.count == 40 && ref.allSatisfy(\.isHexDigit)
    }

    /// Tells `show` whether the logged-in person may push to `repo` (the project's `permission` says push or admin,
    /// read as the issue page reads it): from the saved project at once, then from a fresh read unless the account
    /// changed meanwhile. With nobody logged in it is never called.
    func whenPushAllowed(in repo: RepositoryID, _ show: @escaping @MainActor (Bool) -> Void) {
        let session = services.session, project = services.cached.project(repo)
        Task {
            await session.start()
            guard session.isLoggedIn, let login = session.user?.login else { return }
            if let saved = await project.saved()?.permission { show(saved.push || saved.admin) }
            guard let fresh = try? await project.fetch(), session.user?.login == login else { return }
            show(fresh.permission.map { $0.push || $0.admin } ?? false)
        }
    }
}
