import CGtk
import Foundation
import GLibRuntime
import GiteeKit
import GtkKit
import MayunCore
import MayunShell
import MayunUI

/// For `make bench` (bench/pages.py, issue 29); inert unless `MAYUN_BENCH_PAGE` is set.
///
/// `MAYUN_BENCH_PAGE="route=<issue|pull|notifications|releases|readmes|project|user|file> repo=<owner/name> number=<n>
/// login=<user> path=<a file's path> repos=<owner/name,...> scroll=<0|1> rate=<screens a second> max_seconds=<n> complete=<0|1>"`: two
/// seconds after the window's
/// first frame the probe opens the page as a click would (`Coordinator.push`; a pull request then shows its Files
/// changed tab at once) and measures
/// - `first_screen_ms`: the click to the first painted frame in which the page's outermost state stack has left its
///   loading status (for a pull request: the diff with rows);
/// - `stall_ms`: the longest main-thread stall from the click to one second after that frame (a 1 ms high-priority
///   timer's longest gap, `StallMeter`);
/// - with `scroll=1`: every "Load more comments" pressed until there is no more, the page left to settle (its height
///   steady for a second), then the page's main scroller moved each frame at `rate` screens a second from the top to
///   the end: after-paint to after-paint intervals (p50, p95,
///   p99) and the longest stall while scrolling;
/// - with `complete=1` (bench/pages.py's latency part, issue 41): `complete_ms`, the click to the last painted frame
///   in which the page's widget tree changed (a part drawn as its answer came: comments, the members' controls, the
///   README's document), once the tree has stayed the same for `quiet_ms` (1.5 s); and `clicked_us`, the click on
///   the monotonic clock FakeGitee's request log uses, so the log can be cut at the click;
/// - `route=readmes`: each of `repos`' README opened, left for 1.5 s (its images come) and gone back from; resident
///   memory after the first and after the last (issue 29's memory target).
/// Prints one `page key=value ...` line, then exits.
@MainActor
final class PageBenchmarkProbe {
    struct Spec {
        var route = "issue", repo: RepositoryID?, number = "", login = "", path = "", repos: [RepositoryID] = []
        var scroll = false, rate = 3.0, maxSeconds = 60.0, complete = false, quietMs = 1_500.0

        init(_ text: String) {
            func repository(_ text: String) -> RepositoryID? {
                let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
                return parts.count == 2 ? RepositoryID(owner: parts[0], name: parts[1]) : nil
            }
            for field in text.split(separator: " ") {
                let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2 else { continue }
                let value = Double(pair[1]).map { $0.isFinite ? min(max($0, 0.1), 10_000) : 1 } ?? 1
                switch pair[0] {
                case "route": route = pair[1]
                case "repo": repo = repository(pair[1])
                case "number": number = pair[1]
                case "login": login = pair[1]
                case "path": path = pair[1]
                case "complete": complete = pair[1] == "1"
                case "quiet_ms": quietMs = value
                case "repos": repos = pair[1].split(separator: ",").prefix(1_000).compactMap { repository(String($0)) }
                case "scroll": scroll = pair[1] == "1"
                case "rate": rate = value
                case "max_seconds": maxSeconds = value
                default: break
                }
            }
        }
    }

    private enum Phase { case starting, opening, settling, loadingAll, scrolling, done }

    private let spec: Spec
    private let mainWindow: MainWindow
    private let meter = StallMeter()
    private var phase = Phase.starting
    private var clickedAt = 0, lastPaint = 0, scrollStart = 0
    private var filesShown = false
    /// `complete=1`: the top page's widget count at the last paint, and when it last changed.
    private var widgetCount = -1, lastChange = 0
    private var results: [String] = []
    private var intervals: [Double] = []
    private var readmeIndex = 0, readmeTimes: [Double] = [], readmeStalls: [Double] = [], firstReadmeRSS = 0.0
    private var timers: [MainLoopSource] = []
    private var scroller: Widget?
    private static var retained: PageBenchmarkProbe?

    static func installIfRequested(in mainWindow: MainWindow) {
        guard let text = ProcessInfo.processInfo.environment["MAYUN_BENCH_PAGE"] else { return }
        if Spec(text).route == "accounts" {
            return AccountSwitchBenchmarkProbe.attach(to: mainWindow, spec: Spec(text), text: text)
        }
        gtk_window_set_default_size(typed(widget(mainWindow.windowPointer)), 1100, 800)
        let probe = PageBenchmarkProbe(spec: Spec(text), mainWindow: mainWindow)
        retained = probe
        connect(raw(widget(mainWindow.windowPointer)), "realize", after: true, main: { [unowned probe] in probe.realized() })
    }

    private init(spec: Spec, mainWindow: MainWindow) {
        self.spec = spec
        self.mainWindow = mainWindow
    }

    private var window: Widget { widget(mainWindow.windowPointer) }

