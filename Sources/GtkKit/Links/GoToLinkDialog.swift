internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore

/// Ctrl+L: "Go to a Gitee link". An entry (pre-filled from the clipboard when it holds a link) and Go; the
/// Coordinator decides what the link opens.
@MainActor
package enum GoToLinkDialog {
    package static func present(over parentRef: WidgetRef, coordinator: Coordinator) {
        let parent = parentRef.widget
        let dialog = widget(gtk_window_new())
        gtk_window_set_title(typed(dialog), tr("Go to a Gitee Link"))
        gtk_window_set_transient_for(typed(dialog), typed(parent))
        gtk_window_set_modal(typed(dialog), 1)
        gtk_window_set_default_size(typed(dialog), 420, -1)
        gtk_window_set_resizable(typed(dialog), 0)

        let content = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        Build.margins(content, 18)
        let entry = widget(gtk_entry_new())
        gtk_entry_set_placeholder_text(typed(entry), "https://gitee.com/owner/repo")
        Accessibility.setLabel(entry, tr("Gitee link"))
        gtk_entry_set_activates_default(typed(entry), 1)
        let buttons = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        gtk_widget_set_halign(buttons, GTK_ALIGN_END)
        let cancel = widget(gtk_button_new_with_label(tr("Cancel")))
        let go = widget(gtk_button_new_with_label(tr("Go")))
        gtk_widget_add_css_class(go, "suggested-action")
        Build.append(buttons, cancel, go)
        Build.append(content, Build.label(tr("Paste a link to a project, file, issue or person."), wrap: true, xalign: 0),
                     entry, buttons)
        gtk_window_set_child(typed(dialog), content)
        gtk_window_set_default_widget(typed(dialog), go)

        connect(raw(cancel), "clicked", main: { gtk_window_destroy(typed(dialog)) })
        connect(raw(go), "clicked", main: { [unowned coordinator] in
            let text = String(cString: gtk_editable_get_text(opaque(entry)))
            gtk_window_destroy(typed(dialog))
            coordinator.openLink(text)
        })
        LinkClipboard.readText(of: parent) { text in
            guard let text, case .page = GiteeLink.outcome(for: text, server: coordinator.environment.server) else { return }
            gtk_editable_set_text(opaque(entry), text)
            gtk_editable_select_region(opaque(entry), 0, -1)
        }
        gtk_window_present(typed(dialog))
    }
}
