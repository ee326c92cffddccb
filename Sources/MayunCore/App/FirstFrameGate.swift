/// Keyring reads wait here until the first window's first frame is painted. The stored login's answer releases the
/// requests its client holds meanwhile (`Session.beginRestore`), and with them libsoup's session, its disk cache and
/// the first fetches; the Secret Service exchange itself is D-Bus work on the main loop. None of it is part of the
/// first frame.
///
/// One gate for the application, made by the composition root (mayun/Services.swift), which hands it to the keyring
/// (`ReadsAfterFirstFrame`) and to the application (GtkKit's `AfterFirstFrame.openGate`). Open until the application
/// shows its first window, so a start without a window (Run in the Background) and tests never wait; once opened it
/// stays open (a later window does not close it again).
@MainActor
public final class FirstFrameGate {
    /// How long reads wait at most for a first frame that does not come (a window that is never mapped).
    public static let fallbackMilliseconds: UInt32 = 1000

    public private(set) var isOpen = true
    private var closedBefore = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    public init() {}

    /// The first window is about to be shown: reads asked from now on wait for its first frame. Returns false, and
    /// does nothing, when the gate was closed before (only the first window holds the reads).
    @discardableResult
    public func close() -> Bool {
        guard !closedBefore else { return false }
        closedBefore = true
        isOpen = false
        return true
    }

    /// The first frame is painted (or will not come): everything waiting goes on, in the order it asked.
    public func open() {
        guard !isOpen else { return }
        isOpen = true
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume() }
    }

    /// Returns at once when open; otherwise when the first frame is painted.
    public func passed() async {
        if isOpen { return }
        await withCheckedContinuation { waiting.append($0) }
    }
}

/// A credential store whose reads wait for `gate` (`FirstFrameGate` says why). Writes go straight through: nothing
/// writes before the first frame, and a write asked later has nothing to wait for.
@MainActor
public final class ReadsAfterFirstFrame: CredentialStore {
    private let wrapped: any CredentialStore
    private let gate: FirstFrameGate

    public init(_ store: any CredentialStore, gate: FirstFrameGate) {
        wrapped = store
        self.gate = gate
    }

    public func secret(for key: CredentialKey) async throws(CredentialStoreError) -> String? {
        await gate.passed()
        return try await wrapped.secret(for: key)
    }

    public func store(_ secret: String, for key: CredentialKey, label: String) async throws(CredentialStoreError) {
        try await wrapped.store(secret, for: key, label: label)
    }

    public func removeSecret(for key: CredentialKey) async throws(CredentialStoreError) {
        try await wrapped.removeSecret(for: key)
    }
}
