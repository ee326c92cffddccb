internal import CGtk
internal import GtkBasics
import GLibRuntime

/// A GtkSearchEntry: a one-line search field with the search icon and a clear icon; Enter searches, Escape stops
/// the search (Discover's field).
@MainActor
package final class SearchEntry: WidgetObject {
    package init(placeholder: String = "") {
        super.init(owning: GtkBasics.widget(gtk_search_entry_new()))
        // GTK 4.8 has no setter for a search entry's placeholder; the property is there.
        if !placeholder.isEmpty { setStringProperty(raw(widget), "placeholder-text", placeholder) }
    }

    /// The dim hint shown while the field is empty (Discover's says what is searched: projects, people, issues).
    package func setPlaceholder(_ text: String) {
        setStringProperty(raw(widget), "placeholder-text", text)
    }

    package var text: String {
        get { gtk_editable_get_text(opaque(widget)).map { String(cString: $0) } ?? "" }
        // Setting the same text again would move the cursor and emit "changed" for nothing.
        set { if newValue != text { gtk_editable_set_text(opaque(widget), newValue) } }
    }

    /// Enter in the field.
    package func onActivate(_ handler: @escaping @MainActor () -> Void) {
        connect(raw(widget), "activate", main: handler)
    }

    /// Escape in the field (the person gives up the search).
    package func onStopSearch(_ handler: @escaping @MainActor () -> Void) {
        connect(raw(widget), "stop-search", main: handler)
    }
}
