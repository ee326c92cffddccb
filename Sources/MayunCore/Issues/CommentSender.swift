import GiteeKit

/// A comment a person can write, edit and delete (on an issue or a pull request); a new one is shown before the
/// server numbers it, under a negative id.
public protocol EditableComment: WrittenComment, Identifiable where ID == Int {
    var id: Int { get }
    var body: String { get set }
    init(pendingID: Int, body: String, author: User?)
    /// The comment a row of the outbox stands for in its thread, under `pendingID`.
    static func waiting(_ row: OutboxEntry, pendingID: Int, author: User?) -> Self
}

extension EditableComment {
    public static func waiting(_ row: OutboxEntry, pendingID: Int, author: User?) -> Self {
        Self(pendingID: pendingID, body: row.payload, author: author)
    }
}

extension Comment: EditableComment {
    public init(pendingID: Int, body: String, author: User?) { self.init(id: pendingID, body: body, author: author) }
}

extension PullRequestComment: EditableComment {
    public init(pendingID: Int, body: String, author: User?) { self.init(id: pendingID, body: body, author: author) }

    /// A waiting line comment stands on its line.
    public static func waiting(_ row: OutboxEntry, pendingID: Int, author: User?) -> Self {
        guard let line = row.lineComment else { return Self(pendingID: pendingID, body: row.payload, author: author) }
        return Self(id: pendingID, body: line.body, author: author, path: line.path, commentType: "diff_comment",
                    position: line.position)
    }
}

/// Writing comments under a thread, for any page with a `CommentComposer` (issues, pull requests): a new comment
/// shows at once at the end of the thread (marked as sending) and takes the server's copy when it answers; an edit
/// shows its new text at once; a deletion removes it at once. A refusal puts everything back and the text into the
/// composer, with the reason. Every change goes through the page's `writes`.
@MainActor
final class CommentSender<Item: EditableComment> {
    /// The three calls, bound to the page's issue or pull request.
    struct Calls {
        let create: @MainActor (String) async throws -> Item
        let edit: @MainActor (Int, String) async throws -> Item
        let delete: @MainActor (Int) async throws -> Void
        /// One comment as the server has it now, nil when it is gone: the check of a lost edit or deletion.
        let read: @MainActor (Int) async throws -> Item?
        /// The thread's newest comments (its last page): where a comment whose answer was lost is looked for.
        let newest: @MainActor () async throws -> [Item]
    }

    let comments: PagedListViewModel<Item>
    let composer: CommentComposer
    private let writes: ScreenWrites
    private let calls: Calls
    /// The logged-in person (nil when nobody is).
    let me: @MainActor () -> User?
    /// Ids for comments shown before the server numbered them (negative, never a server's).
    var nextPendingID = -1
    /// Where a comment that could not reach the server waits (CommentSender+Outbox.swift); nil: it fails as before.
    var outboxPlace: OutboxPlace?
    /// Comments shown as "Waiting to send": their shown (negative) id, and their outbox row.
    var waiting: [Int: Int64] = [:]
    /// Where a waiting line comment's text goes when it is cancelled from the thread (the line's composer); nil on
    /// threads without lines.
    var restoreLineComment: (@MainActor (OutboxEntry) -> Void)?
    var syncingWaiting = false

    init(comments: PagedListViewModel<Item>, composer: CommentComposer, writes: ScreenWrites, calls: Calls,
         me: @escaping @MainActor () -> User?) {
        self.comments = comments
        self.composer = composer
        self.writes = writes
        self.calls = calls
        self.me = me
    }

    /// Whether the comment at `index` is the logged-in person's own (edit and delete are shown for it).
    func isOwn(at index: Int) -> Bool {
        guard let login = me()?.login, let comment = comments.item(at: index) else { return false }
        return comment.id > 0 && comment.author?.login == login
    }

    /// A comment shown before the server has it ("Sending…" instead of its time).
    func isPending(at index: Int) -> Bool {
        (comments.item(at: index)?.id ?? 0) < 0
    }

    /// Starts editing one of the person's own comments in the composer.
    func edit(at index: Int) {
        guard isOwn(at: index) else { return }
        composer.beginEditing(id: comments.items[index].id, body: comments.items[index].body)
    }

    /// Deletes one of the person's own comments (after the page asked): gone at once, back where it was if refused.
    func delete(at index: Int) {
        guard isOwn(at: index) else { return }
        let removed = comments.items[index]
        let calls = calls, place = outboxPlace
        let putBack: @MainActor (CommentSender?) -> Void = { sender in
            sender?.comments.editItems { items in items.insert(removed, at: min(index, items.count)) }
        }
        writes.send(key: "comment \(removed.id)", failure: tr("Could not delete the comment: %@"),
                    apply: { comments.editItems { $0.removeAll { $0.id == removed.id } } },
                    request: { [weak self] () async throws -> Int64? in
                        do {
                            // A lost answer is settled by asking: gone means deleted (docs/WRITES.md).
                            try await SettledWrite.perform({ try await calls.delete(removed.id) },
                                                           check: { try await calls.read(removed.id) == nil ? () : nil })
                            return nil
                        } catch let failure as GiteeError where failure.neverReachedServer {
                            // It waits in the outbox; the comment stays, marked, until it is sent.
                            guard let place, let row = place.keep(place.deletionKind, .init(id: removed.id, body: removed.body),
                                                                  seen: removed.body) else { throw failure }
                            self?.waiting[removed.id] = row
                            return row
                        }
                    },
                    settle: { [weak self] row in if row != nil { putBack(self) } },
                    rollBack: { [weak self] _ in putBack(self) })
    }

