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
    private let application: UnsafeMutablePointer<GtkApplication>
    private var preferences: (any PreferencesStore)?
    private var coordinator: Coordinator?
    private var theme: ThemeController?
    private var systemColorScheme: SystemColorScheme?
    private var mainWindow: MainWindow?
    private var images: ImageLoader?

    public init(environment: AppEnvironment, resources: AppResources) {
        self.environment = environment
        self.resources = resources
        application = UnsafeMutableRawPointer(adw_application_new(AppEnvironment.applicationID, G_APPLICATION_FLAGS_NONE))
            .assumingMemoryBound(to: GtkApplication.self)
        connect(UnsafeMutableRawPointer(application), "startup", main: { [unowned self] in startup() })
        connect(UnsafeMutableRawPointer(application), "activate", main: { [unowned self] in activate() })
    }

    private var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
    }

    /// Runs the main loop until the last window closes; returns the exit status.
    public func run() -> Int32 {
        MainQueueBridge.install()
        // Our own options were parsed already; GApplication only sees the program name.
        var arguments: [UnsafeMutablePointer<CChar>?] = [strdup(CommandLine.arguments.first ?? "mayun"), nil]
        defer { free(arguments[0]) }
        let status = g_application_run(gApplication, 1, &arguments)
        g_settings_sync()
        return status
    }

    private func startup() {
        g_set_application_name("Mayun")
        gtk_window_set_default_icon_name(AppEnvironment.applicationID)
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
        let services = makeServices()
        images = ImageLoader(fetch: { try await services.client.fetchImage($0) },
                             diskDirectory: environment.cacheDirectory.appendingPathComponent("images"))
        let coordinator = Coordinator(environment: environment, preferences: preferences, services: services)
        self.coordinator = coordinator
        theme = ThemeController(nightMode: coordinator.nightMode, themesDirectory: resources.themesDirectory)
        systemColorScheme = SystemColorScheme(nightMode: coordinator.nightMode)

        let app = UnsafeMutableRawPointer(application)
        addAction(to: app, "settings") { coordinator.push(.settings) }
        addAction(to: app, "shortcuts") { [unowned self] in showShortcuts() }
        addAction(to: app, "about") { [unowned self] in showAbout() }
        addAction(to: app, "quit") { [unowned self] in quit() }
        KeyBindings.install(on: application)
    }

    private func activate() {
        if let mainWindow {
            gtk_window_present(typed(mainWindow.window))
            return
        }
        guard let coordinator, let preferences, let images else { return }
        let window = MainWindow(application: application, coordinator: coordinator, preferences: preferences,
                                images: images)
        mainWindow = window
        if ProcessInfo.processInfo.environment["MAYUN_BENCH_FIRST_FRAME"] == "1" {
            FirstFrameProbe.exitAfterFirstFrame(of: window.window)
        }
        ListBenchmarkProbe.installIfRequested(in: window)
        gtk_window_present(typed(window.window))
    }

    private func makeServices() -> AppServices {
        let configuration = GiteeConfiguration(
            server: environment.server.absoluteString, appVersion: AppVersion.current,
            cacheDirectory: environment.cacheDirectory.appendingPathComponent("http").path)
        let store: OfflineStore?
        do {
            store = try OfflineStore(directory: environment.cacheDirectory)
        } catch {
            FileHandle.standardError.write(Data("mayun: offline store unavailable (\(error)); running without it\n".utf8))
            store = nil
        }
        let client = GiteeClient(configuration: configuration)
        // Logins are kept in the desktop keyring (libsecret); the session says so when it cannot reach one.
        let session = Session(client: client, store: KeyringCredentialStore())
        Task { await session.start() }
        let drafts = DraftStore(directory: environment.dataDirectory.appendingPathComponent("drafts"))
        return AppServices(client: client, store: store, session: session, drafts: drafts)
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
