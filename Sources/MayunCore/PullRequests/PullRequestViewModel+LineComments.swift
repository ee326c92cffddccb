import GiteeKit
import MayunDocument

/// Which line's draft the line composer reads and writes (its key is fixed at creation; the line is not).
@MainActor
final class LineDraftPlace {
    var anchor: DiffAnchor?

    /// `!<number>@<path>#<position>`: per pull request and line, apart from the general comment's `!<number>`.
    static func key(number: Int, _ anchor: DiffAnchor) -> String { "!\(number)@\(anchor.path)#\(anchor.position)" }
}

/// One comment of a line's thread as the diff draws it.
public struct LineCommentRow: Equatable, Sendable {
    public let id: Int
    public let author: String
    /// When it was written, or "Sending…" while on its way.
    public let when: String
    public let body: String
    /// The logged-in person's own (Edit and Delete are offered).
    public let isOwn: Bool
    /// Its edit or deletion waits in the outbox ("Edit waiting to send"; Cancel is offered instead), or nil.
    public var waiting: String? = nil
}

/// Comments on lines of the diff: drawn under their line in threads (same file and position, in the order written),
/// written in a composer opened under a line (Ctrl+Enter sends `path`, `position` and the head's `commit_id`),
/// edited and deleted like general comments, all through the page's `writes`. A comment whose line is no longer in
/// the diff is "outdated": the conversation says so and the diff does not draw it.
extension PullRequestViewModel {
    // MARK: Outputs

    /// The line comments by line, each thread in the order written (as the server lists them; new ones last).
    public var lineThreads: [DiffAnchor: [PullRequestComment]] {
        var threads: [DiffAnchor: [PullRequestComment]] = [:]
        for comment in comments.items {
            guard let anchor = lineAnchor(of: comment) else { continue }
            threads[anchor, default: []].append(comment)
        }
        return threads
    }

    /// A thread's comments as drawn (empty when the line has none).
    public func lineThread(at anchor: DiffAnchor) -> [LineCommentRow] {
        let me = session?.loggedInUser?.login
        return (lineThreads[anchor] ?? []).map { comment in
            LineCommentRow(id: comment.id, author: comment.author?.name ?? comment.author?.login ?? "",
                           when: comment.id < 0 ? tr("Sending…") : RelativeTime.describe(comment.createdAt?.date) ?? "",
                           body: comment.body,
                           isOwn: isLoggedIn && comment.id > 0 && me != nil && comment.author?.login == me,
                           waiting: commentSender.waitingEntry(id: comment.id)?.statusText)
        }
    }

    /// Whether a line comment's line is no longer in the diff (known once the files arrived; a general comment
    /// never is).
    public func isOutdated(_ comment: PullRequestComment) -> Bool {
        if comment.path != nil, comment.position == nil, comment.originalPosition != nil { return true }
        guard let anchor = lineAnchor(of: comment), fileList.value != nil else { return false }
        return !diff.contains(anchor)
    }

    /// The conversation's line for a comment's time: a line comment says where it is, an outdated one says so.
    func placeNote(for comment: PullRequestComment) -> String? {
        guard comment.isLineComment, let path = comment.path else { return nil }
        if isOutdated(comment) { return String(format: tr("outdated comment on %@"), path) }
        return String(format: tr("on %@"), path)
    }

    public var lineComposerTitle: String {
        lineComposer.isEditing ? tr("Edit the comment on this line") : tr("Comment on this line")
    }
    public var replyTitle: String { tr("Reply") }
    public var closeLineComposerTitle: String { tr("Cancel") }

    // MARK: Inputs

    /// A line was activated: the composer opens under it with that line's draft (logged out: the login page).
    public func openLineComposer(at anchor: DiffAnchor) {
        guard isLoggedIn else { return logInToComment() }
        guard composingAt != anchor || lineComposer.isEditing else { return }
        lineDraftPlace.anchor = anchor
        lineComposer.reloadDraft()
        composingAt = anchor
        syncDiffAnnotations()
    }

    /// Cancel: the composer closes (the draft stays on disk for that line).
    public func closeLineComposer() {
        if lineComposer.isEditing { lineComposer.cancelEditing() }
        composingAt = nil
        syncDiffAnnotations()
    }

    /// Edit one of the person's own line comments in the composer under its line.
    public func editLineComment(id: Int) {
        guard let comment = comments.items.first(where: { $0.id == id }), let anchor = lineAnchor(of: comment),
              isOwnComment(id: id) else { return }
        lineDraftPlace.anchor = anchor
        lineComposer.reloadDraft()
        lineComposer.beginEditing(id: id, body: comment.body)
        composingAt = anchor
        syncDiffAnnotations()
    }