    /// The composer's Comment / Save.
    func send() {
        let author = me()
        let (text, editing) = composer.takeForSending()
        let calls = calls
        if let editing {
            guard let before = comments.items.first(where: { $0.id == editing }) else {
                return composer.failed(text, editing: editing, reason: tr("The comment is no longer shown."))
            }
            let place = outboxPlace
            let sent = writes.send(key: "comment \(editing)", failure: tr("Could not save the comment: %@"),
                                   apply: { replace(editing) { $0.body = text } },
                                   request: { [weak self] () async throws -> Item? in
                                       do {
                                           return try await SettledWrite.perform({ try await calls.edit(editing, text) }, check: {
                                               try await calls.read(editing).flatMap { taken($0) { $0.body == text } }
                                           })
                                       } catch let failure as GiteeError where failure.neverReachedServer {
                                           // It waits in the outbox; the comment shows the new text, marked.
                                           guard let place, let row = place.keep(place.editKind, .init(id: editing, body: text),
                                                                                 seen: before.body) else { throw failure }
                                           self?.waiting[editing] = row
                                           return nil
                                       }
                                   },
                                   settle: { [weak self] answer in
                                       if let answer { self?.replace(editing) { $0 = answer } }
                                       self?.composer.sent(wasEdit: true)
                                   },
                                   rollBack: { [weak self] error in
                                       self?.replace(editing) { $0 = before }
                                       self?.composer.failed(text, editing: editing, reason: ErrorText.message(for: error))
                                   },
                                   always: composer.editDrafts.clearedWhenSaved([(EditDrafts.comment(editing), text)]))
            if sent == nil { composer.failed(text, editing: editing, reason: tr("A change to this comment is still being sent.")) }
            return
        }
        let pendingID = nextPendingID
        nextPendingID -= 1
        // A comment whose answer was lost is looked for, never posted again: the person's newest comment with this
        // text that was not on the page before sending.
        let shownBefore = Set(comments.items.map(\.id))
        let login = author?.login
        let found: @MainActor () async throws -> Item? = {
            try await calls.newest().last { $0.author?.login == login && $0.body == text && !shownBefore.contains($0.id) }
        }
        // A comment that provably never reached the server waits in the outbox, shown in place; its draft goes
        // once it is there.
        let place = outboxPlace
        let seen = comments.items.map(\.id).max() ?? 0
        writes.send(failure: tr("Could not comment: %@"),
                    apply: { comments.editItems { $0.append(Item(pendingID: pendingID, body: text, author: author)) } },
                    request: { [weak self] () async throws -> OutboxOutcome<Item> in
                        do {
                            return .sent(try await SettledWrite.perform({ try await calls.create(text) }, check: found))
                        } catch let failure as GiteeError where failure.neverReachedServer {
                            guard let row = place?.keep(text, seen) else { throw failure }
                            // Shown as waiting in the same main-actor step, before the outbox's observers run.
                            self?.waiting[pendingID] = row
                            return .waiting(row)
                        }
                    },
                    settle: { [weak self] outcome in
                        switch outcome {
                        case .sent(let answer): self?.replace(pendingID) { $0 = answer }
                        case .waiting: break
                        }
                        self?.composer.sent(wasEdit: false)
                    },
                    rollBack: { [weak self] error in
                        self?.comments.editItems { $0.removeAll { $0.id == pendingID } }
                        self?.composer.failed(text, editing: nil, reason: ErrorText.message(for: error))
                    },
                    always: composer.draftOutcome(for: text))
    }

    func replace(_ id: Int, _ change: (inout Item) -> Void) {
        comments.editItems { items in
            if let index = items.firstIndex(where: { $0.id == id }) { change(&items[index]) }
        }
    }
}

extension Session {
    /// The logged-in person as a comment's author (nil when nobody is logged in).
    var loggedInUser: User? {
        guard isLoggedIn, let user else { return nil }
        return User(id: 0, login: user.login, name: user.name, avatarURL: user.avatarURL)
    }
}

extension CommentSender.Calls where Item: Decodable {
    /// The calls on one thread of `kind` in `repo`: its own `create` and `newest` (the thread's number is in them),
    /// and the edit, read and delete that every thread of that kind shares.
    init(_ kind: CommentKind<Item>, in repo: RepositoryID, client: GiteeClient,
         create: @escaping @MainActor (String) -> Endpoint<Item>, newest: Endpoint<[Item]>) {
        let (owner, name) = (repo.owner, repo.name)
        self.init(create: { body in try await client.send(create(body)) },
                  edit: { id, body in
                      try await client.send(Endpoints.editComment(kind, owner: owner, repo: name, id: id, body: body))
                  },
                  delete: { id in
                      _ = try await client.send(Endpoints.deleteComment(kind, owner: owner, repo: name, id: id))
                  },
                  read: { id in try await client.send(Endpoints.comment(kind, owner: owner, repo: name, id: id)) },
                  newest: { try await client.lastPage(newest) })
    }
}
