import CGtk
import GLibRuntime
import MayunCore

/// The login form: email + password or a personal access token, the Log In button, and the error beside the form.
/// It only forwards what is typed and clicked; `LoginViewModel` decides what can be sent and what went wrong.
@MainActor
final class LoginPage: Page {
    private let viewModel: LoginViewModel
    private let methodStack: Widget
    private var methodButtons: [(method: LoginMethod, button: ToggleButton)] = []
    private let emailEntry = Entry(placeholder: "name@example.com")
    private let passwordEntry = Entry(isPassword: true)
    private let tokenEntry = Entry(isPassword: true)
    private let guidance = Box(.vertical, spacing: 8, classes: ["card", "login-guidance"])
    private let errorLabel = LoginForm.paragraph(classes: ["error", "login-error"])
    private let submitButton = Button(label: "")
    private let submitLabel: Label
    private let spinner = Spinner()
    private let storageNotice = LoginForm.paragraph(classes: ["dim-label", "login-storage-notice"])
    private let guidanceText = LoginForm.paragraph()

    init(viewModel: LoginViewModel) {
        self.viewModel = viewModel
        let scroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_widget_set_vexpand(scroller, 1)

        emailEntry.text = viewModel.email
        emailEntry.setInputPurpose(GTK_INPUT_PURPOSE_EMAIL)
        passwordEntry.text = viewModel.password
        tokenEntry.text = viewModel.token
        methodStack = widget(gtk_stack_new())
        submitLabel = Label(viewModel.submitLabel)
        super.init(root: scroller)

        let column = Box(.vertical, spacing: 14, classes: ["login-form"])
        Build.margins(column.widget, 16)
        column.append(header(), methodSwitcher())
        column.append(widget: methodPages())
        column.append(errorLabel)
        column.append(widget: submitRow())
        column.append(storageNotice)
        // 420 px wide at most, centred; on a phone the full width (less the margins).
        let clamp = widget(adw_clamp_new())
        adw_clamp_set_maximum_size(opaque(clamp), 420)
        adw_clamp_set_child(opaque(clamp), column.widget)
        gtk_widget_set_valign(clamp, GTK_ALIGN_CENTER)
        gtk_widget_set_vexpand(clamp, 1)
        gtk_scrolled_window_set_child(opaque(scroller), clamp)

        connectInputs()
        bind()
    }

    override var title: String { viewModel.title }

    // MARK: Layout

    private func header() -> Box {
        let box = Box(.vertical, spacing: 6)
        let icon = widget(gtk_image_new_from_icon_name("avatar-default-symbolic"))
        gtk_image_set_pixel_size(opaque(icon), 64)
        Build.addClasses(icon, ["dim-label"])
        let title = Label(viewModel.title, classes: ["title-1"], wrap: true)
        let subtitle = Label(viewModel.subtitle, classes: ["dim-label"], wrap: true)
        gtk_label_set_justify(opaque(subtitle.widget), GTK_JUSTIFY_CENTER)
        gtk_label_set_max_width_chars(opaque(subtitle.widget), 50)
        box.append(widget: icon)
        box.append(title, subtitle)
        return box
    }

    /// Two linked toggle buttons, one per way of logging in (a GtkStackSwitcher look, with our own accessible names).
    private func methodSwitcher() -> Box {
        let row = Box(.horizontal, classes: ["linked", "login-methods"])
        gtk_widget_set_halign(row.widget, GTK_ALIGN_CENTER)
        for method in viewModel.methods {
            let button = ToggleButton(label: method.title)
            gtk_widget_set_hexpand(button.widget, 1)
            if let first = methodButtons.first?.button { button.join(first) }
            button.onToggled { [unowned self] on in if on { viewModel.select(method) } }
            methodButtons.append((method, button))
            row.append(button)
        }
        return row
    }

