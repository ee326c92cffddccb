internal import CGtk
internal import GtkBasics

/// A GtkLinkButton that GTK opens itself, with the desktop's browser: only for fixed pages of the Gitee site (where
/// to make a token or an OAuth application). Addresses that come from data go through `LinkButton` and the
/// ViewModel's `LinkPolicy` instead. The label is its accessible name and the address its tooltip.
@MainActor
package final class WebLinkButton: WidgetObject {
    package init(uri: String, label: String) {
        super.init(owning: GtkBasics.widget(gtk_link_button_new_with_label(uri, label)))
        tooltip = uri
        accessibleLabel = label
    }

    package var uri: String {
        get { gtk_link_button_get_uri(opaque(widget)).map { String(cString: $0) } ?? "" }
        set { gtk_link_button_set_uri(opaque(widget), newValue) }
    }
}
