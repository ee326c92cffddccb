import Foundation
import GLibRuntime
import Synchronization

/// The draft store's disk writes: one at a time, in order, on a `SerialWorkQueue` thread (never the main thread),
/// and coalesced per file. Typing saves at every key; while a file's write is still waiting its turn, a newer text
/// only replaces what that write will take, so a burst of keys costs one write and the last text always wins.
/// Until a text is on disk it is kept here, so reads (`waiting`) never see an older file.
final class DraftWriter: Sendable {
    /// What a file should become: these bytes (written 0600 through `PrivateFiles`), or no file.
    enum Content: Sendable {
        case bytes(Data)
        case removed
    }

    private struct Pending {
        var content: Content
        /// A file of an earlier name or format to remove once this one is written (nil: none).
        var legacy: URL?
        var generation: UInt64
        /// A job for this file is on the queue and has not taken `content` yet: a newer save only updates it.
        var queued: Bool
        var report: @Sendable (String?) -> Void
    }

    private struct State {
        var pending: [String: Pending] = [:]
        var generation: UInt64 = 0
        /// Files written or removed so far (tests: a burst of saves is one write).
        var diskWrites = 0
    }

    /// One thread for every store's writes (a store per identity; drafts are small): no thread per store, and a store
    /// let go of (an account switch) never waits for its writes on the main thread.
    private static let queue = SerialWorkQueue()
    private var queue: SerialWorkQueue { Self.queue }
    private let state = Mutex(State())

    /// What is still waiting to be written to `file` (`.removed`: its removal), or nil when the disk has the latest.
    func waiting(_ file: URL) -> Content? {
        state.withLock { $0.pending[file.path]?.content }
    }

    /// Queues `content` for `file`; `report` gets the failure in words (nil: written), on the queue's thread.
    func write(_ content: Content, to file: URL, removing legacy: URL?,
               report: @escaping @Sendable (String?) -> Void) {
        let key = file.path
        let needsJob = state.withLock { state -> Bool in
            state.generation &+= 1
            let alreadyQueued = state.pending[key]?.queued == true
            state.pending[key] = Pending(content: content, legacy: legacy, generation: state.generation, queued: true,
                                         report: report)
            return !alreadyQueued
        }
        guard needsJob else { return }
        queue.async { [self] in run(key, file: file) }
    }

    /// Runs `work` after the writes queued so far and waits for it (a first login's move of its drafts).
    func runAfterWrites(_ work: @escaping @Sendable () -> Void) {
        queue.sync(work)
    }

    /// Waits, without blocking the caller's thread, for the writes queued so far.
    func flush() async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async { done.resume() }
        }
    }

    var diskWrites: Int { state.withLock { $0.diskWrites } }

    /// Holds the queue until the returned function is called (tests: saves made meanwhile are all still waiting).
    func hold() -> @Sendable () -> Void {
        let gate = DispatchSemaphore(value: 0)
        queue.async { gate.wait() }
        return { gate.signal() }
    }

    private func run(_ key: String, file: URL) {
        let taken = state.withLock { state -> Pending? in
            state.pending[key]?.queued = false
            return state.pending[key]
        }
        guard let taken else { return }
        let failure = Self.perform(taken.content, on: file, legacy: taken.legacy)
        state.withLock { state in
            state.diskWrites += 1
            // A save made during the write stays waiting (its own job is queued); this one is on disk now.
            if state.pending[key]?.generation == taken.generation { state.pending[key] = nil }
        }
        taken.report(failure)
    }

    private static func perform(_ content: Content, on file: URL, legacy: URL?) -> String? {
        // For names that needed no encoding the old file is the new one: it must not be removed then.
        let oldCopy = legacy?.path == file.path ? nil : legacy
        do {
            switch content {
            case .removed:
                if let oldCopy { try? FileManager.default.removeItem(at: oldCopy) }
                if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
            case .bytes(let data):
                try PrivateFiles.write(data, to: file)
                if let oldCopy { try? FileManager.default.removeItem(at: oldCopy) }
            }
            return nil
        } catch {
            return DraftStore.message(for: error)
        }
    }
}
