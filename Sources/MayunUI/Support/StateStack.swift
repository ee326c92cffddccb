import CGtk
import MayunCore

/// A remote screen's body: its content, or in its place the loading spinner, the empty text, or the failure with
/// Retry. Written once here so every page shows these states the same way.
@MainActor
final class StateStack {
    let root: Widget
    private let status: StatusView
    private let failureTitle: String

    init(content: Widget, failureTitle: String, retry: @escaping @MainActor () -> Void) {
        self.failureTitle = failureTitle
        status = StatusView(iconName: "content-loading-symbolic", title: "")
        status.setAction(title: tr("Retry"), retry)
        root = widget(gtk_stack_new())
        gtk_stack_add_named(opaque(root), status.root, "status")
        gtk_stack_add_named(opaque(root), content, "content")
        gtk_widget_set_vexpand(root, 1)
    }

    func show(_ state: ScreenState) {
        switch state {
        case .content:
            // A spinner left spinning on the hidden status page keeps the frame clock ticking: stop it.
            status.showSpinner(false)
            gtk_stack_set_visible_child_name(opaque(root), "content")
            return
        case .notLoaded(let message):
            status.update(iconName: "content-loading-symbolic", title: message, detail: "")
            status.showSpinner(false)
            status.showAction(false)
        case .loading:
            status.update(iconName: nil, title: tr("Loading…"), detail: "")
            status.showSpinner(true)
            status.showAction(false)
        case .empty(let text):
            status.update(iconName: "folder-symbolic", title: text, detail: "")
            status.showSpinner(false)
            status.showAction(false)
        case .failed(let message):
            status.update(iconName: "network-error-symbolic", title: failureTitle, detail: message)
            status.showSpinner(false)
            status.showAction(true)
        }
        gtk_stack_set_visible_child_name(opaque(root), "status")
    }
}
