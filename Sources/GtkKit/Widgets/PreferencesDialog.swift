internal import CGtk
internal import GtkBasics
import GLibRuntime

/// An AdwPreferencesWindow: pages of preference groups under a view switcher, with its own header bar and close
/// button.
///
/// Unlike a `WidgetObject`, this object does not own its widget. A toplevel window belongs to GTK's list of
/// toplevels from creation until it is closed or destroyed, and `gtk_window_destroy` only drops that list's
/// reference (it emits no "destroy" while another is held): a reference of ours would keep the window, and whatever
/// it keeps, alive after it closed. So the window keeps its owner instead (`keep(_:key:)`), and this object is not
/// used once the window has been destroyed.
@MainActor
package final class PreferencesDialog {
    let widget: Widget

    package init(title: String) {
        widget = GtkBasics.widget(adw_preferences_window_new())
        gtk_window_set_title(typed(widget), title)
    }

    /// Kept over `parent` (a window made outside the typed layer), modal to it and destroyed with it.
    func setModal(over parent: Widget) {
        gtk_window_set_transient_for(typed(widget), typed(parent))
        gtk_window_set_modal(typed(widget), 1)
        gtk_window_set_destroy_with_parent(typed(widget), 1)
    }

    package func setDefaultSize(width: Int32, height: Int32) { gtk_window_set_default_size(typed(widget), width, height) }

    /// The search button and type-to-search over every row (on by default).
    package var isSearchEnabled: Bool {
        get { adw_preferences_window_get_search_enabled(typed(widget)) != 0 }
        set { adw_preferences_window_set_search_enabled(typed(widget), newValue ? 1 : 0) }
    }

    /// Adds a page to the switcher; the window owns it from now on.
    package func add(_ page: PreferencesPage) { page.withWidget { adw_preferences_window_add(typed(widget), typed($0)) } }

    /// Turns to `page`.
    package func show(_ page: PreferencesPage) { adw_preferences_window_set_visible_page(typed(widget), typed(page.widget)) }

    package func present() { gtk_window_present(typed(widget)) }

    package func destroy() { gtk_window_destroy(typed(widget)) }

    /// The close button, the window manager or `window.close`: return true to keep it open; false lets GTK destroy
    /// it.
    package func onCloseRequest(_ handler: @escaping @MainActor () -> Bool) {
        connect(raw(widget), "close-request", mainWithArguments: { _ in handler() })
    }

    /// A key that activates a named action while the window has the focus: `addShortcut("Escape",
    /// action: "window.close")` (GTK's accelerator syntax).
    package func addShortcut(_ trigger: String, action: String) {
        let controller = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            controller, gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new(action)))
        gtk_widget_add_controller(widget, controller)
    }

    /// The window keeps `owner` until GTK finalizes it (the controller of a window lives exactly as long as it).
    package func keep(_ owner: AnyObject, key: String) { attach(owner, to: raw(widget), key: key) }

    /// A window's size now: its allocation once laid out, else the default size it was given (0 for none).
    static func currentSize(of window: Widget) -> (width: Int32, height: Int32) {
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(typed(window), &width, &height)
        return (gtk_widget_get_width(window) > 0 ? gtk_widget_get_width(window) : width,
                gtk_widget_get_height(window) > 0 ? gtk_widget_get_height(window) : height)
    }
}
