internal import CGtk
internal import GtkBasics

extension Notebook {
    /// Appends a page whose tab has the title as its accessible name. GTK 4.8 names every tab "Tab" and leaves the
    /// title to the label inside, so screen readers (and the AT-SPI tests) would hear "Tab, Tab, Tab" without it.
    /// (`append(widget:title:)` keeps GTK's plain tabs, for a notebook whose titles must not be taken for others.)
    func appendWithNamedTab(widget page: Widget, title: String) { appendNotebookPage(widget, page, title: title) }

    /// Whether the tab strip scrolls when the tabs do not fit (on by default here); off, the tabs set the
    /// notebook's least width.
    package var isScrollable: Bool {
        get { gtk_notebook_get_scrollable(opaque(widget)) != 0 }
        set { gtk_notebook_set_scrollable(opaque(widget), newValue ? 1 : 0) }
    }

    /// Keeps the tab shown at `index()`, read again whenever what it reads changes, while `bindings` lives. The
    /// binding holds a weak reference, so a page can bind its own root notebook (a page must not hold its root,
    /// which holds the page), and does nothing once the notebook is gone (the window keeps the Projects page after
    /// its notebook is destroyed at exit, where a last page switch changed the index).
    package func bindCurrentPage(in bindings: BindingBag, to index: @escaping @MainActor () -> Int) {
        let notebook = WeakWidget(widget)
        bindings.bind {
            let wanted = Int32(index())
            notebook.with { notebook in
                if gtk_notebook_get_current_page(opaque(notebook)) != wanted {
                    gtk_notebook_set_current_page(opaque(notebook), wanted)
                }
            }
        }
    }
}