    /// The Cancel of a line comment's waiting edit or deletion: it is not sent; an edit goes back into the line's
    /// composer, the comment showing the text it had.
    public func cancelWaitingLineComment(id: Int) {
        guard let index = comments.items.firstIndex(where: { $0.id == id }),
              let entry = commentSender.waitingEntry(id: id) else { return }
        guard entry.kind == .pullRequestCommentEdit, let change = entry.commentChange else {
            return commentSender.cancelWaiting(at: index)
        }
        guard outbox?.cancel(entry.id) != nil else { return }
        commentSender.waiting[id] = nil
        replaceComment(id) { $0.body = entry.seen }
        editLineComment(id: id)
        lineComposer.setText(change.body)
    }

    /// Deletes one of the person's own line comments (after the page asked), as general comments are deleted.
    public func deleteLineComment(id: Int) {
        guard let index = comments.items.firstIndex(where: { $0.id == id }) else { return }
        commentSender.delete(at: index)
    }

    // MARK: Sending

    /// Ctrl+Enter or Comment in the line composer: a new comment shows at once in the line's thread; an edit shows
    /// its text at once. A refusal takes it back and puts the text into that line's composer (or its draft, when
    /// the composer moved on meanwhile) with the reason.
    func sendLineComment() {
        guard isLoggedIn else { return logInToComment() }
        guard let anchor = composingAt else { return }
        let (text, editing) = lineComposer.takeForSending()
        if let editing { return sendLineEdit(id: editing, text: text, at: anchor) }
        let pendingID = nextLinePendingID
        nextLinePendingID -= 1
        let place = Endpoints.DiffPosition(path: anchor.path, position: anchor.position,
                                           commitID: pullRequest?.head.sha ?? "")
        let endpoint = Endpoints.commentOnPullRequest(owner: repo.owner, repo: repo.name, number: number, body: text,
                                                      at: place)
        let pending = PullRequestComment(id: pendingID, body: text, author: session?.loggedInUser, path: anchor.path,
                                         commentType: "diff_comment", position: anchor.position)
        let client = client, repo = repo, number = number, outboxPlace = commentSender.outboxPlace
        // A lost answer is settled by asking, never by posting again: the person's newest comment on this line with
        // this text that was not on the page before sending (docs/WRITES.md).
        let shownBefore = Set(comments.items.map(\.id)), login = session?.loggedInUser?.login
        let newestShown = comments.items.map(\.id).max() ?? 0
        let waiting = OutboxEntry.LineComment(body: text, path: anchor.path, position: anchor.position,
                                              commitID: place.commitID)
        writes.send(failure: tr("Could not comment on the line: %@"),
                    apply: { comments.editItems { $0.append(pending) } },
                    request: { [weak self] () async throws -> PullRequestComment? in
                        let outcome = try await Outbox.sendOrKeep(
                            in: outboxPlace?.outbox, .pullRequestLineComment, repo: repo, number: String(number),
                            payload: waiting.payload, seen: String(newestShown)) {
                            try await SettledWrite.perform({ try await client.send(endpoint) }, check: {
                                try await client.lastPage(Endpoints.pullRequestComments(owner: repo.owner, repo: repo.name,
                                                                                        number: number, perPage: 100))
                                    .last { $0.author?.login == login && $0.body == text && $0.path == anchor.path
                                        && !shownBefore.contains($0.id) }
                            })
                        }
                        switch outcome {
                        case .sent(let comment): return comment
                        case .waiting(let row):
                            // Shown on its line as "Waiting to send" with Cancel (marked before the thread syncs).
                            self?.commentSender.waiting[pendingID] = row
                            return nil
                        }
                    },
                    settle: { [weak self] answer in
                        guard let self else { return }
                        guard let answer else { return finishLineSend(at: anchor, wasEdit: false) }
                        // The server's copy, kept on this line even if its answer left the place out.
                        var settled = answer
                        if lineAnchor(of: settled) == nil {
                            settled.path = anchor.path
                            settled.position = anchor.position
                        }
                        comments.editItems { items in
                            if let index = items.firstIndex(where: { $0.id == pendingID }) { items[index] = settled }
                        }
                        finishLineSend(at: anchor, wasEdit: false)
                    },
                    rollBack: { [weak self] error in
                        self?.comments.editItems { $0.removeAll { $0.id == pendingID } }
                        self?.lineSendFailed(text, editing: nil, at: anchor, reason: ErrorText.message(for: error))
                    })
    }

