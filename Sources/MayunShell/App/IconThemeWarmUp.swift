import CGtk
import GtkBasics
import GtkKit
import MayunUI
import GLibRuntime

/// Start-up (issue 14): GTK starts reading the icon theme (the index files of Adwaita and hicolor in every data
/// folder, and the resource paths) on a worker thread when `gtk_init` creates it, but libadwaita's start then adds
/// its icons' resource path, which marks the themes stale: the first lookup, on the main thread when the window is
/// realized, read them all again there in 3 of 5 profiled start-ups (11-16 ms of samples; none in the others,
/// depending on whether GTK's worker had started before libadwaita added the path). `start()`, called right after `adw_init`, does that one lookup on a thread of its
/// own instead, while the main thread builds the services and the window; GtkIconTheme's lookups are thread-safe
/// (its own loader threads use them) and the main thread's first lookup then finds the themes read, or waits on the
/// theme's lock for the rest of the read. The icon looked up is one the first frame shows, so it is cached too.
package enum IconThemeWarmUp {
    package static let iconName = "open-menu-symbolic"

    /// Starts the lookup on a new thread (tests wait for it with `join`); false when there is no display or no
    /// thread could be started.
    @discardableResult
    package static func start(join: Bool = false) -> Bool {
        guard let display = gdk_display_get_default(), let theme = gtk_icon_theme_get_for_display(display) else {
            return false
        }
        let reference = UnsafeMutableRawPointer(theme)
        g_object_ref(reference)
        guard let thread = g_thread_try_new("mayun-icons", { data in
            guard let data else { return nil }
            if let icon = gtk_icon_theme_lookup_icon(OpaquePointer(data), IconThemeWarmUp.iconName, nil, 16, 1,
                                                     GTK_TEXT_DIR_NONE, GtkIconLookupFlags(rawValue: 0)) {
                g_object_unref(UnsafeMutableRawPointer(icon))
            }
            g_object_unref(data)
            return nil
        }, reference, nil) else {
            g_object_unref(reference)
            return false
        }
        if join { g_thread_join(thread) } else { g_thread_unref(thread) }
        return true
    }
}
