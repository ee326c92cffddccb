import CGtk
import GtkBasics
import GtkKit
import MayunUI

/// Start-up (issue 29): GIO's default proxy resolver is made at the first HTTP request, on the thread asking: it loads
/// GIO's proxy modules (libgiognomeproxy, libgiolibproxy and libproxy, which reads its configuration) and builds the
/// resolver, twice over the extension point's candidates. On a warm start the first request is the saved Featured
/// rows' avatars, asked for while the first frame lays the rows out, so that was 4-30 ms of the main thread inside
/// the first frame (strace: the modules opened on the main thread between the rows' text layout and their paint).
/// `start()`, called at `startup` beside `IconThemeWarmUp`, makes it on a thread of its own instead;
/// `g_proxy_resolver_get_default` is thread-safe (GIO's default-module lookup holds a lock, so the main thread's
/// first request waits for a resolver still being made rather than making a second).
package enum ProxyResolverWarmUp {
    /// Starts making the resolver on a new thread (tests wait for it with `join`); false when no thread could start.
    @discardableResult
    package static func start(join: Bool = false) -> Bool {
        guard let thread = g_thread_try_new("mayun-proxy", { _ in
            _ = g_proxy_resolver_get_default()  // GIO keeps the default for the process: nothing to free
            return nil
        }, nil, nil) else { return false }
        if join { g_thread_join(thread) } else { g_thread_unref(thread) }
        return true
    }
}
