import Foundation
import GiteeKit
import MayunCore
import MayunPlatform
import GtkKit
import MayunShell
import MayunUI

/// The composition root's second half, at startup (after GTK is up, so nothing here delays the command line): the
/// preferences, the SQLite offline store, the keyring, the account list (upgraded from a single login the first
/// time), the active account's services, what outlives an account switch (night mode, downloads, Run in the
/// background) and each identity's Coordinator and image loader, all under the XDG folders of `options`. Every
/// service is built here or by the factories made here (`AccountServicesFactory`, `makeIdentity`).
@MainActor
func makeServices(options: LaunchOptions, resources: AppResources) -> Services {
    let environment = options.environment
    let preferences: any PreferencesStore
    if let stored = GSettingsPreferences.make(schemaDirectory: resources.schemaDirectory,
                                              configDirectory: environment.configDirectory) {
        preferences = stored
    } else {
        FileHandle.standardError.write(Data("mayun: settings schema io.gitee.Mayun not found; settings will not be saved\n".utf8))
        preferences = InMemoryPreferences()
    }
    StartupSteps.mark("gsettings")
    let store: OfflineStore?
    do {
        // Opened on a background thread: the first frame does not wait for SQLite; the first saved list read does.
        store = try OfflineStore(directory: environment.cacheDirectory, openInBackground: true)
        StartupSteps.mark("offline-store-open")
    } catch {
        FileHandle.standardError.write(Data("mayun: offline store unavailable (\(error)); running without it\n".utf8))
        store = nil
    }
    // Logins are kept in the desktop keyring (libsecret); the session says so when it cannot reach one. Its reads wait
    // for the first window's first frame (FirstFrameGate says why), which the application opens.
    let firstFrame = FirstFrameGate()
    let keyring = ReadsAfterFirstFrame(KeyringCredentialStore(), gate: firstFrame)
    let cacheDirectory = environment.cacheDirectory.appendingPathComponent("http").path
    let factory = AccountServicesFactory(
        keyring: keyring, offline: store, dataDirectory: environment.dataDirectory,
        environment: options.sessionEnvironment, openOutbox: { Outbox(file: $0) },
        makeClient: { server in
            GiteeClient(configuration: GiteeConfiguration(server: server, appVersion: AppVersion.current,
                                                          cacheDirectory: cacheDirectory))
        })
    let server = ServerAddress.normalized(environment.server.absoluteString)
    let file = AccountListFile(configDirectory: environment.configDirectory)
    let accounts = Accounts(list: file.load() ?? AccountList(), file: file, factory: factory, server: server,
                            environmentToken: options.token)
    StartupSteps.mark("http-client")
    // The network is back: what waits in the active account's outbox is sent (docs/WRITES.md, "The outbox").
    NetworkReturns.whenAvailable { [weak accounts] in accounts?.services.drainOutbox() }
    if !file.exists {
        // Before accounts: the single login an earlier Mayun kept becomes the first account (no new login).
        Task {
            let outcome = await AccountUpgrade.run(legacyServer: environment.server.absoluteString, server: server,
                                                   keyring: keyring, offline: store,
                                                   dataDirectory: environment.dataDirectory)
            if let list = outcome.list { accounts.adoptUpgraded(list) }
        }
    }
    let home = environment.desktop.home
    let nightMode = NightModeViewModel(preferences: preferences)
    let downloads = DownloadCenter(folder: { DownloadsFolder.path(home: home) })
    let background = BackgroundMode(preferences: preferences, environment: environment)
    let tools = PlatformDesktopTools()
    let makeIdentity: @MainActor () -> Identity = { [unowned accounts] in
        let app = accounts.services
        var identityEnvironment = environment
        if let server = URL(string: app.server) { identityEnvironment.server = server }
        let coordinator = Coordinator(environment: identityEnvironment, preferences: preferences, services: app,
                                      downloads: downloads, nightMode: nightMode, background: background, tools: tools)
        // Images fetched with the token never enter the disk cache (ImageLoader), so one folder serves every account.
        let images = ImageLoader(fetch: { [weak app] url, limit in
            guard let app else { throw CancellationError() }
            return try await app.client.fetchImage(url, maxBytes: limit)
        }, diskDirectory: environment.cacheDirectory.appendingPathComponent("images"))
        return Identity(app: app, coordinator: coordinator, images: images)
    }
    return Services(options: options, preferences: preferences, accounts: accounts, nightMode: nightMode,
                    downloads: downloads, background: background, firstFrame: firstFrame, makeIdentity: makeIdentity)
}
