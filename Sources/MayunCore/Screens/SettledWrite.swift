import GiteeKit

/// A write whose answer was lost is settled by asking the server what is true, never by sending it again.
///
/// A 5xx, a timeout, a reset or a cut-off answer can come after the server did the write: a gateway gave up on a
/// slow backend, the link dropped on the way back. Sent again, a merge is refused as "not open", a comment is posted
/// twice, a commit conflicts with itself. So GiteeKit never repeats a write after such an answer (GiteeClient's
/// `retryDelay`), and the write's caller passes `check`, a read of the thing it changed: an answer means the write
/// was done (it stands in for the lost one, and the page shows success); nil means it was not (the first error is
/// thrown, the page rolls back and keeps the text, so sending again is the person's choice and safe). When the check
/// fails too, the first error is thrown: nothing is claimed either way. docs/WRITES.md lists each write's check.
public enum SettledWrite {
    public static func perform<Answer: Sendable>(_ write: @MainActor () async throws -> Answer,
                                                 check: @MainActor () async throws -> Answer?) async throws -> Answer {
        do {
            return try await write()
        } catch let failure as GiteeError where failure.leavesOutcomeUnknown {
            guard let done = try? await check() else { throw failure }
            return done
        }
    }
}

/// `value` when `condition` holds, else nil: a check's "was it done?" (`taken(issue) { $0.state == "closed" }`).
func taken<Value>(_ value: Value, if condition: (Value) -> Bool) -> Value? { condition(value) ? value : nil }
