import GtkKit
import Foundation
import MayunCore

/// The app-wide services, built by the executable (the composition root, `Sources/mayun/Services.swift`) from its
/// `LaunchOptions`: the preferences, the accounts (whose `services` is the active identity) and what outlives an
/// account switch (the night mode, downloads, Run in the background). The shell only holds them: `makeIdentity`, the
/// executable's too, builds the window's parts for the active identity (its Coordinator and image loader).
@MainActor
package final class Services {
    package let options: LaunchOptions
    package let preferences: any PreferencesStore
    package let accounts: Accounts
    package let nightMode: NightModeViewModel
    package let downloads: DownloadCenter
    /// Run in the background: one switch and one hold for the whole app, whichever account is active.
    package let background: BackgroundMode
    /// What the keyring's reads wait for; the application opens it at its first window's first frame.
    package let firstFrame: FirstFrameGate
    /// The Coordinator and image loader of the active account (or nobody), on its server: at start and after
    /// every account switch.
    package let makeIdentity: @MainActor () -> Identity

    package init(options: LaunchOptions, preferences: any PreferencesStore, accounts: Accounts,
                 nightMode: NightModeViewModel, downloads: DownloadCenter, background: BackgroundMode,
                 firstFrame: FirstFrameGate, makeIdentity: @escaping @MainActor () -> Identity) {
        self.options = options
        self.preferences = preferences
        self.accounts = accounts
        self.nightMode = nightMode
        self.downloads = downloads
        self.background = background
        self.firstFrame = firstFrame
        self.makeIdentity = makeIdentity
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
