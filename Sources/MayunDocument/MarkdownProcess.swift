import CMark
import Foundation
import Synchronization

/// cmark-gfm for markdown long enough to be slow, run in a child process that is killed when its parse is no longer
/// wanted. Debian's cmark-gfm 0.29.0.gfm.6 is quadratic on some inputs (`![[]()` repeated: 60 KB 0.29 s, 240 KB
/// 4.5 s, about 75 s at the 1 MB cap) and cannot be interrupted in-process, so an abandoned in-process parse kept a
/// core busy long after its page was gone and delayed every other task on the two cooperative threads. In a child:
/// the budget (or the page closing) kills it within `pollInterval`; it runs at `niceIncrement`, so the app's own
/// threads come first; the kernel ends it past `cpuSecondsLimit` of CPU even if this process cannot; nothing in
/// the app's thread pool waits for it (a thread of its own polls the pipe). Below `inProcessLimit` bytes cmark runs
/// in-process: the worst input known of that size takes well under 0.1 s, less than a fork of a large process.
enum MarkdownProcess {
    /// UTF-8 bytes of markdown up to which cmark-gfm runs in-process (16 KB of `![[]()` took about 20 ms).
    static let inProcessLimit = 16 * 1_024
    static let niceIncrement: Int32 = 10
    static let cpuSecondsLimit: Int32 = 3
    /// HTML larger than this from the child is not read on (cmark's HTML of 1 MB of markdown is a few MB).
    static let maxHTMLBytes = 64 * 1_024 * 1_024
    /// How often the waiting thread looks at the budget: the longest a child outlives its page.
    static let pollInterval: Int32 = 20
    /// Children started and not yet reaped (tests check that a cancelled parse leaves none).
    static let running = Atomic<Int>(0)
    static var runningChildren: Int { running.load(ordering: .relaxed) }
    /// At most this many children at once, across the app: a thread of 40 long hostile comments must not fork 40
    /// copies of a large process. The others wait for a slot on their own waiting thread (and give up when their
    /// budget does), never on the app's threads.
    static let maxChildren = 2
    private static let slots = DispatchSemaphore(value: maxChildren)
    /// The most children that ever ran at once (tests).
    static let peak = Atomic<Int>(0)

    /// cmark-gfm's HTML for `markdown`: in-process when short, otherwise from a child killed when `budget` runs out
    /// or is cancelled; nil then, or when the child failed (the caller shows the plain text).
    static func html(from markdown: String, budget: ParseBudget?) async -> String? {
        guard let budget, markdown.utf8.count > inProcessLimit else { return MarkdownRenderer.html(from: markdown) }
        return await withCheckedContinuation { continuation in
            let thread = Thread { continuation.resume(returning: renderInChild(markdown, budget: budget)) }
            thread.name = "mayun-markdown-wait"
            thread.start()
        }
    }

    /// Starts the child and reads its HTML until it ends, the budget runs out, or the output is too large.
    private static func renderInChild(_ markdown: String, budget: ParseBudget) -> String? {
        while slots.wait(timeout: .now() + .milliseconds(Int(pollInterval))) == .timedOut {
            if budget.isExhausted { return nil }
        }
        defer { slots.signal() }
        if budget.isExhausted { return nil }
        MarkdownRenderer.registerExtensions()
        var readEnd: Int32 = -1
        let pid = markdown.utf8CString.withUnsafeBufferPointer { text in
            MarkdownRenderer.withExtensionNames { names, count in
                mayun_cmark_render_in_child(text.baseAddress, text.count - 1, MarkdownRenderer.options, names,
                                            count, niceIncrement, cpuSecondsLimit, &readEnd)
            }
        }
        guard pid > 0 else { return nil }
        let now = running.add(1, ordering: .relaxed).newValue
        peak.max(now, ordering: .relaxed)
        var status: Int32 = 0
        var reaped = false
        defer {
            close(readEnd)
            // Killed only while not reaped: a reaped pid may already belong to another process.
            if !reaped {
                kill(pid, SIGKILL)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
            running.subtract(1, ordering: .relaxed)
        }
        var html: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1_024)
        while true {
            if budget.isExhausted || html.count > maxHTMLBytes { return nil }
            var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, pollInterval)
            if ready < 0, errno != EINTR { return nil }
            if ready <= 0 { continue }
            let count = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return nil
            }
            if count == 0 { break }
            html.append(contentsOf: chunk[..<count])
        }
        // End of output: the child wrote everything and is leaving. Only a clean exit counts (a crash or the CPU
        // limit may have cut the HTML short).
        var answer: pid_t
        repeat { answer = waitpid(pid, &status, 0) } while answer < 0 && errno == EINTR
        // Reaped here, or (ECHILD) by someone else: either way the pid is no longer ours to signal.
        reaped = true
        guard answer == pid else { return nil }
        let exitedCleanly = (status & 0x7f) == 0 && ((status >> 8) & 0xff) == 0
        return exitedCleanly ? String(decoding: html, as: UTF8.self) : nil
    }
}
