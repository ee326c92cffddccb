import CGtk
import GtkBasics
import GtkKit
import MayunUI
import MayunCore

/// The Ctrl+? window listing the keyboard shortcuts (a GtkShortcutsWindow described in GtkBuilder XML).
@MainActor
package enum ShortcutsWindow {
    static func present(over parent: Widget) {
        let shortcuts: [(accel: String, title: String)] = [
            ("<Alt>Left", tr("Go back")),
            ("<Control>w", tr("Close the current page")),
            ("F5", tr("Refresh")),
            ("<Control>f", tr("Search projects")),
            ("<Control>l", tr("Go to a Gitee link")),
            ("<Control>comma", tr("Preferences")),
            ("<Control>question", tr("Keyboard shortcuts")),
            ("<Control>q", tr("Quit")),
        ]
        let items = shortcuts.map { item in
            """
            <child><object class="GtkShortcutsShortcut">
              <property name="accelerator">\(escape(item.accel))</property>
              <property name="title">\(escape(item.title))</property>
            </object></child>
            """
        }.joined()
        let xml = """
            <interface><object class="GtkShortcutsWindow" id="window"><property name="modal">1</property>
            <child><object class="GtkShortcutsSection"><property name="section-name">main</property>
            <child><object class="GtkShortcutsGroup"><property name="title">\(escape(tr("General")))</property>
            \(items)</object></child></object></child></object></interface>
            """
        let builder = gtk_builder_new_from_string(xml, -1)
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let object = gtk_builder_get_object(builder, "window") else { return }
        let window = UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWindow.self)
        gtk_window_set_transient_for(window, typed(parent))
        gtk_window_present(window)
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
