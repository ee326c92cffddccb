import GiteeKit

/// Drafts of edits (a comment's new text, an issue's title and description), each under its own name beside the
/// thread's new-comment draft (per account, project and issue): kept as they are typed, so leaving the page, a
/// failed save or a quit loses nothing, and gone once the server has the edit or the person cancels it.
@MainActor
struct EditDrafts {
    let drafts: DraftStore?
    /// The thread's draft key (nil while logged out: nothing is kept then).
    let key: @MainActor () -> (account: String, repo: RepositoryID, issue: String)?

    static func comment(_ id: Int) -> String { "edit-\(id)" }
    static let issueTitle = "edit-title"
    static let issueBody = "edit-body"

    func text(_ name: String) -> String {
        guard let drafts, let place = place(name) else { return "" }
        return drafts.comment(account: place.account, repo: place.repo, issue: place.issue)
    }

    /// Saves (or, with an empty text, removes) the draft `name`.
    func save(_ text: String, _ name: String) {
        guard let drafts, let place = place(name) else { return }
        drafts.saveComment(text, account: place.account, repo: place.repo, issue: place.issue)
    }

    /// Where the draft `name` is kept: the thread's key, its `issue` part extended with the name.
    private func place(_ name: String) -> (account: String, repo: RepositoryID, issue: String)? {
        key().map { ($0.account, $0.repo, $0.issue + "#" + name) }
    }

    /// `ScreenWrites.send`'s `always` for an edit sent with these texts: once the server has it, each draft goes if
    /// it still holds what was sent (the key is the one of the moment it was sent, so a login meanwhile moves
    /// nothing), also after the page was left. A failure keeps them: they hold what was typed.
    func clearedWhenSaved(_ sent: [(name: String, text: String)]) -> @MainActor (_ succeeded: Bool, _ pageLeft: Bool) -> Void {
        guard let drafts else { return { _, _ in } }
        let places = sent.compactMap { sent in place(sent.name).map { (place: $0, text: sent.text) } }
        return { succeeded, _ in
            guard succeeded else { return }
            for (place, text) in places
            where drafts.comment(account: place.account, repo: place.repo, issue: place.issue) == text {
                drafts.saveComment("", account: place.account, repo: place.repo, issue: place.issue)
            }
        }
    }
}
