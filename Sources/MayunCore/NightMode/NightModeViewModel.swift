import Observation

/// The single source of colours: resolves the person's choice and the desktop's preference into the palette and the
/// CSS theme MayunUI loads (and whether GTK's own dark preference is set, so stock widgets follow).
@MainActor
@Observable
public final class NightModeViewModel {
    public private(set) var mode: NightMode
    /// What the desktop asks for (the settings portal's color-scheme); fed by MayunUI.
    public private(set) var systemPrefersDark = false

    @ObservationIgnored private let preferences: any PreferencesStore

    public init(preferences: any PreferencesStore) {
        self.preferences = preferences
        mode = preferences.nightMode
    }

    // Outputs
    public var isNight: Bool {
        switch mode {
        case .system: systemPrefersDark
        case .light: false
        case .night: true
        }
    }
    public var palette: Palette { isNight ? .night : .light }
    /// The theme stylesheet's file name in the themes folder (loaded after `base.css`).
    public var themeStylesheet: String { isNight ? "night.css" : "light.css" }

    // Inputs
    public func select(_ mode: NightMode) {
        guard mode != self.mode else { return }
        self.mode = mode
        preferences.nightMode = mode
    }

    public func systemPreferenceChanged(prefersDark: Bool) {
        if systemPrefersDark != prefersDark { systemPrefersDark = prefersDark }
    }
}
