import CGtk
import GtkBasics
import GtkKit
import MayunUI
import Foundation
import GLibRuntime
import GiteeKit
import MayunCore

/// The AdwApplication (a GtkApplication that also initialises libadwaita's styles and icons at startup): one instance per session (a second launch raises the first window), the app actions, the
/// theme, and the window.
@MainActor
package final class MayunApplication {
    private let options: LaunchOptions
    // Stored pointer: the application object, alive until `run` returns.
    private let application: UnsafeMutablePointer<GtkApplication>
    private var services: Services?
    /// The active account's Coordinator and images; replaced whole by an account switch (`switchIdentity`).
    private var identity: Identity?
    private var coordinator: Coordinator? { identity?.coordinator }
    private var theme: ThemeController?
    private var systemColorScheme: SystemColorScheme?
    private var mainWindow: MainWindow?
    private var desktopNotifications: DesktopNotifications?
    /// Every other logged-in account's notification poll (issue 26); lives as long as the application.
    private var accountNotifications: AccountNotifications?
    private var backgroundHold: BackgroundHold?
    /// Started by the session with `--background`: the first activation shows no window.
    private var startsHidden: Bool
    private let bindings = BindingBag()
    private let themesDirectory: URL
    private let makeServices: @MainActor () -> Services

    /// `makeServices` is called once at startup: the executable (the composition root) decides what the services are.
    package init(options: LaunchOptions, resources: AppResources, makeServices: @escaping @MainActor () -> Services) {
        self.options = options
        RowStats.enabled = options.countsRows
        RowStats.usesGridView = !options.rowsAsListView
        themesDirectory = resources.themesDirectory
        self.makeServices = makeServices
        startsHidden = options.environment.startsInBackground
        // HANDLES_OPEN: `mayun <link>` hands its links to the instance already running (as "open"), or opens them
        // in this one.
        application = UnsafeMutableRawPointer(adw_application_new(AppEnvironment.applicationID, G_APPLICATION_HANDLES_OPEN))
            .assumingMemoryBound(to: GtkApplication.self)
        connect(UnsafeMutableRawPointer(application), "startup", main: { [unowned self] in startup() })
        connect(UnsafeMutableRawPointer(application), "activate", main: { [unowned self] in activate() })
        connect(UnsafeMutableRawPointer(application), "open", mainWithArguments: { [unowned self] arguments in
            let files = arguments.pointer(at: 1)?.assumingMemoryBound(to: OpaquePointer?.self)
            let links = (0..<max(0, arguments.int(at: 2))).compactMap { index -> String? in
                guard let file = files?[index], let uri = g_file_get_uri(file) else { return nil }
                defer { g_free(uri) }
                return String(cString: uri)
            }
            open(links)
            return nil
        })
    }

    private var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
    }

    /// Runs the main loop until the last window closes; returns the exit status. `links` (Gitee addresses from the
    /// command line) open in the running instance's window, or in this one's.
    package func run(opening links: [String] = []) -> Int32 {
        MainQueueBridge.install()
        // Our own options were parsed already; GApplication sees the program name and the links, as files to open.
        // Scheme-less links ("gitee.com/o/r") get https:// first, or GApplication makes them files in this folder.
        let links = links.map(CommandLineLink.absolute)
        var arguments: [UnsafeMutablePointer<CChar>?] = ([CommandLine.arguments.first ?? "mayun"] + links).map { strdup($0) }
        defer { arguments.forEach { free($0) } }
        let count = Int32(arguments.count)
        arguments.append(nil)
        StartupSteps.mark("application-new")
        let status = g_application_run(gApplication, count, &arguments)
        if let services = identity?.app { PendingWrites.finish(services) }
        g_settings_sync()
        return status
    }

    private func startup() {
        // GApplication's registration on the bus, gtk_init and adw_init ran in the class handlers before this one.
        StartupSteps.mark("gtk-adw-init")
        // The icon theme is read on another thread while this one builds the services and the window.
        IconThemeWarmUp.start()
        // So is GIO's proxy resolver, which the first HTTP request (the saved rows' avatars) would make on this one.
        ProxyResolverWarmUp.start()
        g_set_application_name("Mayun")
        // The windows' icon (the default for dialogs too) is set after the main window's first frame: MainWindow.
        let services = makeServices()
        self.services = services
        StartupSteps.mark("services")
        let identity = services.makeIdentity()
        self.identity = identity
        StartupSteps.mark("view-models")
        theme = ThemeController(nightMode: services.nightMode, themesDirectory: themesDirectory)
        StartupSteps.mark("theme-css")
        systemColorScheme = SystemColorScheme(nightMode: services.nightMode)
        StartupSteps.mark("system-color-scheme")

        let app = UnsafeMutableRawPointer(application)
        addAction(to: app, "settings") { [unowned self] in coordinator?.openSettings() }
        addAction(to: app, "shortcuts") { [unowned self] in showShortcuts() }
        addAction(to: app, "about") { [unowned self] in showAbout() }
        addAction(to: app, "quit") { [unowned self] in quit() }
        addAction(to: app, "go-to-link") { [unowned self] in
            guard let mainWindow, let coordinator = self.coordinator else { return }
            GoToLinkDialog.present(over: WidgetRef(mainWindow.window), coordinator: coordinator)
        }
        KeyBindings.install(on: application)
        accountNotifications = AccountNotifications(accounts: services.accounts, preferences: services.preferences,
                                                    makeScheduler: { GLibTimeoutScheduler() })
        installNotifications(for: identity.coordinator)
        // An account switch (the switcher, Add Account, removing the active one) swaps the whole identity.
        bindings.bind { [unowned self] in
            let active = services.accounts.services
            if let current = self.identity, current.app !== active { switchIdentity() }
        }
        // An account added, removed or made active: the background polls follow (`sync` reads what it depends on).
        bindings.bind { [unowned self] in accountNotifications?.sync() }
        backgroundHold = BackgroundHold(application: gApplication, mode: services.background)
        StartupSteps.mark("actions")
    }

    /// The active account polls through its Coordinator, every other one through `AccountNotifications`; the
    /// actions follow the Coordinator and find the account a bubble belongs to.
    private func installNotifications(for coordinator: Coordinator) {
        guard let accountNotifications else { return }
        desktopNotifications = DesktopNotifications.install(
            on: ApplicationHandle(pointer: OpaquePointer(application)), coordinator: coordinator, accounts: accountNotifications,
            options: options, activateWindow: { [unowned self] in activate() },
            openInAccount: { [unowned self] account, link in open(link, in: account) })
    }

    /// Another account's bubble was opened: the window switches to that account, then shows the thread's page
    /// (or that account's notifications when the thread is not known).
    private func open(_ link: String?, in account: AccountID) {
        guard let services else { return }
        services.accounts.switchTo(account)
        if let current = identity, current.app !== services.accounts.services { switchIdentity() }
        activate()
        if let link { coordinator?.openLink(link) } else { coordinator?.push(.notifications) }
    }

    /// The pages shown are reloaded under the new identity: the same tab and the same routes, made by a new
    /// Coordinator on the new account's services, in a new window that takes the old one's place.
    private func switchIdentity() {
        guard let services, let old = identity else { return }
        let routes = old.coordinator.routes.filter { $0 != .login }
        let tab = old.coordinator.selectedTab
        old.coordinator.notifications.stopBackgroundRefresh()
        old.coordinator.popToRoot()
        let oldDrafts = old.app.drafts
        Task { await oldDrafts.flush() }
        let identity = services.makeIdentity()
        self.identity = identity
        identity.coordinator.select(tab)
        for route in routes { identity.coordinator.push(route) }
        installNotifications(for: identity.coordinator)
        guard let oldWindow = mainWindow else { return }
        mainWindow = nil
        activate()
        // The new window is up before the old one goes (the application quits with its last window).
        gtk_window_destroy(typed(oldWindow.window))
    }

    private func activate() {
        if let mainWindow {
            gtk_window_present(typed(mainWindow.window))
            return
        }
        guard let services, let identity else { return }
        if startsHidden {
            // No window: with the switch on the hold keeps Mayun checking; with it off (a stale autostart entry)
            // nothing holds the application, so it ends here instead of lingering unseen.
            startsHidden = false
            return
        }
        StartupSteps.mark("activate")
        let coordinator = identity.coordinator
        let switcher = AccountSwitcher(accounts: services.accounts, images: identity.images)
        let window = MainWindow(application: application, coordinator: coordinator, preferences: services.preferences,
                                images: identity.images, pages: PageFactory(images: identity.images),
                                accountSwitcher: switcher)
        switcher.onAdd = { [unowned self] in addAccount() }
        switcher.onManage = { [unowned self] in manageAccounts() }
        switcher.onLogOut = { [unowned self] in confirmLogOut() }
        mainWindow = window
        // With Run in the Background on, the app outlives its window: the next activation builds a new one, on
        // the tabs (the closed window's pages were left; drafts stay on disk).
        // (An account switch destroys the old window after the new one is up: only this window's own end counts.)
        connect(UnsafeMutableRawPointer(window.window), "destroy", main: { [unowned self, weak window] in
            guard let window, mainWindow === window else { return }
            mainWindow = nil
            if coordinator.background.isEnabled { coordinator.popToRoot() }
        })
        LinkClipboard.install(on: WidgetRef(window.window), coordinator: coordinator)
        BenchmarkHook.windowBuilt?(BenchmarkWindow(window))
        StartupSteps.mark("window-built")
        AfterFirstFrame.openGate(services.firstFrame, whenPainted: window.window)
        gtk_window_present(typed(window.window))
        StartupSteps.mark("present")
    }

    /// Links from the command line or a second launch: the window comes first, then each link's page.
    private func open(_ links: [String]) {
        activate()
        for link in links { coordinator?.openLink(link) }
    }

    private func quit() {
        if let mainWindow { gtk_window_close(typed(mainWindow.window)) }
        g_application_quit(gApplication)
    }

    private func showShortcuts() {
        guard let mainWindow else { return }
        ShortcutsWindow.present(over: mainWindow.window)
    }

    private func showAbout() {
        guard let mainWindow, let coordinator else { return }
        AboutDialog.present(over: mainWindow.window, server: coordinator.environment.server)
    }

    private func addAccount() {
        guard let mainWindow, let services else { return }
        AddAccountDialog.present(over: mainWindow.window, accounts: services.accounts)
    }

    /// Logging out forgets the token and the saved lists, so it asks first (the same question Mine asked).
    private func confirmLogOut() {
        guard let mainWindow, let mine = coordinator?.mineTab else { return }
        let dialog = ConfirmDialog(overWindow: WidgetRef(mainWindow.window), question: mine.logOutQuestion,
                                   detail: mine.logOutExplanation, confirm: mine.logOutLabel)
        dialog.present { [weak mine] confirmed in
            if confirmed { mine?.logOut() }
        }
    }

    private func manageAccounts() {
        guard let mainWindow, let services else { return }
        ManageAccountsDialog.present(over: mainWindow.window, accounts: services.accounts) { [unowned self] in
            addAccount()
        }
    }
}
