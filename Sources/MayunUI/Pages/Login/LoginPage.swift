import GtkKit
import MayunCore

/// The login form: email + password or a personal access token, the Log In button, and the error beside the form.
/// It only forwards what is typed and clicked; `LoginViewModel` decides what can be sent and what went wrong.
@MainActor
final class LoginPage: Page {
    private let viewModel: LoginViewModel
    private let methodStack = Stack(crossfade: true)
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
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        scroller.vexpand = true

        emailEntry.text = viewModel.email
        emailEntry.setInputPurpose(.email)
        passwordEntry.text = viewModel.password
        tokenEntry.text = viewModel.token
        submitLabel = Label(viewModel.submitLabel)
        super.init(root: scroller)

        let column = Box(.vertical, spacing: 14, classes: ["login-form"])
        column.setMargins(16)
        column.append(header(), methodSwitcher(), methodPages(), errorLabel, submitRow(), storageNotice)
        // 420 px wide at most, centred; on a phone the full width (less the margins).
        let clamp = Clamp(maximum: 420, child: column)
        clamp.valign = .center
        clamp.vexpand = true
        scroller.setChild(clamp)

        connectInputs()
        bind()
    }

    override var title: String { viewModel.title }

    // MARK: Layout

    private func header() -> Box {
        let box = Box(.vertical, spacing: 6)
        let icon = Icon("avatar-default-symbolic", pixelSize: 64)
        icon.addClasses(["dim-label"])
        let title = Label(viewModel.title, classes: ["title-1"], wrap: true)
        let subtitle = Label(viewModel.subtitle, classes: ["dim-label"], wrap: true)
        subtitle.justify = .center
        subtitle.maxWidthChars = 50
        box.append(icon, title, subtitle)
        return box
    }

    /// Two linked toggle buttons, one per way of logging in, sharing the column's width.
    private func methodSwitcher() -> Box {
        let switcher = LoginForm.methodSwitcher(viewModel.methods, classes: ["login-methods"], expand: true) {
            [unowned self] in viewModel.select($0)
        }
        methodButtons = switcher.buttons
        return switcher.row
    }

    private func methodPages() -> Stack {
        // Both ways keep one height, so Log In stays put when switching. (GTK 4.8 also measures a non-homogeneous
        // stack of wrapping labels far too wide, which stretched the form across the window.)
        methodStack.isVerticallyHomogeneous = true

        let passwordPage = Box(.vertical, spacing: 10)
        passwordPage.append(LoginForm.field(viewModel.emailLabel, emailEntry),
                            LoginForm.field(viewModel.passwordLabel, passwordEntry), guidanceCard())
        methodStack.add(passwordPage, name: LoginMethod.password.rawValue)

        let tokenPage = Box(.vertical, spacing: 10)
        tokenPage.append(LoginForm.field(viewModel.tokenLabel, tokenEntry),
                         LoginForm.paragraph(viewModel.tokenExplanation, classes: ["dim-label"]),
                         LoginForm.link(viewModel.tokenPageLabel, url: viewModel.tokenPageURL))
        methodStack.add(tokenPage, name: LoginMethod.token.rawValue)
        return methodStack
    }

    /// Shown instead of a dead form when no OAuth application is set: where to make one and where to enter it.
    private func guidanceCard() -> Box {
        let link = LoginForm.link(viewModel.oauthApplicationsLabel, url: viewModel.oauthApplicationsURL)
        let settings = Button(label: viewModel.settingsLabel)
        settings.onClicked { [unowned self] in viewModel.openSettings() }
        guidance.append(guidanceText)
        let row = WrappingRow(spacing: 8, maxPerLine: 2)  // one line, or two on a phone
        row.append(link, settings)
        guidance.append(row)
        return guidance
    }

    private func submitRow() -> Button {
        let content = Box(.horizontal, spacing: 8)
        content.halign = .center
        content.append(spinner, submitLabel)
        submitButton.setChild(content)
        submitButton.addClasses(["suggested-action", "login-submit"])
        submitButton.accessibleLabel = viewModel.submitLabel
        return submitButton
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
        onMap { [weak self] in Task { @MainActor in self?.focusFirstEmptyField() } }
    }

    private func focusFirstEmptyField() {
        let fields = viewModel.method == .token ? [tokenEntry] : [emailEntry, passwordEntry]
        fields.first(where: { $0.text.isEmpty })?.grabFocus()
    }

    private func bind() {
        bindings.bind { [unowned self] in
            let method = viewModel.method
            methodStack.visibleChildName = method.rawValue
            for (option, button) in methodButtons { button.isActive = option == method }
            if isMapped { focusFirstEmptyField() }
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
    var controls: (email: Entry, password: Entry, token: Entry, submit: Button, error: Label) {
        (emailEntry, passwordEntry, tokenEntry, submitButton, errorLabel)
    }
}
