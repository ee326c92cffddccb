internal import CGtk
internal import GtkBasics
import GLibRuntime

/// An AdwPreferencesGroup: a title (and description) over a boxed list of rows, as in every GNOME app's
/// preferences. Rows are listed in the box; other widgets (links, notes, a row of buttons) go below it.
@MainActor
package final class PreferencesGroup: WidgetObject {
    package init(title: String, description: String? = nil, classes: [String] = []) {
        super.init(owning: GtkBasics.widget(adw_preferences_group_new()))
        adw_preferences_group_set_title(typed(widget), title)
        if let description, !description.isEmpty { adw_preferences_group_set_description(typed(widget), description) }
        addClasses(classes)
    }

    package func add(_ children: WidgetObject...) {
        for child in children { child.withWidget { adw_preferences_group_add(typed(widget), $0) } }
    }

    /// For children not yet in the typed layer.
    func add(widget child: Widget) { adw_preferences_group_add(typed(widget), child) }

    /// A row titled `title` with a switch at its end, starting at `isOn`; `changed` gets each flip. The title names
    /// the switch, and a click anywhere on the row flips it.
    @discardableResult
    package func addSwitchRow(_ title: String, isOn: Bool, changed: @escaping @MainActor (Bool) -> Void) -> ActionRow {
        let toggle = Switch()
        toggle.isActive = isOn
        toggle.onToggled(changed)
        let row = ActionRow(title: title)
        row.addSuffix(toggle)
        row.activates(toggle)
        add(row)
        return row
    }
}

/// An AdwActionRow: a title (its accessible name), an optional subtitle, widgets before and after. With an
/// activatable widget, a click anywhere on the row activates that widget.
@MainActor
package final class ActionRow: WidgetObject {
    package init(title: String, subtitle: String? = nil) {
        super.init(owning: GtkBasics.widget(adw_action_row_new()))
        self.title = title
        if let subtitle { adw_action_row_set_subtitle(typed(widget), subtitle) }
    }

    package var title: String {
        get { adw_preferences_row_get_title(typed(widget)).map { String(cString: $0) } ?? "" }
        set { adw_preferences_row_set_title(typed(widget), newValue) }
    }

    package var subtitle: String {
        get { adw_action_row_get_subtitle(typed(widget)).map { String(cString: $0) } ?? "" }
        set { adw_action_row_set_subtitle(typed(widget), newValue) }
    }

    /// Whether the title can be selected and copied (a server address); off by default.
    package var isTitleSelectable: Bool {
        get { adw_preferences_row_get_title_selectable(typed(widget)) != 0 }
        set { adw_preferences_row_set_title_selectable(typed(widget), newValue ? 1 : 0) }
    }

    package func addPrefix(_ child: WidgetObject) { child.withWidget { adw_action_row_add_prefix(typed(widget), $0) } }
    package func addSuffix(_ child: WidgetObject) { child.withWidget { adw_action_row_add_suffix(typed(widget), $0) } }

    /// The control a click on the row activates (the row's radio, switch or button); it is named by the row's title.
    package func activates(_ child: WidgetObject) { adw_action_row_set_activatable_widget(typed(widget), child.widget) }
}

/// An AdwEntryRow (or AdwPasswordEntryRow, whose text is hidden and can be revealed): a text field inside a row,
/// its title the caption and the accessible name.
@MainActor
package final class EntryRow: WidgetObject {
    package init(title: String, isPassword: Bool = false) {
        super.init(owning: GtkBasics.widget(isPassword ? adw_password_entry_row_new() : adw_entry_row_new()))
        adw_preferences_row_set_title(typed(widget), title)
    }

    package var text: String {
        get { editableText }
        set { editableText = newValue }
    }

    package func onChanged(_ handler: @escaping @MainActor (String) -> Void) { onEditableChanged(handler) }

    /// Enter in the field.
    package func onActivated(_ handler: @escaping @MainActor () -> Void) {
        connect(raw(widget), "entry-activated", main: handler)
    }
}
