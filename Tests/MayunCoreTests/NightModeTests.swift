@testable import MayunCore
import XCTest

final class NightModeTests: XCTestCase {
    func testSystemFollowsTheDesktopPreference() {
        onMain {
            let nightMode = NightModeViewModel(preferences: InMemoryPreferences(nightMode: .system))
            XCTAssertFalse(nightMode.isNight)
            XCTAssertEqual(nightMode.themeStylesheet, "light.css")
            nightMode.systemPreferenceChanged(prefersDark: true)
            XCTAssertTrue(nightMode.isNight)
            XCTAssertEqual(nightMode.palette, .night)
            XCTAssertEqual(nightMode.themeStylesheet, "night.css")
        }
    }

    func testExplicitChoicesOverrideTheDesktop() {
        onMain {
            let nightMode = NightModeViewModel(preferences: InMemoryPreferences())
            nightMode.systemPreferenceChanged(prefersDark: true)
            nightMode.select(.light)
            XCTAssertFalse(nightMode.isNight)
            nightMode.systemPreferenceChanged(prefersDark: false)
            nightMode.select(.night)
            XCTAssertTrue(nightMode.isNight)
            XCTAssertLessThan(nightMode.palette.windowBackground.luminance, 0.2)
        }
    }

    func testTheChoiceIsStoredAndRestored() {
        onMain {
            let preferences = InMemoryPreferences()
            NightModeViewModel(preferences: preferences).select(.night)
            XCTAssertEqual(preferences.nightMode, .night)
            let restarted = NightModeViewModel(preferences: preferences)
            XCTAssertEqual(restarted.mode, .night)
            XCTAssertTrue(restarted.isNight)
        }
    }

    func testSettingsOffersTheThreeModesWithTheCurrentOneSelected() {
        onMain {
            let preferences = InMemoryPreferences(nightMode: .light)
            let nightMode = NightModeViewModel(preferences: preferences)
            let settings = SettingsViewModel(
                nightMode: nightMode,
                environment: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]))
            XCTAssertEqual(settings.nightModeOptions.map(\.title), ["System", "Light", "Night"])
            XCTAssertEqual(settings.nightModeOptions.filter(\.isSelected).map(\.mode), [.light])
            settings.selectNightMode(.night)
            XCTAssertEqual(settings.nightModeOptions.filter(\.isSelected).map(\.mode), [.night])
            XCTAssertEqual(preferences.nightMode, .night)
            XCTAssertEqual(settings.serverDescription, "https://gitee.com")
        }
    }

    /// The CSS themes and the Swift palette describe the same colours; this keeps them from drifting apart.
    func testCSSThemesDefineThePaletteColours() throws {
        for palette in [Palette.light, Palette.night] {
            let css = try String(
                contentsOf: repositoryRoot.appendingPathComponent("data/themes/\(palette.name).css"), encoding: .utf8)
            for (name, color) in palette.cssColors {
                XCTAssertTrue(css.contains("@define-color \(name) \(color);"),
                              "\(palette.name).css should define \(name) as \(color)")
            }
        }
    }

    func testColourFormatting() {
        XCTAssertEqual(RGBColor(hex: 0x0a0b0c).description, "#0a0b0c")
        XCTAssertGreaterThan(Palette.light.windowBackground.luminance, 0.9)
    }
}
