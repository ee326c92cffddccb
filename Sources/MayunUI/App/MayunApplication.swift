import CGtk
import Foundation
import GLibRuntime
import GiteeKit
import MayunCore

/// The AdwApplication (a GtkApplication that also initialises libadwaita's styles and icons at startup): one instance per session (a second launch raises the first window), the app actions, the
/// theme, and the window.
@MainActor
public final class MayunApplication {
    private let environment: AppEnvironment
    private let resources: AppResources
    // Stored pointer: the application object, alive until `run` returns.
    private let application: UnsafeMutablePointer<GtkApplication>
    private var preferences: (any PreferencesStore)?
    private var coordinator: Coordinator?
    private var theme: ThemeController?
    private var systemColorScheme: SystemColorScheme?
    private var mainWindow: MainWindow?
    private var images: ImageLoader?
    private var desktopNotifications: DesktopNotifications?
    private let makeServices: @MainActor () -> AppServices

    /// `makeServices` is called once at startup: the executable (the composition root) decides what the services are.
    public init(environment: AppEnvironment, resources: AppResources, makeServices: @escaping @MainActor () -> AppServices) {
        self.environment = environment
        self.resources = resources
        self.makeServices = makeServices
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
    public func run(opening links: [String] = []) -> Int32 {
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
        if let services = coordinator?.services { PendingWrites.finish(services) }
        g_settings_sync()
        return status
    }

    private func startup() {
        // GApplication's registration on the bus, gtk_init and adw_init ran in the class handlers before this one.
        StartupSteps.mark("gtk-adw-init")
        // The icon theme is read on another thread while this one builds the services and the window.
        IconThemeWarmUp.start()
        g_set_application_name("Mayun")
        // The windows' icon (the default for dialogs too) is set after the main window's first frame: MainWindow.
        let preferences: any PreferencesStore
        if let stored = GSettingsPreferences.make(
            schemaDirectory: resources.schemaDirectory, configDirectory: environment.configDirectory)
        {
            preferences = stored
        } else {
            FileHandle.standardError.write(Data("mayun: settings schema io.gitee.Mayun not found; settings will not be saved\n".utf8))
            preferences = InMemoryPreferences()
        }
        self.preferences = preferences
        StartupSteps.mark("gsettings")
        let services = makeServices()
        StartupSteps.mark("services")
        images = ImageLoader(fetch: { try await services.client.fetchImage($0, maxBytes: $1) },
                             diskDirectory: environment.cacheDirectory.appendingPathComponent("images"))
        let coordinator = Coordinator(environment: environment, preferences: preferences, services: services)
        self.coordinator = coordinator
        StartupSteps.mark("view-models")
        theme = ThemeController(nightMode: coordinator.nightMode, themesDirectory: resources.themesDirectory)
        StartupSteps.mark("theme-css")
        systemColorScheme = SystemColorScheme(nightMode: coordinator.nightMode)
        StartupSteps.mark("system-color-scheme")

        let app = UnsafeMutableRawPointer(application)
        addAction(to: app, "settings") { coordinator.openSettings() }
        addAction(to: app, "shortcuts") { [unowned self] in showShortcuts() }
        addAction(to: app, "about") { [unowned self] in showAbout() }
        addAction(to: app, "quit") { [unowned self] in quit() }
        addAction(to: app, "go-to-link") { [unowned self] in
            guard let mainWindow, let coordinator = self.coordinator else { return }
            GoToLinkDialog.present(over: mainWindow.window, coordinator: coordinator)
        }
        KeyBindings.install(on: application)
        desktopNotifications = DesktopNotifications.install(on: ApplicationHandle(application),
                                                            coordinator: coordinator) { [unowned self] in
            activate()
        }
        StartupSteps.mark("actions")
    }

    private func activate() {
        if let mainWindow {
            gtk_window_present(typed(mainWindow.window))
            return
        }
        guard let coordinator, let preferences, let images else { return }
        StartupSteps.mark("activate")
        let window = MainWindow(application: application, coordinator: coordinator, preferences: preferences,
                                images: images)
        mainWindow = window
        LinkClipboard.install(on: window.window, coordinator: coordinator)
        FirstFrameProbe.installIfRequested(in: window)
        // Only for a list benchmark (any MAYUN_BENCH_ variable but the start-up probe's): the list probe reaches for
        // every Projects list, which builds the hidden ones.
        let startupProbe: Set = ["MAYUN_BENCH_STARTUP_STEPS", "MAYUN_BENCH_FIRST_FRAME"]
        let variables = ProcessInfo.processInfo.environment.keys
        if variables.contains(where: { $0.hasPrefix("MAYUN_BENCH_") && !startupProbe.contains($0) }) {
            ListBenchmarkProbe.installIfRequested(in: window)
        }
        StartupSteps.mark("window-built")
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
        guard let mainWindow else { return }
        AboutDialog.present(over: mainWindow.window, server: environment.server)
    }
}
