internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// Ctrl+L: "Go to a Gitee link". An entry (pre-filled from the clipboard when it holds a link) and Go; the
/// Coordinator decides what the link opens.
@MainActor
package enum GoToLinkDialog {
    package static func present(over parent: WidgetRef, coordinator: Coordinator) {
        let dialog = widget(gtk_window_new())
        gtk_window_set_title(typed(dialog), tr("Go to a Gitee Link"))
        gtk_window_set_transient_for(typed(dialog), typed(parent.widget))
        gtk_window_set_modal(typed(dialog), 1)
        gtk_window_set_default_size(typed(dialog), 420, -1)
        gtk_window_set_resizable(typed(dialog), 0)

        let entry = Entry(placeholder: "https://gitee.com/owner/repo")
        entry.accessibleLabel = tr("Gitee link")
        gtk_entry_set_activates_default(typed(entry.widget), 1)
        let cancel = Button(label: tr("Cancel"))
        let go = Button(label: tr("Go"), classes: ["suggested-action"])
        let buttons = Box(.horizontal, spacing: 8)
        buttons.halign = .end
        buttons.append(cancel, go)
        let content = Box(.vertical, spacing: 12)
        content.setMargins(18)
        content.append(Label(tr("Paste a link to a project, file, issue or person."), wrap: true, xalign: 0), entry, buttons)
        content.withWidget { gtk_window_set_child(typed(dialog), $0) }
        go.withWidget { gtk_window_set_default_widget(typed(dialog), $0) }

        cancel.onClicked { gtk_window_destroy(typed(dialog)) }
        // The handler holds the entry (a typed object, released with the button's handlers when the dialog goes).
        go.onClicked { [unowned coordinator] in
            let text = entry.text
            gtk_window_destroy(typed(dialog))
            coordinator.openLink(text)
        }
        LinkClipboard.readText(of: parent.widget) { text in
            guard let text, case .page = GiteeLink.outcome(for: text, server: coordinator.environment.server) else { return }
            entry.text = text
            gtk_editable_select_region(opaque(entry.widget), 0, -1)
        }
        gtk_window_present(typed(dialog))
    }
}
