import CGtk
import Foundation
import MayunCore

@MainActor
enum AboutDialog {
    static func present(over parent: Widget, server: URL) {
        let dialog = gtk_about_dialog_new()!
        let about = OpaquePointer(dialog)
        gtk_about_dialog_set_program_name(about, "Mayun")
        gtk_about_dialog_set_version(about, AppVersion.current)
        gtk_about_dialog_set_logo_icon_name(about, AppEnvironment.applicationID)
        gtk_about_dialog_set_comments(about, tr("A desktop client for Gitee, the code forge."))
        gtk_about_dialog_set_website(about, server.absoluteString)
        gtk_about_dialog_set_license_type(about, GTK_LICENSE_MIT_X11)
        gtk_window_set_transient_for(typed(dialog), typed(parent))
        gtk_window_set_modal(typed(dialog), 1)
        gtk_window_present(typed(dialog))
    }
}