    private func realized() {
        guard let clock = gtk_widget_get_frame_clock(window) else { return }
        connect(UnsafeMutableRawPointer(clock), "after-paint", main: { [unowned self] in painted() })
        meter.onBeat = { [unowned self] in beat() }
        meter.start()
        // Give up rather than hang the benchmark.
        after(milliseconds: UInt32(min(spec.maxSeconds * 4 + 120 + Double(spec.repos.count) * 10, 3_600) * 1000)) { [unowned self] in
            finish(["error=timeout", "phase=\(phase)"], status: 1)
        }
    }

    private func after(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) {
        timers.append(MainLoopSource(milliseconds: milliseconds, priority: G_PRIORITY_DEFAULT) {
            action()
            return false
        })
    }

    private var route: Route? {
        switch spec.route {
        case "issue": spec.repo.map { .issue($0, number: spec.number) }
        case "pull": spec.repo.flatMap { repo in Int(spec.number).map { .pullRequest(repo, number: $0) } }
        case "notifications": .notifications
        case "releases": spec.repo.map { .releases($0) }
        case "readmes": spec.repos.indices.contains(readmeIndex) ? .readme(spec.repos[readmeIndex], ref: nil) : nil
        case "project": spec.repo.map { .project($0) }
        case "user": spec.login.isEmpty ? nil : .user(login: spec.login)
        case "file": spec.repo.flatMap { repo in spec.path.isEmpty ? nil : .blob(repo, ref: nil, path: spec.path) }
        default: nil
        }
    }

    // MARK: Opening

    private func painted() {
        let now = g_get_monotonic_time()
        defer { lastPaint = now }
        if spec.complete, phase == .opening || phase == .settling, clickedAt > 0 { noteTreeChange(at: now) }
        switch phase {
        case .starting:
            phase = .settling
            after(milliseconds: 2_000) { [unowned self] in click() }
        case .opening:
            guard isReady else { return }
            phase = .settling
            opened(firstScreen: Double(now - clickedAt) / 1000)
        case .scrolling:
            if lastPaint > 0, scrollStart > 0, now > scrollStart { intervals.append(Double(now - lastPaint) / 1000) }
        default:
            break
        }
    }

    private func click() {
        guard let route else { return finish(["error=bad-route"], status: 1) }
        filesShown = false
        meter.reset()
        clickedAt = g_get_monotonic_time()
        phase = .opening
        mainWindow.coordinator.push(route)
    }

    /// A pull request's Files changed tab is chosen as soon as its page exists (before its first frame).
    private func beat() {
        guard phase == .opening, spec.route == "pull", !filesShown,
              let page = PageBenchmarkTree.topPage(in: window) as? PullRequestPage else { return }
        page.showFiles()
        filesShown = true
    }

    private var isReady: Bool {
        guard let page = PageBenchmarkTree.topPage(in: window) else { return false }
        if let pull = page as? PullRequestPage {
            return filesShown && pull.diff.rowCount > 0 && gtk_widget_get_mapped(widget(pull.diff.benchmarkScroller)) != 0
        }
        return PageBenchmarkTree.showsContent(page)
    }

    private func opened(firstScreen: Double) {
        // The stall window runs on one second past the first screen: the rest of the page is written meanwhile.
        let settle: UInt32 = spec.route == "readmes" ? 1_500 : 1_000
        after(milliseconds: settle) { [unowned self] in
            let stall = meter.longestMilliseconds
            if spec.route == "readmes" { return readmeDone(firstScreen: firstScreen, stall: stall) }
            let widgets = PageBenchmarkTree.topPage(in: window).map { PageBenchmarkTree.descendants(of: widget($0.benchmarkPointer)).count } ?? 0
            results += [String(format: "first_screen_ms=%.1f", firstScreen), String(format: "stall_ms=%.1f", stall),
                        "widgets=\(widgets)"]
            if spec.scroll { loadAll() } else if spec.complete { awaitQuiet() } else { finish([]) }
        }
    }

    // MARK: Complete (every part drawn)

    private func noteTreeChange(at now: Int) {
        guard let page = PageBenchmarkTree.topPage(in: window) else { return }
        let count = PageBenchmarkTree.descendants(of: widget(page.benchmarkPointer)).count
        if count != widgetCount {
            widgetCount = count
            lastChange = now
        }
    }

    /// Finishes once the page's widget tree has not changed for `quiet_ms`: its last part came at `lastChange`.
    private func awaitQuiet() {
        timers.append(MainLoopSource(milliseconds: 100, priority: G_PRIORITY_DEFAULT) { [unowned self] in
            guard Double(g_get_monotonic_time() - lastChange) / 1000 >= spec.quietMs else { return true }
            finish([String(format: "complete_ms=%.1f", Double(lastChange - clickedAt) / 1000), "clicked_us=\(clickedAt)",
                    "complete_us=\(lastChange)", "final_widgets=\(widgetCount)"])
            return false
        })
    }

    // MARK: READMEs (memory)