    private func methodPages() -> Widget {
        gtk_stack_set_transition_type(opaque(methodStack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        // Both ways keep one height, so Log In stays put when switching. (GTK 4.8 also measures a non-homogeneous
        // stack of wrapping labels far too wide, which stretched the form across the window.)
        gtk_stack_set_vhomogeneous(opaque(methodStack), 1)

        let passwordPage = Box(.vertical, spacing: 10)
        passwordPage.append(widget: LoginForm.field(viewModel.emailLabel, emailEntry.widget))
        passwordPage.append(widget: LoginForm.field(viewModel.passwordLabel, passwordEntry.widget))
        passwordPage.append(widget: guidanceCard())
        gtk_stack_add_named(opaque(methodStack), passwordPage.widget, LoginMethod.password.rawValue)

        let tokenPage = Box(.vertical, spacing: 10)
        tokenPage.append(widget: LoginForm.field(viewModel.tokenLabel, tokenEntry.widget))
        tokenPage.append(LoginForm.paragraph(viewModel.tokenExplanation, classes: ["dim-label"]))
        tokenPage.append(widget: LoginForm.link(viewModel.tokenPageLabel, url: viewModel.tokenPageURL))
        gtk_stack_add_named(opaque(methodStack), tokenPage.widget, LoginMethod.token.rawValue)
        return methodStack
    }

    /// Shown instead of a dead form when no OAuth application is set: where to make one and where to enter it.
    private func guidanceCard() -> Widget {
        let link = LoginForm.link(viewModel.oauthApplicationsLabel, url: viewModel.oauthApplicationsURL)
        let settings = Button(label: viewModel.settingsLabel)
        settings.onClicked { [unowned self] in viewModel.openSettings() }
        guidance.append(guidanceText)
        guidance.append(widget: Build.wrappingRow(link, settings.widget))  // one line, or two on a phone
        return guidance.widget
    }

    private func submitRow() -> Widget {
        let content = Box(.horizontal, spacing: 8)
        gtk_widget_set_halign(content.widget, GTK_ALIGN_CENTER)
        content.append(spinner, submitLabel)
        gtk_button_set_child(typed(submitButton.widget), content.widget)
        submitButton.addClasses(["suggested-action", "login-submit"])
        submitButton.accessibleLabel = viewModel.submitLabel
        return submitButton.widget
    }

    // MARK: Events and bindings

    private func connectInputs() {
        let fields: [(Entry, @MainActor (String) -> Void)] = [
            (emailEntry, { [unowned self] in viewModel.setEmail($0) }),
            (passwordEntry, { [unowned self] in viewModel.setPassword($0) }),
            (tokenEntry, { [unowned self] in viewModel.setToken($0) }),
        ]
        for (entry, update) in fields {
            entry.onChanged(update)
            // Enter in any field sends the form, as a person expects from a login dialog.
            entry.onActivate { [unowned self] in viewModel.submit() }
        }
        submitButton.onClicked { [unowned self] in viewModel.submit() }
        // Typing can start at once: the first empty field of the current way gets the focus when the page shows.
        // On the next turn: when Mine switches faces, GTK moves the focus away from the hidden Log Out button after
        // the map, which would otherwise win.
        connect(raw(root), "map", main: { [weak self] in Task { @MainActor in self?.focusFirstEmptyField() } })
    }

    private func focusFirstEmptyField() {
        let fields = viewModel.method == .token ? [tokenEntry] : [emailEntry, passwordEntry]
        fields.first(where: { $0.text.isEmpty })?.grabFocus()
    }

    private func bind() {
        bindings.bind { [unowned self] in
            let method = viewModel.method
            gtk_stack_set_visible_child_name(opaque(methodStack), method.rawValue)
            for (option, button) in methodButtons { button.isActive = option == method }
            if gtk_widget_get_mapped(root) != 0 { focusFirstEmptyField() }
            guidance.isVisible = viewModel.oauthGuidance != nil
            guidanceText.text = viewModel.oauthGuidance ?? ""
        }
        bindings.bind { [unowned self] in
            submitButton.isSensitive = viewModel.canSubmit
            submitLabel.text = viewModel.submitLabel
            submitButton.accessibleLabel = viewModel.submitLabel
            spinner.isSpinning = viewModel.isSubmitting
        }
        bindings.bind { [unowned self] in
            errorLabel.text = viewModel.errorMessage ?? ""
            errorLabel.isVisible = !errorLabel.text.isEmpty
        }
        bindings.bind { [unowned self] in
            storageNotice.text = viewModel.storageNotice ?? ""
            storageNotice.isVisible = !storageNotice.text.isEmpty
        }
    }

    /// For tests: the widgets a person would use.
    var controls: (email: Widget, password: Widget, token: Widget, submit: Widget, error: Widget) {
        (emailEntry.widget, passwordEntry.widget, tokenEntry.widget, submitButton.widget, errorLabel.widget)
    }
}
