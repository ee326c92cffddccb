import CGlobalExecutor
import CSoup

/// Swift's global concurrent executor (every `Task.detached`, every nonisolated `async` function) on GLib threads
/// instead of libdispatch's workers.
///
/// On Linux the first job libdispatch gives a worker thread starts its workqueue monitor: a timer that fires every
/// second for as long as the process lives (`_dispatch_workq_init_once`). Mayun checking notifications in the
/// background would wake 60 times a minute for nothing. With the runtime's global-executor hooks taken over here, and
/// nothing else in the app queueing work on libdispatch (`SerialWorkQueue` instead of `DispatchQueue`, GRDB's blocking
/// calls from a task instead of its async ones), no libdispatch worker ever starts. The main actor still runs on
/// libdispatch's main queue, which GLib's main loop drains (`MainQueueBridge`).
///
/// Sleep on the main actor only: Swift 6.3's `Task.sleep` asks the current executor to wake it, and off the main actor
/// that is libdispatch's global executor (`dispatch_after` on a global queue), which would start a worker after all.
/// On the main actor it is the main queue's own timer. (bench/wakeups.py names the threads that woke.)
public enum GlobalExecutor {
    /// Installs it. Call it first thing in `main`, before any task starts; later calls do nothing.
    public static func install(threads: Int = defaultThreads) {
        mayun_global_executor_install(UInt32(clamping: threads))
    }

    /// Two per core, at least 4 (a few tasks block briefly on SQLite or a file), at most 16.
    public static var defaultThreads: Int {
        min(max(2 * Int(g_get_num_processors()), 4), 16)
    }

    public static var isInstalled: Bool { mayun_global_executor_installed() != 0 }

    /// Jobs the workers ran so far (tests).
    public static var jobsRun: UInt64 { mayun_global_executor_jobs_run() }
}