    private func readmeDone(firstScreen: Double, stall: Double) {
        readmeTimes.append(firstScreen)
        readmeStalls.append(stall)
        mainWindow.coordinator.pop()
        // Past the 160 ms slide, when the page has been removed and finalized.
        after(milliseconds: 700) { [unowned self] in
            if readmeIndex == 0 { firstReadmeRSS = PageBenchmarkTree.residentMiB() }
            readmeIndex += 1
            if readmeIndex < spec.repos.count { return click() }
            let last = PageBenchmarkTree.residentMiB()
            finish([String(format: "first_screen_ms=%.1f", PageBenchmarkTree.percentile(readmeTimes, 0.5)),
                    String(format: "first_screen_max_ms=%.1f", readmeTimes.max() ?? 0),
                    String(format: "stall_ms=%.1f", readmeStalls.max() ?? 0), "readmes=\(readmeTimes.count)",
                    // Which open had it, and the next longest: a once-per-process cost shows as open 1.
                    "stall_open=\((readmeStalls.indices.max { readmeStalls[$0] < readmeStalls[$1] } ?? -1) + 1)",
                    String(format: "stall_second_ms=%.1f", readmeStalls.sorted().dropLast().last ?? 0),
                    String(format: "rss_first_mib=%.1f", firstReadmeRSS), String(format: "rss_last_mib=%.1f", last)])
        }
    }

    // MARK: Scrolling

    /// Presses "Load more comments" until it is gone for a second (everything the server has is shown).
    private func loadAll() {
        phase = .loadingAll
        let label = tr("Load more comments")
        var absent = 0, presses = 0
        timers.append(MainLoopSource(milliseconds: 100, priority: G_PRIORITY_DEFAULT) { [unowned self] in
            guard let page = PageBenchmarkTree.topPage(in: window) else { return false }
            if let button = PageBenchmarkTree.mappedButton(labelled: label, in: widget(page.benchmarkPointer)) {
                absent = 0
                if gtk_widget_get_sensitive(button) != 0 {
                    gtk_widget_activate(button)
                    presses += 1
                }
                return true
            }
            absent += 1
            guard absent >= 10 else { return true }
            results.append("load_more_presses=\(presses)")
            startScrolling(page: page)
            return false
        })
    }

    private func startScrolling(page: GtkKit.Page) {
        guard let scroller = PageBenchmarkTree.mainScroller(in: widget(page.benchmarkPointer)) else {
            return finish(["error=no-scroller"], status: 1)
        }
        self.scroller = scroller
        let adjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller))
        gtk_adjustment_set_value(adjustment, 0)
        // Scrolling starts once the page has settled: its height unchanged for a second (comments' documents are
        // swapped in for their plain text as they are parsed), at most 30 s after everything was loaded.
        var lastUpper = -1.0, steady = 0, waited = 0
        timers.append(MainLoopSource(milliseconds: 100, priority: G_PRIORITY_DEFAULT) { [unowned self] in
            let upper = gtk_adjustment_get_upper(adjustment)
            steady = upper == lastUpper ? steady + 1 : 0
            lastUpper = upper
            waited += 1
            guard steady >= 10 || waited >= 300 else { return true }
            results.append(String(format: "settled_s=%.1f", Double(waited) / 10))
            beginScrolling(scroller)
            return false
        })
    }

    private func beginScrolling(_ scroller: Widget) {
        meter.reset()
        phase = .scrolling
        scrollStart = g_get_monotonic_time()
        gtk_widget_add_tick_callback(scroller, { _, _, data in
            let probe = Unmanaged<PageBenchmarkProbe>.fromOpaque(data!).takeUnretainedValue()
            return MainActor.assumeIsolated { probe.scrollTick() ? 1 : 0 }
        }, Unmanaged.passUnretained(self).toOpaque(), nil)
    }

    /// Moves the scroller to where `rate` screens a second since the start puts it; false at the end.
    private func scrollTick() -> Bool {
        guard phase == .scrolling, let scroller else { return false }
        let adjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller))
        let page = gtk_adjustment_get_page_size(adjustment)
        let end = gtk_adjustment_get_upper(adjustment) - page
        let elapsed = Double(g_get_monotonic_time() - scrollStart) / 1e6
        let target = min(end, spec.rate * page * elapsed)
        gtk_adjustment_set_value(adjustment, target)
        guard target >= end || elapsed >= spec.maxSeconds else { return true }
        let stall = meter.longestMilliseconds
        finish(["scroll_s=\(String(format: "%.1f", elapsed))", String(format: "scrolled_px=%.0f", target),
                String(format: "screens=%.1f", target / max(page, 1)), "frames=\(intervals.count)",
                String(format: "interval_p50=%.2f", PageBenchmarkTree.percentile(intervals, 0.5)),
                String(format: "interval_p95=%.2f", PageBenchmarkTree.percentile(intervals, 0.95)),
                String(format: "interval_p99=%.2f", PageBenchmarkTree.percentile(intervals, 0.99)),
                String(format: "scroll_stall_ms=%.1f", stall)])
        return false
    }

    private func finish(_ more: [String], status: Int32 = 0) {
        guard phase != .done else { return }
        phase = .done
        PageBenchmarkTree.report(route: spec.route, results + more, status: status)
    }
}
