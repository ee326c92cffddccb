import GiteeKit
import Observation

/// Where a thread's comments wait when the server cannot be reached: the account's outbox, and the thread.
@MainActor
struct OutboxPlace {
    let outbox: Outbox
    let kind: OutboxEntry.Kind
    let repo: RepositoryID
    let number: String

    /// Keeps `text` in the outbox (`seen`: the newest comment id the page showed); the row's id, nil if not kept.
    func keep(_ text: String, _ seen: Int) -> Int64? {
        outbox.enqueue(kind, repo: repo, number: number, payload: text, seen: String(seen))?.id
    }

    /// This thread's new comments (on a pull request, those on lines of its diff too).
    var rows: [OutboxEntry] {
        outbox.entries(about: repo, number: number,
                       kinds: kind == .pullRequestComment ? [kind, .pullRequestLineComment] : [kind])
    }

    /// The kinds of this thread's comment edits and deletions.
    var editKind: OutboxEntry.Kind { kind == .issueComment ? .issueCommentEdit : .pullRequestCommentEdit }
    var deletionKind: OutboxEntry.Kind { kind == .issueComment ? .issueCommentDeletion : .pullRequestCommentDeletion }

    /// This thread's waiting edits and deletions.
    var changeRows: [OutboxEntry] { outbox.entries(about: repo, number: number, kinds: [editKind, deletionKind]) }

    /// Keeps a comment's edit or deletion (`seen`: the text the person edited from); a change already waiting for
    /// the same comment is replaced, keeping what was first seen. The row's id, nil if not kept.
    func keep(_ kind: OutboxEntry.Kind, _ change: OutboxEntry.CommentChange, seen: String) -> Int64? {
        var seen = seen
        for row in changeRows where row.commentChange?.id == change.id {
            guard outbox.cancel(row.id) != nil else { return nil }  // its request is out: this one cannot wait behind it
            if row.kind == editKind { seen = row.seen }
        }
        return outbox.enqueue(kind, repo: repo, number: number, payload: change.payload, seen: seen)?.id
    }
}

/// Comments waiting in the outbox, shown at the end of their thread as "Waiting to send" with Cancel, also after
/// the page is reopened or the app restarted, and edits and deletions of comments, shown on their comment ("Edit
/// waiting to send", "Deletion waiting to send") with Cancel; once the outbox has sent one, the thread is read again
/// and shows the server's copy.
extension CommentSender {
    /// Starts showing this thread's waiting comments from `outbox`.
    func useOutbox(_ place: OutboxPlace) {
        outboxPlace = place
        followOutbox()
        syncWaiting()
    }

    /// The outbox row of the comment at `index`, when it is one that waits.
    func waitingEntry(at index: Int) -> OutboxEntry? {
        guard let comment = comments.item(at: index) else { return nil }
        return waitingEntry(id: comment.id)
    }

    /// The outbox row of the comment `id`, when it is one that waits.
    func waitingEntry(id: Int) -> OutboxEntry? {
        // The outbox's rows are read first, always: a view that asks follows them, so it redraws when a comment it
        // shows as sending is put in the outbox (`waiting` itself is not observed).
        guard let entries = outboxPlace?.outbox.entries, let row = waiting[id] else { return nil }
        return entries.first { $0.id == row }
    }

    /// Cancel on a waiting comment: it leaves the outbox. A new comment leaves the thread and its text goes back into
    /// the composer (and its draft); an edit goes back into the composer as an edit, the comment showing the text it
    /// had; a deletion leaves the comment as it is. Nothing happens while its request is out.
    func cancelWaiting(at index: Int) {
        guard let place = outboxPlace, let shownID = comments.item(at: index)?.id else { return }
        guard let row = waiting[shownID], let entry = place.outbox.cancel(row) else { return }
        waiting[shownID] = nil
        switch entry.kind {
        case place.editKind:
            guard let change = entry.commentChange else { return }
            replace(shownID) { $0.body = entry.seen }
            composer.beginEditing(id: shownID, body: change.body)
        case place.deletionKind:
            break
        case .pullRequestLineComment:
            comments.editItems { $0.removeAll { $0.id == shownID } }
            restoreLineComment?(entry)
        default:
            comments.editItems { $0.removeAll { $0.id == shownID } }
            composer.restore(entry.payload)
        }
    }

    /// Makes the thread show exactly the outbox's rows for it: new comments not shown are appended, shown ones whose
    /// row is gone (sent, or cancelled elsewhere) leave; a waiting edit shows its new text on its comment, and a
    /// waiting edit or deletion marks it. A row that left because it was sent has the thread read again for the
    /// server's copy.
    func syncWaiting() {
        guard let place = outboxPlace, !syncingWaiting else { return }
        syncingWaiting = true
        defer { syncingWaiting = false }
        let rows = place.rows, changes = place.changeRows
        let live = Set(rows.map(\.id)).union(changes.map(\.id))
        let shownIDs = Set(comments.items.map(\.id))
        var left: Set<Int> = []
        var changeLeft = false
        for (shownID, row) in waiting where !live.contains(row) || !shownIDs.contains(shownID) {
            waiting[shownID] = nil
            guard !live.contains(row) else { continue }
            if shownID < 0 { left.insert(shownID) } else { changeLeft = true }
        }
        var edits: [Int: String] = [:]
        for row in changes {
            guard let change = row.commentChange, shownIDs.contains(change.id) else { continue }
            waiting[change.id] = row.id
            if row.kind == place.editKind { edits[change.id] = change.body }
        }
        let shownRows = Set(waiting.values)
        let missing = rows.filter { !shownRows.contains($0.id) }
        let unedited = comments.items.contains { comment in edits[comment.id].map { $0 != comment.body } ?? false }
        if !left.isEmpty || !missing.isEmpty || unedited {
            let author = me()
            var added: [Int: Int64] = [:]
            comments.editItems { items in
                items.removeAll { left.contains($0.id) }
                for index in items.indices { if let body = edits[items[index].id] { items[index].body = body } }
                for row in missing {
                    added[nextPendingID] = row.id
                    items.append(Item.waiting(row, pendingID: nextPendingID, author: author))
                    nextPendingID -= 1
                }
            }
            waiting.merge(added) { new, _ in new }
        }
        // Also while a load is on its way: it may have left before the outbox's request and answer without the
        // change (a refresh supersedes it). Only a thread never loaded waits for its own first load.
        if case .notLoaded = comments.state {} else if !left.isEmpty || changeLeft { comments.refresh() }
    }

    /// Follows the outbox's rows for as long as this sender lives.
    private func followOutbox() {
        guard let outbox = outboxPlace?.outbox else { return }
        withObservationTracking {
            _ = outbox.entries
        } onChange: { [weak self] in
            Task { @MainActor [weak self] in
                self?.syncWaiting()
                self?.followOutbox()
            }
        }
    }
}
