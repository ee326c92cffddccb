import CGtk
import GLibRuntime
import MayunCore

/// The login form: email + password or a personal access token, the Log In button, and the error beside the form.
/// It only forwards what is typed and clicked; `LoginViewModel` decides what can be sent and what went wrong.
@MainActor
final class LoginPage: Page {
    private let viewModel: LoginViewModel
    private let methodStack: Widget
    private var methodButtons: [(method: LoginMethod, button: Widget)] = []
    private let emailEntry: Widget
    private let passwordEntry: Widget
    private let tokenEntry: Widget
    private let guidance: Widget
    private let errorLabel: Widget
    private let submitButton: Widget
    private let submitLabel: Widget
    private let spinner: Widget
    private let storageNotice: Widget

    init(viewModel: LoginViewModel) {
        self.viewModel = viewModel
        let scroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scroller, 1)

        emailEntry = LoginForm.entry(text: viewModel.email, placeholder: "name@example.com")
        gtk_entry_set_input_purpose(typed(emailEntry), GTK_INPUT_PURPOSE_EMAIL)
        passwordEntry = LoginForm.passwordEntry(text: viewModel.password)
        tokenEntry = LoginForm.passwordEntry(text: viewModel.token)
        guidance = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 8, classes: ["card", "login-guidance"])
        methodStack = widget(gtk_stack_new())
        errorLabel = LoginForm.paragraph("", classes: ["error", "login-error"])
        submitButton = widget(gtk_button_new())
        submitLabel = Build.label(viewModel.submitLabel)
        spinner = widget(gtk_spinner_new())
        storageNotice = LoginForm.paragraph("", classes: ["dim-label", "login-storage-notice"])
        super.init(root: scroller)

        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 14, classes: ["login-form"])
        Build.margins(column, 16)
        Build.append(column, header(), methodSwitcher(), methodPages(), errorLabel, submitRow(), storageNotice)
        // 420 px wide at most, centred; on a phone the full width (less the margins).
        let clamp = widget(adw_clamp_new())
        adw_clamp_set_maximum_size(opaque(clamp), 420)
        adw_clamp_set_child(opaque(clamp), column)
        gtk_widget_set_valign(clamp, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(clamp, 1)
        gtk_scrolled_window_set_child(opaque(scroller), clamp)

        connectInputs()
        bind()
    }

    override var title: String { viewModel.title }

    // MARK: Layout

    private func header() -> Widget {
        let box = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 6)
        let icon = widget(gtk_image_new_from_icon_name("avatar-default-symbolic"))
        gtk_image_set_pixel_size(opaque(icon), 64)
        Build.addClasses(icon, ["dim-label"])
        let title = Build.label(viewModel.title, classes: ["title-1"], wrap: true)
        let subtitle = Build.label(viewModel.subtitle, classes: ["dim-label"], wrap: true)
        gtk_label_set_justify(opaque(subtitle), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(opaque(subtitle), 50)
        Build.append(box, icon, title, subtitle)
        return box
    }

    /// Two linked toggle buttons, one per way of logging in (a GtkStackSwitcher look, with our own accessible names).
    private func methodSwitcher() -> Widget {
        let row = Build.box(GTK_ORIENTATION_HORIZONTAL, classes: ["linked", "login-methods"])
        gtk_widget_set_halign(row, GTK_ALIGN_CENTER)
        var first: Widget?
        for method in viewModel.methods {
            let button = widget(gtk_toggle_button_new_with_label(method.title))
            gtk_widget_set_hexpand(button, 1)
            if let first { gtk_toggle_button_set_group(typed(button), typed(first)) } else { first = button }
            connect(raw(button), "toggled", main: { [unowned self] in
                if gtk_toggle_button_get_active(typed(button)) != 0 { viewModel.select(method) }
            })
            methodButtons.append((method, button))
            Build.append(row, button)
        }
        return row
    }

    private func methodPages() -> Widget {
        gtk_stack_set_transition_type(opaque(methodStack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Both ways keep one height, so Log In stays put when switching. (GTK 4.8 also measures a non-homogeneous
        // stack of wrapping labels far too wide, which stretched the form across the window.)
        gtk_stack_set_vhomogeneous(opaque(methodStack), 1)

        let passwordPage = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 10)
        Build.append(passwordPage, LoginForm.field(viewModel.emailLabel, emailEntry),
                     LoginForm.field(viewModel.passwordLabel, passwordEntry), guidanceCard())
        gtk_stack_add_named(opaque(methodStack), passwordPage, LoginMethod.password.rawValue)

        let tokenPage = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 10)
        let explanation = LoginForm.paragraph(viewModel.tokenExplanation, classes: ["dim-label"])
        let link = LoginForm.link(viewModel.tokenPageLabel, url: viewModel.tokenPageURL)
        Build.append(tokenPage, LoginForm.field(viewModel.tokenLabel, tokenEntry), explanation, link)
        gtk_stack_add_named(opaque(methodStack), tokenPage, LoginMethod.token.rawValue)
        return methodStack
    }

    /// Shown instead of a dead form when no OAuth application is set: where to make one and where to enter it.
    private func guidanceCard() -> Widget {
        let text = LoginForm.paragraph(viewModel.oauthGuidance ?? "")
        let link = LoginForm.link(viewModel.oauthApplicationsLabel, url: viewModel.oauthApplicationsURL)
        let settings = widget(gtk_button_new_with_label(viewModel.settingsLabel))
        connect(raw(settings), "clicked", main: { [unowned self] in viewModel.openSettings() })
        let actions = Build.wrappingRow(link, settings)  // one line, or two on a phone
        Build.append(guidance, text, actions)
        bindings.bind { [unowned self] in
            gtk_label_set_text(opaque(text), viewModel.oauthGuidance ?? "")
        }
        return guidance
    }

    private func submitRow() -> Widget {
        let content = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        gtk_widget_set_halign(content, GTK_ALIGN_CENTER)
        Build.append(content, spinner, submitLabel)
        gtk_button_set_child(typed(submitButton), content)
        Build.addClasses(submitButton, ["suggested-action", "login-submit"])
        Accessibility.setLabel(submitButton, viewModel.submitLabel)
        return submitButton
    }

    // MARK: Events and bindings

    private func connectInputs() {
        let fields: [(Widget, @MainActor (String) -> Void)] = [
            (emailEntry, { [unowned self] in viewModel.setEmail($0) }),
            (passwordEntry, { [unowned self] in viewModel.setPassword($0) }),
            (tokenEntry, { [unowned self] in viewModel.setToken($0) }),
        ]
        for (entry, update) in fields {
            connect(raw(entry), "changed", main: { update(LoginForm.text(of: entry)) })
            // Enter in any field sends the form, as a person expects from a login dialog.
            connect(raw(entry), "activate", main: { [unowned self] in viewModel.submit() })
        }
        connect(raw(submitButton), "clicked", main: { [unowned self] in viewModel.submit() })
        // Typing can start at once: the first empty field of the current way gets the focus when the page shows.
        // On the next turn: when Mine switches faces, GTK moves the focus away from the hidden Log Out button after
        // the map, which would otherwise win.
        connect(raw(root), "map", main: { [weak self] in Task { @MainActor in self?.focusFirstEmptyField() } })
    }

    private func focusFirstEmptyField() {
        let fields = viewModel.method == .token ? [tokenEntry] : [emailEntry, passwordEntry]
        if let empty = fields.first(where: { LoginForm.text(of: $0).isEmpty }) { gtk_widget_grab_focus(empty) }
    }

    private func bind() {
        bindings.bind { [unowned self] in
            let method = viewModel.method
            gtk_stack_set_visible_child_name(opaque(methodStack), method.rawValue)
            for (option, button) in methodButtons where (gtk_toggle_button_get_active(typed(button)) != 0) != (option == method) {
                gtk_toggle_button_set_active(typed(button), option == method ? 1 : 0)
            }
            if gtk_widget_get_mapped(root) != 0 { focusFirstEmptyField() }
            gtk_widget_set_visible(guidance, viewModel.oauthGuidance == nil ? 0 : 1)
        }
        bindings.bind { [unowned self] in
            gtk_widget_set_sensitive(submitButton, viewModel.canSubmit ? 1 : 0)
            // The theme's suggested-action colour looks the same when insensitive: fade it so "not yet" is visible.
            gtk_label_set_text(opaque(submitLabel), viewModel.submitLabel)
            Accessibility.setLabel(submitButton, viewModel.submitLabel)
            gtk_widget_set_visible(spinner, viewModel.isSubmitting ? 1 : 0)
            if viewModel.isSubmitting { gtk_spinner_start(opaque(spinner)) } else { gtk_spinner_stop(opaque(spinner)) }
        }
        bindings.bind { [unowned self] in
            let message = viewModel.errorMessage ?? ""
            gtk_label_set_text(opaque(errorLabel), message)
            gtk_widget_set_visible(errorLabel, message.isEmpty ? 0 : 1)
        }
        bindings.bind { [unowned self] in
            let notice = viewModel.storageNotice ?? ""
            gtk_label_set_text(opaque(storageNotice), notice)
            gtk_widget_set_visible(storageNotice, notice.isEmpty ? 0 : 1)
        }
    }

    /// For tests: the widgets a person would use.
    var controls: (email: Widget, password: Widget, token: Widget, submit: Widget, error: Widget) {
        (emailEntry, passwordEntry, tokenEntry, submitButton, errorLabel)
    }
}
