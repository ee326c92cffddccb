import GiteeKit

/// General comments on a pull request: the issue page's composer and drafts, and the same writes (CommentSender).
extension PullRequestViewModel {
    public var logInToCommentTitle: String { tr("Log in to comment") }

    /// "Log in to comment": the login page, then back here with the composer (the draft of that account).
    public func logInToComment() {
        navigator?.requireLogin { [weak self] in
            self?.composer.loadDraft()
            self?.loadPermission()
        }
    }

    /// Whether the comment at `index` is the logged-in person's own (edit and delete are shown for it).
    public func isOwnComment(at index: Int) -> Bool { isLoggedIn && commentSender.isOwn(at: index) }

    /// A comment shown before the server has it ("Sending…" instead of its time).
    public func isPendingComment(at index: Int) -> Bool { commentSender.isPending(at: index) }

    /// Starts editing one of the person's own comments in the composer.
    public func editComment(at index: Int) { commentSender.edit(at: index) }

    /// Asked before deleting (the page shows it in a confirmation dialog).
    public var deleteQuestion: (heading: String, body: String, confirm: String) {
        (tr("Delete this comment?"), tr("It is removed from the pull request for everyone. This cannot be undone."),
         tr("Delete"))
    }

    /// Deletes one of the person's own comments (after the page asked): gone at once, back where it was if refused.
    public func deleteComment(at index: Int) { commentSender.delete(at: index) }

    /// The composer's Comment / Save: logged out, the login page first.
    func sendComposer() {
        guard isLoggedIn else { return logInToComment() }
        commentSender.send()
    }
}

/// The pull request's new comments that wait in the account's outbox (docs/WRITES.md, "The outbox"), shown at the
/// end of the thread as "Waiting to send" with Cancel.
extension PullRequestViewModel {
    /// Attaches the account's outbox (the Coordinator does, when it makes the page).
    /// Whether the page's comments go to an outbox when the server cannot be reached.
    var usesOutbox: Bool { commentSender.outboxPlace != nil }

    func useOutbox(_ outbox: Outbox?) {
        guard let outbox, !usesOutbox else { return }
        let diffFollows = comments.onItemsChanged
        comments.onItemsChanged = { [weak self] in
            diffFollows()
            self?.commentSender.syncWaiting()
        }
        // A waiting line comment cancelled from the thread: its text goes back into its line's composer.
        commentSender.restoreLineComment = { [weak self] entry in
            guard let self, let line = entry.lineComment else { return }
            openLineComposer(at: DiffAnchor(path: line.path, position: line.position))
            lineComposer.restore(line.body)
        }
        commentSender.useOutbox(OutboxPlace(outbox: outbox, kind: .pullRequestComment, repo: repo, number: String(number)))
        followWaitingChanges()
    }

    /// "Waiting to send" (or why it was not sent) for the comment at `index`, when it waits in the outbox.
    public func waitingText(at index: Int) -> String? { commentSender.waitingEntry(at: index)?.statusText }

    /// The Cancel of a waiting comment: it is not sent, and its text goes back into the composer.
    public func cancelWaitingComment(at index: Int) { commentSender.cancelWaiting(at: index) }

    public var cancelWaitingTitle: String { tr("Cancel") }
}
