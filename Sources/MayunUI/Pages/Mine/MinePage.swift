import CGtk
import Foundation
import GLibRuntime
import MayunCore

/// The Mine tab: the login form while logged out; who is logged in, with Log Out, while logged in. Nothing while the
/// stored login is still being read (a blank instant rather than a login form that vanishes).
@MainActor
final class MinePage: Page {
    private let viewModel: MineViewModel
    private let images: ImageLoader
    private let stack: Widget
    private let avatar: Widget
    private let greeting: Widget
    private let loginName: Widget
    private let notice: Widget
    private var shownAvatar: URL?
    private var ticket: ImageTicket?

    init(viewModel: MineViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        self.images = images
        stack = widget(gtk_stack_new())
        avatar = widget(gtk_image_new_from_icon_name("avatar-default-symbolic"))
        greeting = Build.label("", classes: ["title-2"], wrap: true)
        loginName = Build.label("", classes: ["dim-label"])
        notice = Build.label("", classes: ["dim-label"], wrap: true)
        super.init(root: stack)

        gtk_stack_set_transition_type(opaque(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        gtk_stack_add_named(opaque(stack), Build.box(GTK_ORIENTATION_VERTICAL), "restoring")
        gtk_stack_add_named(opaque(stack), LoginPage(viewModel: viewModel.login).root, "login")
        gtk_stack_add_named(opaque(stack), accountView(), "account")

        bindings.bind { [unowned self] in
            let face = viewModel.isRestoring ? "restoring" : viewModel.isLoggedIn ? "account" : "login"
            gtk_stack_set_visible_child_name(opaque(stack), face)
        }
        bindings.bind { [unowned self] in
            gtk_label_set_text(opaque(greeting), viewModel.greeting)
            gtk_label_set_text(opaque(loginName), viewModel.loginName)
            let text = viewModel.storageNotice ?? ""
            gtk_label_set_text(opaque(notice), text)
            gtk_widget_set_visible(notice, text.isEmpty ? 0 : 1)
            showAvatar(viewModel.avatarURL)
        }
    }

    override var title: String { viewModel.title }

    private func accountView() -> Widget {
        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["mine-account"])
        gtk_widget_set_halign(column, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(column, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(column, 1)
        Build.margins(column, 32)
        gtk_image_set_pixel_size(opaque(avatar), 96)
        gtk_label_set_justify(opaque(notice), GTK_JUSTIFY_CENTER)
        let logOut = widget(gtk_button_new_with_label(viewModel.logOutLabel))
        gtk_widget_set_halign(logOut, GTK_ALIGN_CENTER)
        Build.addClasses(logOut, ["destructive-action"])
        connect(raw(logOut), "clicked", main: { [unowned self] in viewModel.logOut() })
        Build.append(column, avatar, greeting, loginName, notice, logOut)
        return column
    }

    private func showAvatar(_ url: URL?) {
        guard url != shownAvatar else { return }
        shownAvatar = url
        ticket?.cancel()
        gtk_image_set_from_icon_name(opaque(avatar), "avatar-default-symbolic")
        guard let url else { return }
        ticket = images.load(url) { [weak self] texture in
            guard let self, let texture else { return }
            gtk_image_set_from_paintable(opaque(self.avatar), OpaquePointer(texture))
        }
    }
}