    private func sendLineEdit(id: Int, text: String, at anchor: DiffAnchor) {
        guard let before = comments.items.first(where: { $0.id == id }) else {
            return lineComposer.failed(text, editing: id, reason: tr("The comment is no longer shown."))
        }
        let endpoint = Endpoints.editComment(.pullRequest, owner: repo.owner, repo: repo.name, id: id, body: text)
        let client = client, reread = Endpoints.comment(.pullRequest, owner: repo.owner, repo: repo.name, id: id)
        let place = commentSender.outboxPlace
        let sent = writes.send(key: "comment \(id)", failure: tr("Could not save the comment: %@"),
                               apply: { replaceComment(id) { $0.body = text } },
                               request: { [weak self] () async throws -> PullRequestComment? in
                                   do {
                                       // A lost answer is settled by reading the comment back (docs/WRITES.md).
                                       return try await SettledWrite.perform({ try await client.send(endpoint) }, check: {
                                           try await client.send(reread).flatMap { taken($0) { $0.body == text } }
                                       })
                                   } catch let failure as GiteeError where failure.neverReachedServer {
                                       // It waits in the outbox, as a general comment's edit does; the line shows it.
                                       guard let place, let row = place.keep(place.editKind, .init(id: id, body: text),
                                                                             seen: before.body) else { throw failure }
                                       self?.commentSender.waiting[id] = row
                                       return nil
                                   }
                               },
                               settle: { [weak self] answer in
                                   if let answer { self?.replaceComment(id) { $0.body = answer.body } }
                                   self?.finishLineSend(at: anchor, wasEdit: true)
                               },
                               rollBack: { [weak self] error in
                                   self?.replaceComment(id) { $0 = before }
                                   self?.lineSendFailed(text, editing: id, at: anchor, reason: ErrorText.message(for: error))
                               })
        if sent == nil {
            lineComposer.failed(text, editing: id, reason: tr("A change to this comment is still being sent."))
        }
    }

    private func replaceComment(_ id: Int, _ change: (inout PullRequestComment) -> Void) {
        comments.editItems { items in
            if let index = items.firstIndex(where: { $0.id == id }) { change(&items[index]) }
        }
    }

    /// The server has it: that line's draft goes and, if the composer is still there, it closes.
    private func finishLineSend(at anchor: DiffAnchor, wasEdit: Bool) {
        if !wasEdit, let login = session?.user?.login {
            drafts?.saveComment("", account: login, repo: repo, issue: LineDraftPlace.key(number: number, anchor))
        }
        guard composingAt == anchor else { return lineComposer.isSending = false }
        lineComposer.sent(wasEdit: wasEdit)
        if lineComposer.text.isEmpty, !lineComposer.isEditing {
            composingAt = nil
            syncDiffAnnotations()
        }
    }

    private func lineSendFailed(_ text: String, editing: Int?, at anchor: DiffAnchor, reason: String) {
        if composingAt == anchor {
            lineComposer.failed(text, editing: editing, reason: reason)
            return
        }
        lineComposer.isSending = false
        // The composer moved to another line: a new comment's text waits in its own line's draft.
        if editing == nil, let login = session?.user?.login {
            let key = LineDraftPlace.key(number: number, anchor)
            let waiting = drafts?.comment(account: login, repo: repo, issue: key) ?? ""
            drafts?.saveComment(waiting.isEmpty ? text : text + "\n\n" + waiting, account: login, repo: repo, issue: key)
        }
    }

    /// Hands the diff the lines with threads or check annotations and the line the composer is under. Outdated
    /// comments' lines are not in the diff, so nothing is drawn for them there.
    func syncDiffAnnotations() {
        let placed = placeCheckNotes()
        if placed != checkAnchors { checkAnchors = placed }
        diff.annotate(threads: Set(lineThreads.keys).union(placed.keys), composer: composingAt)
    }

    func isOwnComment(id: Int) -> Bool {
        guard let index = comments.items.firstIndex(where: { $0.id == id }) else { return false }
        return isOwnComment(at: index)
    }

    /// Where a line comment is drawn: as its answer places it (`DiffViewModel.anchor(path:position:newLine:)`). nil
    /// for a general comment and for an outdated one (only its `original_position` is left).
    func lineAnchor(of comment: PullRequestComment) -> DiffAnchor? {
        guard let path = comment.path, let position = comment.position else { return nil }
        return diff.anchor(path: path, position: position, newLine: comment.newLine)
    }
}

extension PullRequestViewModel {
    /// A line comment's rendered body (nil while it is parsed; the first call starts the parse).
    public func lineCommentDocument(for body: String) -> Document? { renderedComments.document(for: body) }

    /// The composer's owner for the composer under a line.
    public var lineComposerIsLoggedIn: Bool { isLoggedIn }
}
