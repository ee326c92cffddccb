import GiteeKit

/// A page that reads the project's `permission` for the logged-in person and, for members, lists only members use
/// (the issue page's labels, collaborators and milestones; the pull request page's reviewers to choose from).
@MainActor
protocol ProjectPermissionReader: AnyObject {
    var permission: Project.Permission? { get set }
    /// Whose permission `permission` is.
    var permissionFor: String? { get set }
    /// Whether `permission` makes the logged-in person a member (push or admin).
    var isMember: Bool { get }
    /// Reads the members' lists for `login` (once per login: the page keeps track).
    func loadMemberLists(for login: String)
}

extension ProjectPermissionReader {
    /// Reads `permission` (the saved copy first, then the fresh one) once the session knows who is logged in (a
    /// stored login may still be being restored when a link opens the page at start), calling `known` first. The
    /// members' lists go out with the page's own requests, unless the saved project says the person is not a member:
    /// one round trip for the whole page, not one after the project's answer (issue 41). Nobody logged in: nothing.
    func readPermission(_ project: Cached<Project>, session: Session, known: @escaping @MainActor (Self) -> Void = { _ in }) {
        Task { [weak self] in
            await session.start()
            guard let login = session.user?.login, session.isLoggedIn, let self else { return }
            known(self)
            let saved = await project.saved()?.permission
            if permissionFor != login, let saved {
                permission = saved
                permissionFor = login
            }
            if saved.map({ $0.push || $0.admin }) ?? true { loadMemberLists(for: login) }
            guard let fresh = try? await project.fetch(), session.user?.login == login else { return }
            permission = fresh.permission
            permissionFor = login
            if isMember { loadMemberLists(for: login) }  // a member now, though the saved copy said not
        }
    }
}
