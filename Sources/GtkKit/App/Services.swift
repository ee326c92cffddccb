import Foundation
import MayunCore

/// The app-wide services, built once by the executable (the composition root) from its `LaunchOptions`: the
/// preferences, the accounts (whose `services` is the active identity) and what outlives an account switch (the
/// night mode, downloads). `makeIdentity` builds the window's parts for the active identity: nothing below it builds
/// a client, an image loader or a Coordinator by itself.
@MainActor
package final class Services {
    package let options: LaunchOptions
    package let preferences: any PreferencesStore
    package let accounts: Accounts
    package let nightMode: NightModeViewModel
    package let downloads: DownloadCenter
    /// Run in the background: one switch and one hold for the whole app, whichever account is active.
    package let background: BackgroundMode
    /// git, terminals and editors (MayunPlatform's, handed in by the executable).
    package let tools: any DesktopTools
    /// What the keyring's reads wait for; the application opens it at its first window's first frame.
    package let firstFrame: FirstFrameGate

    /// The pages of one identity's window (MayunUI's `PageFactory`, which the kit cannot name).
    package let makePages: @MainActor (ImageLoader) -> any PageMaking

    package init(options: LaunchOptions, preferences: any PreferencesStore, accounts: Accounts,
                 firstFrame: FirstFrameGate, tools: any DesktopTools, downloadsFolder: @escaping @MainActor () -> String,
                 makePages: @escaping @MainActor (ImageLoader) -> any PageMaking) {
        self.options = options
        self.firstFrame = firstFrame
        self.makePages = makePages
        self.tools = tools
        self.preferences = preferences
        self.accounts = accounts
        nightMode = NightModeViewModel(preferences: preferences)
        downloads = DownloadCenter(folder: downloadsFolder)
        background = BackgroundMode(preferences: preferences, environment: options.environment)
    }

    /// The Coordinator and image loader of the active account (or nobody), on its server.
    func makeIdentity() -> Identity {
        let app = accounts.services
        var environment = options.environment
        if let server = URL(string: app.server) { environment.server = server }
        let coordinator = Coordinator(environment: environment, preferences: preferences, services: app,
                                      downloads: downloads, nightMode: nightMode, background: background, tools: tools)
        // Images fetched with the token never enter the disk cache (ImageLoader), so one folder serves every account.
        let images = ImageLoader(fetch: { [weak app] url, limit in
            guard let app else { throw CancellationError() }
            return try await app.client.fetchImage(url, maxBytes: limit)
        }, diskDirectory: options.environment.cacheDirectory.appendingPathComponent("images"))
        return Identity(app: app, coordinator: coordinator, images: images)
    }
}

/// What the window shows one identity with: replaced whole when the account changes.
@MainActor
package final class Identity {
    package let app: AppServices
    package let coordinator: Coordinator
    package let images: ImageLoader

    package init(app: AppServices, coordinator: Coordinator, images: ImageLoader) {
        self.app = app
        self.coordinator = coordinator
        self.images = images
    }
}
