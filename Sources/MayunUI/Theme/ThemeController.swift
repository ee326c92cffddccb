import CGtk
import Foundation
import MayunCore

/// Loads the CSS theme the night-mode ViewModel names, and sets GTK's own dark preference so stock widgets follow.
///
/// `@define-color` names are only visible inside the provider that defines them, so the theme's colours and the
/// shared rules of `base.css` and `document.css` (the document pane) are loaded together into one provider.
@MainActor
final class ThemeController {
    private let nightMode: NightModeViewModel
    private let themesDirectory: URL
    private let provider = gtk_css_provider_new()!
    private let bindings = BindingBag()
    private var loadedStylesheet: String?

    init(nightMode: NightModeViewModel, themesDirectory: URL) {
        self.nightMode = nightMode
        self.themesDirectory = themesDirectory
        if let display = gdk_display_get_default() {
            gtk_style_context_add_provider_for_display(
                display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        }
        bindings.bind { [unowned self] in apply(stylesheet: nightMode.themeStylesheet, isNight: nightMode.isNight) }
    }

    private func apply(stylesheet: String, isNight: Bool) {
        if let settings = gtk_settings_get_default() {
            var value = GValue()
            g_value_init(&value, GType(5 << 2))  // G_TYPE_BOOLEAN
            g_value_set_boolean(&value, isNight ? 1 : 0)
            g_object_set_property(
                UnsafeMutableRawPointer(settings).assumingMemoryBound(to: GObject.self),
                "gtk-application-prefer-dark-theme", &value)
        }
        guard stylesheet != loadedStylesheet else { return }
        loadedStylesheet = stylesheet
        let css = [stylesheet, "base.css", "document.css"]
            .compactMap { try? String(contentsOf: themesDirectory.appendingPathComponent($0), encoding: .utf8) }
            .joined(separator: "\n")
        gtk_css_provider_load_from_data(provider, css, gssize(css.utf8.count))
    }
}
