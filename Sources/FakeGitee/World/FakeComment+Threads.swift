import Foundation

/// What issue and pull request comments share on the fake site: finding one in a project's threads, and an edit.
extension FakeComment {
    /// The comment `id` in any of `threads`, with the thread it is on.
    static func find<Thread>(_ id: Int, among threads: [Thread],
                             comments: (Thread) -> [FakeComment]) -> (comment: FakeComment, thread: Thread)? {
        for thread in threads {
            if let comment = comments(thread).first(where: { $0.id == id }) { return (comment, thread) }
        }
        return nil
    }
}

extension [FakeComment] {
    /// Gives comment `id` the new `body`, marked edited now; nil when it is not in the list.
    mutating func edit(_ id: Int, body: String) -> FakeComment? {
        guard let index = firstIndex(where: { $0.id == id }) else { return nil }
        self[index].body = body
        self[index].editedAt = World.writeTime
        return self[index]
    }
}

extension [Int: [FakeComment]] {
    /// Gives comment `id` the new `body` in `current`, the comments of `thread` now, and keeps them under `thread`;
    /// nil, and nothing written, when the thread has no such comment.
    mutating func edit(_ id: Int, body: String, thread: Int, current: [FakeComment]) -> FakeComment? {
        var list = current
        guard let edited = list.edit(id, body: body) else { return nil }
        self[thread] = list
        return edited
    }
}
