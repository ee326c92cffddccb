import CSoup
import Dispatch

/// Work run one item at a time, in order, on one thread of its own: what a serial `DispatchQueue` does, without
/// starting a libdispatch worker (whose monitor would then wake the process every second; see `GlobalExecutor`).
/// The thread waits on the queue without a timeout while there is nothing to do.
public final class SerialWorkQueue: @unchecked Sendable {
    private typealias Work = ClosureBox<@Sendable () -> Void>
    private let pool: UnsafeMutablePointer<GThreadPool>?

    public init() {
        // Exclusive, one thread: items run in the order pushed (GAsyncQueue is FIFO).
        pool = g_thread_pool_new({ data, _ in
            CallbackData.take(data, as: Work.self)?.body()
        }, nil, 1, 1, nil)
    }

    deinit {
        // Runs what is queued, then ends the thread.
        g_thread_pool_free(pool, 0, 1)
    }

    public func async(_ work: @escaping @Sendable () -> Void) {
        guard let pool else { return work() }
        g_thread_pool_push(pool, CallbackData.retain(Work(work)), nil)
    }

    /// Runs `work` after everything queued before it and waits for it (tests, and reads of state kept on the queue).
    /// Escaping: the queue's thread lets go of it only after the caller has been woken.
    public func sync(_ work: @escaping () -> Void) {
        nonisolated(unsafe) let work = work
        let done = DispatchSemaphore(value: 0)  // a futex: waiting on it starts no worker
        async {
            work()
            done.signal()
        }
        done.wait()
    }
}
