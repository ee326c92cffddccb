import CGtk

extension WidgetObject {
    /// A key that activates a named action while the focus is inside this widget: `addShortcut("Escape",
    /// action: "window.close")`. The trigger uses GTK's accelerator syntax ("<Control>w").
    func addShortcut(_ trigger: String, action: String) {
        let controller = gtk_shortcut_controller_new()!
        gtk_shortcut_controller_add_shortcut(
            controller, gtk_shortcut_new(gtk_shortcut_trigger_parse_string(trigger), gtk_named_action_new(action)))
        gtk_widget_add_controller(widget, controller)
    }
}
