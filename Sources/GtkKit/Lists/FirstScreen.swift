internal import CGtk
internal import GtkBasics

/// How many rows of a list can be on its window's first screen (`PagedListView` holds the rest of a saved page
/// back until that screen is painted, issue 29).
@MainActor
package enum FirstScreen {
    /// The window's height (the tallest monitor's when the window is to be maximized or full screen, or its size is
    /// not known) over the rows' least height, plus one row cut at the bottom; nil when either is unknown.
    static func rows(of widget: Widget, minimumRowHeight: Int) -> Int? {
        guard minimumRowHeight > 0, let root = gtk_widget_get_root(widget),
              g_type_check_instance_is_a(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GTypeInstance.self),
                                         gtk_window_get_type()) != 0 else { return nil }
        let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self)
        var width: Int32 = 0, height: Int32 = 0
        gtk_window_get_default_size(window, &width, &height)
        height = max(height, gtk_widget_get_height(UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWidget.self)))
        // Before it is mapped, a window reports the state it was asked for.
        if gtk_window_is_maximized(window) != 0 || gtk_window_is_fullscreen(window) != 0 || height <= 0 {
            height = max(height, tallestMonitor(of: widget))
        }
        guard height > 0 else { return nil }
        return Int(height) / minimumRowHeight + 1
    }

    private static func tallestMonitor(of widget: Widget) -> Int32 {
        guard let monitors = gdk_display_get_monitors(gtk_widget_get_display(widget)) else { return 0 }
        var tallest: Int32 = 0
        for index in 0..<g_list_model_get_n_items(monitors) {
            guard let monitor = g_list_model_get_item(monitors, index) else { continue }
            var geometry = GdkRectangle()
            gdk_monitor_get_geometry(OpaquePointer(monitor), &geometry)
            tallest = max(tallest, geometry.height)
            g_object_unref(monitor)
        }
        return tallest
    }
}
