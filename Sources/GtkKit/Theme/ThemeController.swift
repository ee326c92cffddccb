internal import CGtk
internal import GtkBasics
import Foundation
import MayunCore

/// Loads the CSS theme the night-mode ViewModel names, and sets libadwaita's colour scheme so stock widgets follow:
/// System / Light / Night map to AdwStyleManager's default (follow the desktop) / force light / force dark.
///
/// `@define-color` names are only visible inside the provider that defines them, so the theme's colours and the
/// shared rules of `base.css` and `document.css` (the document pane) are loaded together into one provider.
@MainActor
package final class ThemeController {
    private let nightMode: NightModeViewModel
    private let themesDirectory: URL
    private let provider = gtk_css_provider_new()!
    private let bindings = BindingBag()
    private var loadedStylesheet: String?

    package init(nightMode: NightModeViewModel, themesDirectory: URL) {
        self.nightMode = nightMode
        self.themesDirectory = themesDirectory
        if let display = gdk_display_get_default() {
            gtk_style_context_add_provider_for_display(
                display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        }
        bindings.bind { [unowned self] in
            apply(stylesheet: nightMode.themeStylesheet, scheme: Self.colorScheme(nightMode.mode))
        }
    }

    /// The choice itself, not only its outcome, goes to libadwaita, so "System" keeps following the desktop live.
    static func colorScheme(_ mode: NightMode) -> AdwColorScheme {
        switch mode {
        case .system: ADW_COLOR_SCHEME_DEFAULT
        case .light: ADW_COLOR_SCHEME_FORCE_LIGHT
        case .night: ADW_COLOR_SCHEME_FORCE_DARK
        }
    }

    private func apply(stylesheet: String, scheme: AdwColorScheme) {
        adw_style_manager_set_color_scheme(adw_style_manager_get_default(), scheme)
        guard stylesheet != loadedStylesheet else { return }
        loadedStylesheet = stylesheet
        let css = [stylesheet, "base.css", "document.css"]
            .compactMap { try? String(contentsOf: themesDirectory.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
        gtk_css_provider_load_from_data(provider, css, gssize(css.utf8.count))
    }
}
