internal import CGtk
internal import GtkBasics

/// An AdwPreferencesPage: one page of a `PreferencesDialog` (its title and icon in the switcher), a column of
/// `PreferencesGroup`s.
@MainActor
package final class PreferencesPage: WidgetObject {
    package init(title: String, iconName: String) {
        super.init(owning: GtkBasics.widget(adw_preferences_page_new()))
        adw_preferences_page_set_title(typed(widget), title)
        adw_preferences_page_set_icon_name(typed(widget), iconName)
    }

    package func add(_ group: PreferencesGroup) { group.withWidget { adw_preferences_page_add(typed(widget), typed($0)) } }
}
