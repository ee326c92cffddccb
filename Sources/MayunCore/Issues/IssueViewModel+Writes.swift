import Foundation
import GiteeKit

/// Taking part in an issue, every change through the screen's `writes`.
extension IssueViewModel {
    // MARK: Who may do what

    /// Members (the project's `permission` says push or admin) move the issue between states; nobody else sees
    /// the controls (and Gitee answers them 403).
    public var canChangeState: Bool {
        guard isLoggedIn, let permission, permissionFor == session?.user?.login else { return false }
        return permission.push || permission.admin
    }

    /// The states a member may move this issue to now: the update call's values, less the current one. Rejected is
    /// shown when the site says so, never offered (the published update does not accept it).
    public var stateMoves: [(status: IssueStatus, title: String)] {
        guard canChangeState, issue != nil else { return [] }
        return Endpoints.SettableIssueState.allCases.map(IssueStatus.init).filter { $0 != status }.map { status in
            switch status {
            case .open: (status, issueWasFinished ? tr("Reopen") : tr("Mark as open"))
            case .progressing: (status, tr("Start progress"))
            case .closed: (status, tr("Close issue"))
            case .rejected, .other: (status, status.name)
            }
        }
    }

    private var issueWasFinished: Bool { status.isFinished }

    /// Whether the comment at `index` is the logged-in person's own (edit and delete are shown for it).
    public func isOwnComment(at index: Int) -> Bool { isLoggedIn && commentSender.isOwn(at: index) }

    /// A comment shown before the server has it ("Sending…" instead of its time).
    public func isPendingComment(at index: Int) -> Bool { commentSender.isPending(at: index) }

    /// The project's `permission` and, for members, the triage lists (`ProjectPermissionReader`); the composer
    /// reads the logged-in person's draft once the session knows who that is.
    func loadPermission() {
        guard let project, let session else { return }
        readPermission(project, session: session) { $0.composer.loadDraft() }
    }

    /// "Log in to comment": the login page, then back here with the composer (the draft of that account).
    public func logInToComment() {
        navigator?.requireLogin { [weak self] in
            self?.composer.loadDraft()
            self?.loadPermission()
        }
    }

    // MARK: State

    public func move(to target: IssueStatus) {
        guard canChangeState, let settable = target.settable, target != status else { return }
        // A move that provably never reached the server waits in the outbox with the state the person saw, and the
        // page goes back to what the server has until it is sent.
        sendState(settable.rawValue, failure: tr("Could not change the state: %@"), waiting: .issueState,
                  endpoint: Endpoints.setIssueState(owner: repo.owner, repo: repo.name, number: number, to: settable))
    }

    // MARK: Comments

    /// Starts editing one of the person's own comments in the composer.
    public func editComment(at index: Int) { commentSender.edit(at: index) }

    /// Asked before deleting (the page shows it in a confirmation dialog).
    public var deleteQuestion: (heading: String, body: String, confirm: String) {
        (tr("Delete this comment?"), tr("It is removed from the issue for everyone. This cannot be undone."), tr("Delete"))
    }

    /// Deletes one of the person's own comments (after the page asked): gone at once, back where it was if refused.
    public func deleteComment(at index: Int) { commentSender.delete(at: index) }

    /// The composer's Comment / Save (CommentSender): logged out, the login page first.
    func sendComposer() {
        guard isLoggedIn else { return logInToComment() }
        commentSender.send()
    }
}

extension IssueViewModel: ProjectPermissionReader {
    var isMember: Bool { canChangeState }
    func loadMemberLists(for login: String) { loadTriageLists(for: login) }
}
