import Foundation
import MayunCore

extension Coordinator {
    /// A Coordinator as a test builds one alone. The app builds its app-wide parts once, in its composition root
    /// (`Sources/mayun/Services.swift`); a test makes its own here: night mode and Run in the background over the
    /// test's preferences, downloads into `Downloads` under the environment's HOME, no desktop tools.
    @MainActor
    public convenience init(testing environment: AppEnvironment, preferences: any PreferencesStore, services: AppServices) {
        let home = environment.desktop.home
        self.init(environment: environment, preferences: preferences, services: services,
                  downloads: DownloadCenter(folder: { home + "/Downloads" }),
                  nightMode: NightModeViewModel(preferences: preferences),
                  background: BackgroundMode(preferences: preferences, environment: environment), tools: nil)
    }
}
