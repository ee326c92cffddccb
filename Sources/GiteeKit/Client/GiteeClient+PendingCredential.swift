import Foundation

extension GiteeClient {
    /// The longest a request waits for a stored login (a keyring that asks to be unlocked must not hold every page).
    static let pendingCredentialLimit: Duration = .seconds(3)

    /// Requests wait until `applying` has put the stored credential in place (the Session reads it from the keyring
    /// at start and right after an account switch), at most `pendingCredentialLimit`: a page opened meanwhile is not
    /// fetched as nobody (a private project would fail, a public one be fetched twice).
    public func holdRequests(until applying: Task<Void, Never>) {
        pendingCredential = applying
    }

    func waitForPendingCredential() async {
        guard let pending = pendingCredential else { return }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let once = ResumeOnce(continuation)
            Task { @MainActor in
                await pending.value
                once.resume()
            }
            // On the main actor: its sleep is the main queue's timer (see GLibRuntime's GlobalExecutor).
            Task { @MainActor in
                try? await Task.sleep(for: Self.pendingCredentialLimit)
                once.resume()
            }
        }
        if pendingCredential == pending { pendingCredential = nil }
    }
}

/// Resumes a continuation the first time it is asked to, of several racing callers.
@MainActor
private final class ResumeOnce {
    private var continuation: CheckedContinuation<Void, Never>?

    init(_ continuation: CheckedContinuation<Void, Never>) { self.continuation = continuation }

    func resume() {
        continuation?.resume()
        continuation = nil
    }
}
