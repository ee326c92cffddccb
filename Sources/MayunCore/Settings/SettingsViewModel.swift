import Foundation
import Observation

/// One choice of the night-mode control.
public struct NightModeOption: Identifiable, Equatable, Sendable {
    public let mode: NightMode
    public let title: String
    public let isSelected: Bool
    public var id: NightMode { mode }
}

/// The pages of the Preferences window.
public enum SettingsSection: String, CaseIterable, Sendable {
    /// Appearance, notifications, the offline cache and the server.
    case general
    /// The OAuth application password login needs (the login form sends people here).
    case passwordLogin

    public var title: String {
        switch self {
        case .general: tr("General")
        case .passwordLogin: tr("Login")
        }
    }
}

/// The Preferences window: night mode, notifications, the cache, the server in use and the OAuth application.
@MainActor
@Observable
public final class SettingsViewModel {
    private let nightMode: NightModeViewModel
    private let environment: AppEnvironment
    private let cache: CacheMaintenance?
    /// Bytes in the cache folder; nil until measured.
    public private(set) var cacheBytes: Int64?
    public private(set) var isClearingCache = false
    /// The "Password Login" section (OAuth application), owned by the session; nil in tests that do not need it.
    public let oauth: OAuthSettingsViewModel?
    /// The "Notifications" section (the desktop notification switch); nil in tests that do not need it.
    public let notifications: NotificationsViewModel?
    /// Run in the background (shown in the Notifications group).
    public let background: BackgroundMode?

    /// The page in view; the login form asks for Password Login, everything else for General.
    public var section: SettingsSection

    public init(nightMode: NightModeViewModel, environment: AppEnvironment, cache: CacheMaintenance? = nil,
                oauth: OAuthSettingsViewModel? = nil, notifications: NotificationsViewModel? = nil,
                section: SettingsSection = .general, background: BackgroundMode? = nil) {
        self.section = oauth == nil ? .general : section
        self.nightMode = nightMode
        self.environment = environment
        self.cache = cache
        self.oauth = oauth
        self.notifications = notifications
        self.background = background
    }

    // Outputs
    public var title: String { tr("Preferences") }
    public var appearanceHeading: String { tr("Appearance") }
    public var nightModeLabel: String { tr("Night mode") }
    public var nightModeOptions: [NightModeOption] {
        NightMode.allCases.map { NightModeOption(mode: $0, title: $0.title, isSelected: $0 == nightMode.mode) }
    }
    public var nightModeExplanation: String {
        tr("System follows the desktop's dark style preference.")
    }
    public var serverHeading: String { tr("Server") }
    public var serverDescription: String { environment.server.absoluteString }
    public var serverExplanation: String {
        tr("Start Mayun with --server URL or set MAYUN_SERVER to use another Gitee site.")
    }

    public var cacheHeading: String { tr("Offline Cache") }
    public var cacheDescription: String {
        guard let cacheBytes else { return tr("Measuring…") }
        return String(format: tr("Saved lists, projects, READMEs and images use %@."),
                      ByteCountFormatter.string(fromByteCount: cacheBytes, countStyle: .file))
    }
    public var clearCacheTitle: String { tr("Clear Cache") }
    public var canClearCache: Bool { cache != nil && !isClearingCache }

    // Inputs
    public func start() {
        guard let cache else { return }
        Task { cacheBytes = await cache.size() }
    }

    /// Measures the cache again.
    public func refresh() { start() }
    /// Nothing to stop: measuring and clearing the cache finish on their own.
    public func cancel() {}

    public func clearCache() {
        guard let cache, !isClearingCache else { return }
        isClearingCache = true
        Task {
            await cache.clear()
            cacheBytes = await cache.size()
            isClearingCache = false
        }
    }

    public func selectNightMode(_ mode: NightMode) {
        nightMode.select(mode)
    }
}
