import CGtk
import Foundation
import GLibRuntime
import GtkKit
import MayunCore
import MayunShell
import MayunUI

/// The account switch of bench/pages.py (issue 29, issue 26's accounts); inert unless `MAYUN_BENCH_PAGE` says
/// `route=accounts token=<second account's token> [repo=<owner/name>]`.
///
/// Mayun starts logged in through `MAYUN_TOKEN` (the first account). Two seconds after the first frame the probe
/// opens `repo`'s releases page (when given: the page the switches reload), then adds the second account as Add
/// Account does (a candidate identity logs in with `token` and is adopted: the window is rebuilt under it, and its
/// token goes to the keyring). Once that window shows its page and has been left two seconds, the probe opens the
/// header's account switcher and clicks the first account's row, then, two seconds after that window's page is
/// shown, the second account's row (its services made anew, its token read from the keyring). For each click:
/// - the click to the first painted frame of the new window whose page shows its content (the releases page out of
///   its loading status; without `repo`, Featured with rows);
/// - the longest main-thread stall (`StallMeter`) from the click to one second after that frame.
/// Prints `page route=accounts first_screen_ms=<to the stored account> first_screen_env_ms=<to the MAYUN_TOKEN
/// account> stall_ms=<longest of both> ...`, then exits.
///
/// Every switch builds a new main window; `BenchmarkHook` hands each one over and the one probe follows it.
@MainActor
final class AccountSwitchBenchmarkProbe {
    private enum Phase { case starting, adding, toEnvironment, toStored, done }

    private let spec: PageBenchmarkProbe.Spec
    private let token: String
    private let meter = StallMeter()
    private var phase = Phase.starting
    private var mainWindow: MainWindow
    /// Set at a click, cleared when the new window's page is on screen.
    private var clickedAt: Int?
    private var results: [String] = []
    private var stalls: [Double] = []
    private var timers: [MainLoopSource] = []
    private static var current: AccountSwitchBenchmarkProbe?

    static func attach(to mainWindow: MainWindow, spec: PageBenchmarkProbe.Spec, text: String) {
        gtk_window_set_default_size(typed(widget(mainWindow.windowPointer)), 1100, 800)
        if let probe = current {
            probe.follow(mainWindow)
            return
        }
        let token = text.split(separator: " ").first { $0.hasPrefix("token=") }.map { String($0.dropFirst(6)) } ?? ""
        let probe = AccountSwitchBenchmarkProbe(spec: spec, token: token, mainWindow: mainWindow)
        current = probe
        probe.follow(mainWindow)
        // Give up rather than hang the benchmark.
        probe.after(milliseconds: 120_000) { [unowned probe] in probe.finish(["error=timeout", "phase=\(probe.phase)"], status: 1) }
    }

    private init(spec: PageBenchmarkProbe.Spec, token: String, mainWindow: MainWindow) {
        self.spec = spec
        self.token = token
        self.mainWindow = mainWindow
    }

    /// Paints are counted on the newest window only (the old one may paint once more before it goes).
    private func follow(_ window: MainWindow) {
        mainWindow = window
        connect(raw(widget(window.windowPointer)), "realize", after: true, main: { [unowned self, unowned window] in
            guard let clock = gtk_widget_get_frame_clock(widget(window.windowPointer)) else { return }
            connect(UnsafeMutableRawPointer(clock), "after-paint", main: { [unowned self, weak window] in
                guard let window, window === mainWindow else { return }
                painted()
            })
        })
    }

    private func after(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) {
        timers.append(MainLoopSource(milliseconds: milliseconds, priority: G_PRIORITY_DEFAULT) {
            action()
            return false
        })
    }

    private var accounts: Accounts? { mainWindow.accountSwitcher?.accounts }

    private func painted() {
        switch phase {
        case .starting:
            phase = .adding
            meter.start()
            after(milliseconds: 2_000) { [unowned self] in addSecondAccount() }
        case .adding, .toEnvironment, .toStored:
            guard let clickedAt, showsPage else { return }
            self.clickedAt = nil
            opened(firstScreen: Double(g_get_monotonic_time() - clickedAt) / 1000)
        case .done:
            break
        }
    }

    /// The reloaded page has come: the releases page out of its loading status, or Featured with rows.
    private var showsPage: Bool {
        if spec.repo != nil {
            guard let page = PageBenchmarkTree.topPage(in: widget(mainWindow.windowPointer)) else { return false }
            return PageBenchmarkTree.showsContent(page)
        }
        guard let featured = BenchmarkWindow(mainWindow).firstListIfBuilt else { return false }
        return featured.rowCount > 0 && gtk_widget_get_mapped(featured.listWidget) != 0
    }

    /// As Add Account does: a candidate identity logs in with the token, then becomes the active account.
    private func addSecondAccount() {
        guard let accounts else { return finish(["error=no-account-switcher"], status: 1) }
        if let repo = spec.repo { mainWindow.coordinator.push(.releases(repo)) }
        let candidate = accounts.candidate(server: accounts.defaultServer)
        let token = token
        Task { [weak self] in
            do {
                try await candidate.session.logIn(personalToken: token)
            } catch {
                self?.finish(["error=second-login-failed"], status: 1)
                return
            }
            guard let self else { return }
            // Measured from here too (not reported): the added account's window is waited for the same way.
            clickedAt = g_get_monotonic_time()
            accounts.adopt(candidate)
        }
    }

    private func opened(firstScreen: Double) {
        after(milliseconds: 1_000) { [unowned self] in
            let stall = meter.longestMilliseconds
            switch phase {
            case .adding:
                results.append(String(format: "add_first_screen_ms=%.1f", firstScreen))
                after(milliseconds: 1_000) { [unowned self] in click(environment: true) }
            case .toEnvironment:
                results.append(String(format: "first_screen_env_ms=%.1f", firstScreen))
                results.append(String(format: "stall_env_ms=%.1f", stall))
                stalls.append(stall)
                after(milliseconds: 1_000) { [unowned self] in click(environment: false) }
            case .toStored:
                stalls.append(stall)
                finish([String(format: "first_screen_ms=%.1f", firstScreen),
                        String(format: "stall_ms=%.1f", stalls.max() ?? stall)])
            case .starting, .done:
                break
            }
        }
    }

    /// Opens the header's account switcher and clicks the row of the MAYUN_TOKEN account or of the stored one.
    private func click(environment: Bool) {
        guard let accounts, let switcher = mainWindow.accountSwitcher else {
            return finish(["error=no-account-switcher"], status: 1)
        }
        let target = environment ? accounts.environmentAccount : accounts.list.accounts.first
        guard let target, target.id != accounts.active?.id else {
            return finish(["error=no-account-to-switch-to"], status: 1)
        }
        gtk_menu_button_popup(opaque(widget(switcher.benchmarkRoot)))
        // The popover's first frame, then the click.
        after(milliseconds: 300) { [unowned self] in
            phase = environment ? .toEnvironment : .toStored
            meter.reset()
            clickedAt = g_get_monotonic_time()
            guard switcher.clickRow(of: target.id) else { return finish(["error=no-row"], status: 1) }
        }
    }

    private func finish(_ more: [String], status: Int32 = 0) {
        guard phase != .done else { return }
        phase = .done
        PageBenchmarkTree.report(route: "accounts", results + more, status: status)
    }
}
