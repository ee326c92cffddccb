import CGtk
import GLibRuntime

/// An AdwPreferencesWindow: pages of preference groups under a view switcher, with its own header bar and close
/// button. A toplevel window: GTK's list of toplevels owns it from creation until it is closed or `destroy()`ed;
/// this object adds its own reference, so an owner the window keeps must drop this object at `onDestroy`.
@MainActor
final class PreferencesDialog: WidgetObject {
    init(title: String) {
        super.init(owning: MayunUI.widget(adw_preferences_window_new()))
        gtk_window_set_title(typed(widget), title)
    }

    /// Kept over `parent` (a window made outside the typed layer), modal to it and destroyed with it.
    func setModal(over parent: Widget) {
        gtk_window_set_transient_for(typed(widget), typed(parent))
        gtk_window_set_modal(typed(widget), 1)
        gtk_window_set_destroy_with_parent(typed(widget), 1)
    }

    func setDefaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(typed(widget), width, height) }

    /// The search button and type-to-search over every row (on by default).
    var isSearchEnabled: Bool {
        get { adw_preferences_window_get_search_enabled(typed(widget)) != 0 }
        set { adw_preferences_window_set_search_enabled(typed(widget), newValue ? 1 : 0) }
    }

    /// Adds a page to the switcher; the window owns it from now on.
    func add(_ page: PreferencesPage) { adw_preferences_window_add(typed(widget), typed(page.widget)) }

    /// Turns to `page`.
    func show(_ page: PreferencesPage) { adw_preferences_window_set_visible_page(typed(widget), typed(page.widget)) }

    func present() { gtk_window_present(typed(widget)) }

    func destroy() { gtk_window_destroy(typed(widget)) }

    /// The close button, Escape bound to `window.close`, or the window manager: return true to keep it open; false
    /// lets GTK destroy it.
    func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        connect(raw(widget), "close-request", mainWithArguments: { _ in handler() })
    }

    /// A window's size now: its allocation once laid out, else the default size it was given (0 for none).
    static func currentSize(of window: Widget) -> (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(typed(window), &width, &height)
        return (gtk_widget_get_width(window) > 0 ? gtk_widget_get_width(window) : width,
                gtk_widget_get_height(window) > 0 ? gtk_widget_get_height(window) : height)
    }
}
