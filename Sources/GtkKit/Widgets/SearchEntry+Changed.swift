internal import CGtk
internal import GtkBasics
import GLibRuntime

extension SearchEntry {
    /// The text after the person paused typing (GtkSearchEntry's "search-changed" waits a moment between keys, so a
    /// search is not sent for every letter).
    package func onSearchChanged(_ handler: @escaping @MainActor (String) -> Void) {
        let entry = widget
        connect(raw(entry), "search-changed", main: {
            handler(gtk_editable_get_text(opaque(entry)).map { String(cString: $0) } ?? "")
        })
    }
}
