import GtkKit
import CSoup
import Foundation
import GLibRuntime
import MayunCore

/// At quit: queued disk writes (issue drafts, the offline store) finish before the process ends, and the HTTP
/// cache's index is written. The writes run on background tasks that report back through the main queue, so the
/// main context keeps turning while we wait (bounded, so a hung disk cannot keep a quitting app alive forever).
@MainActor
package enum PendingWrites {
    package static func finish(_ services: AppServices, timeout: Double = 10) {
        MainQueueBridge.install()  // installed by `run` already; the writes' main-actor hops need it
        final class Done { var value = false }
        let done = Done()
        Task { @MainActor in
            await services.drafts.flush()
            await services.store?.flush()
            done.value = true
        }
        let deadline = g_get_monotonic_time() + Int(timeout * 1_000_000)
        while !done.value, g_get_monotonic_time() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(1000) }
        }
        services.client.flushCache()
        if let error = services.drafts.writeError {
            FileHandle.standardError.write(Data("mayun: \(error)\n".utf8))
        }
    }
}
