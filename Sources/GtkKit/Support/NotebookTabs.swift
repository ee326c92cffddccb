internal import CGtk
internal import GtkBasics

/// Appends a notebook page whose tab has an accessible name. GTK 4.8 names every tab "Tab" and leaves the title to
/// the label inside, so screen readers (and AT-SPI tests) would hear "Tab, Tab, Tab" without this.
@MainActor
func appendNotebookPage(_ notebook: Widget, _ page: Widget, title: String) {
    let label = widget(gtk_label_new(title))
    gtk_notebook_append_page(opaque(notebook), page, label)
    if let tab = gtk_widget_get_parent(label) { Accessibility.setLabel(tab, title) }
}
