internal import CGtk
internal import GtkBasics
import MayunCore

/// A remote screen's body: its content, or in its place the loading spinner, the empty text, or the failure with
/// Retry. Written once here so every page shows these states the same way.
@MainActor
package final class StateStack {
    // Stored widget pointer: `root`, a child of its page's root, written from the page's bindings (which stop
    // with the page).
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

    package func show(_ state: ScreenState) {
        switch state {
        case .content:
            // A spinner left spinning on the hidden status page keeps the frame clock ticking: stop it.
            status.showSpinner(false)
            gtk_stack_set_visible_child_name(opaque(root), "content")
        case .notLoaded(let message):
            showNotice(iconName: "content-loading-symbolic", title: message)
        case .loading:
            showStatus(iconName: nil, title: tr("Loading…"), spinning: true)
        case .empty(let text):
            showNotice(iconName: "folder-symbolic", title: text)
        case .failed(let message):
            showStatus(iconName: "network-error-symbolic", title: failureTitle, detail: message, retry: true)
        }
    }

    /// In the content's place, a message that is neither loading nor a failure (an image too large to show).
    package func showNotice(iconName: String, title: String, detail: String = "") {
        showStatus(iconName: iconName, title: title, detail: detail)
    }

    private func showStatus(iconName: String?, title: String, detail: String = "", spinning: Bool = false,
                            retry: Bool = false) {
        status.update(iconName: iconName, title: title, detail: detail)
        status.showSpinner(spinning)
        status.showAction(retry)
        gtk_stack_set_visible_child_name(opaque(root), "status")
    }
}

extension StateStack {
    /// With content from the typed layer, kept alive until the stack holds its widget (an optimized build may
    /// release a local right after its widget was read).
    package convenience init(content: any Shown, failureTitle: String, retry: @escaping @MainActor () -> Void) {
        self.init(content: content.shownWidget, failureTitle: failureTitle, retry: retry)
        withExtendedLifetime(content) {}
    }
}
