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
        guard let drafts, let key = key() else { return "" }
        return drafts.comment(account: key.account, repo: key.repo, issue: key.issue + "#" + name)
    }

    /// Saves (or, with an empty text, removes) the draft `name`.
    func save(_ text: String, _ name: String) {
        guard let drafts, let key = key() else { return }
        drafts.saveComment(text, account: key.account, repo: key.repo, issue: key.issue + "#" + name)
    }

    /// `ScreenWrites.send`'s `always` for an edit sent with these texts: once the server has it, each draft goes if
    /// it still holds what was sent (the key is the one of the moment it was sent, so a login meanwhile moves
    /// nothing), also after the page was left. A failure keeps them: they hold what was typed.
    func clearedWhenSaved(_ sent: [(name: String, text: String)]) -> @MainActor (_ succeeded: Bool, _ pageLeft: Bool) -> Void {
        guard let drafts, let key = key() else { return { _, _ in } }
        return { succeeded, _ in
            guard succeeded else { return }
            for (name, text) in sent {
                let issue = key.issue + "#" + name
                if drafts.comment(account: key.account, repo: key.repo, issue: issue) == text {
                    drafts.saveComment("", account: key.account, repo: key.repo, issue: issue)
                }
            }
        }
    }
}
