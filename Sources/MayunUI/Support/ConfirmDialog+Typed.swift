import CGtk

extension ConfirmDialog {
    /// The question over the window that shows `view` (a page asking before it acts).
    convenience init(over view: any Component, question: String, detail: String, confirm: String) {
        let window = gtk_widget_get_root(view.root).map {
            UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkWindow.self)
        }
        self.init(parent: window, question: question, detail: detail, confirm: confirm)
    }
}
