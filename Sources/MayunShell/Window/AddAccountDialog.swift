import CGtk
import GtkBasics
import GtkKit
import MayunUI
import Foundation
import GLibRuntime
import MayunCore

/// The Add Account window over the main one: server, then a token or email and password. It only forwards what is
/// typed; `AddAccountViewModel` validates, logs in and adds the account (then this window closes).
@MainActor
package final class AddAccountDialog {
    private let window: Widget
    private let viewModel: AddAccountViewModel
    private let serverEntry = Entry()
    private let serverNote = LoginForm.paragraph(classes: ["dim-label", "caption"])
    private let tokenEntry = Entry(isPassword: true)
    private let emailEntry = Entry(placeholder: "name@example.com")
    private let passwordEntry = Entry(isPassword: true)
    private let methodStack = Stack(crossfade: true)
    private var methodButtons: [(method: LoginMethod, button: ToggleButton)] = []
    private let errorLabel = LoginForm.paragraph(classes: ["error", "add-account-error"])
    private let submit = Button(label: "", classes: ["suggested-action", "add-account-submit"])
    private let bindings = BindingBag()

    static func present(over parent: Widget, accounts: Accounts) {
        let dialog = AddAccountDialog(parent: parent, viewModel: AddAccountViewModel(accounts: accounts))
        attach(dialog, to: raw(dialog.window), key: "mayun-add-account")
        gtk_window_present(typed(dialog.window))
    }

    private init(parent: Widget, viewModel: AddAccountViewModel) {
        self.viewModel = viewModel
        window = widget(adw_window_new())
        gtk_window_set_title(typed(window), viewModel.title)
        gtk_window_set_modal(typed(window), 1)
        gtk_window_set_transient_for(typed(window), typed(parent))
        // An account switch replaces the main window: the dialog goes with the window it was opened over.
        gtk_window_set_destroy_with_parent(typed(window), 1)
        gtk_window_set_default_size(typed(window), 420, 520)
        gtk_widget_set_size_request(window, 340, 300)

        serverEntry.text = viewModel.server
        serverEntry.setInputPurpose(.url)
        emailEntry.setInputPurpose(.email)
        let column = Box(.vertical, spacing: 12)
        column.setMargins(16)
        column.append(LoginForm.field(viewModel.serverLabel, serverEntry), serverNote, methodSwitcher(), methodPages(),
                      errorLabel, submit)
        let scroller = ScrolledWindow(horizontal: .never, vertical: .automatic)
        scroller.vexpand = true
        scroller.setChild(Clamp(maximum: 420, child: column))
        let header = widget(adw_header_bar_new())
        let content = Box(.vertical)
        gtk_box_append(typed(content.rootWidget), header)
        content.append(scroller)
        content.withWidget { adw_window_set_content(typed(window), $0) }
        connectInputs()
        bind()
    }

    /// Token, then password (the login page has them the other way round).
    private func methodSwitcher() -> Box {
        let switcher = LoginForm.methodSwitcher([.token, .password]) { [unowned self] in viewModel.select($0) }
        methodButtons = switcher.buttons
        return switcher.row
    }

    private func methodPages() -> Stack {
        methodStack.isVerticallyHomogeneous = true
        let tokenPage = Box(.vertical, spacing: 10)
        tokenPage.append(LoginForm.field(tr("Personal access token"), tokenEntry))
        methodStack.add(tokenPage, name: LoginMethod.token.rawValue)
        let passwordPage = Box(.vertical, spacing: 10)
        passwordPage.append(LoginForm.field(tr("Email"), emailEntry), LoginForm.field(tr("Password"), passwordEntry))
        methodStack.add(passwordPage, name: LoginMethod.password.rawValue)
        return methodStack
    }

    private func connectInputs() {
        serverEntry.onChanged { [unowned self] in viewModel.setServer($0) }
        tokenEntry.onChanged { [unowned self] in viewModel.setToken($0) }
        emailEntry.onChanged { [unowned self] in viewModel.setEmail($0) }
        passwordEntry.onChanged { [unowned self] in viewModel.setPassword($0) }
        for entry in [serverEntry, tokenEntry, emailEntry, passwordEntry] {
            entry.onActivate { [unowned self] in viewModel.submit() }
        }
        submit.onClicked { [unowned self] in viewModel.submit() }
    }

    private func bind() {
        bindings.bind { [unowned self] in
            methodStack.visibleChildName = viewModel.method.rawValue
            for (method, button) in methodButtons { button.isActive = method == viewModel.method }
        }
        bindings.bind { [unowned self] in
            serverNote.text = viewModel.serverProblem ?? viewModel.serverHint
            serverNote.setClass("error", viewModel.serverProblem != nil)
            submit.label = viewModel.submitLabel
            submit.isSensitive = viewModel.canSubmit
        }
        bindings.bind { [unowned self] in
            errorLabel.text = viewModel.errorMessage ?? ""
            errorLabel.isVisible = viewModel.errorMessage != nil
        }
        bindings.bind { [unowned self] in
            if viewModel.isDone { gtk_window_destroy(typed(window)) }
        }
    }
}
