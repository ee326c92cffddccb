import Foundation
import GiteeKit
import Observation

/// The Add Account form: the server (gitee.com or another Gitee server's base URL), then a personal access token
/// or email and password. The login runs through a candidate identity on that server (its own client: the token
/// typed here never goes anywhere else) and, once the server names the person, becomes the active account.
/// Nothing typed is cleared by a failure.
@MainActor
@Observable
public final class AddAccountViewModel {
    public private(set) var server = "https://gitee.com"
    public private(set) var method: LoginMethod = .token
    public private(set) var token = ""
    public private(set) var email = ""
    public private(set) var password = ""
    public private(set) var isSubmitting = false
    public private(set) var errorMessage: String?
    /// True once the account was added (the dialog closes).
    public private(set) var isDone = false

    public var title: String { tr("Add Account") }
    public var serverLabel: String { tr("Server") }
    public var serverHint: String { tr("gitee.com, or the address of your company's Gitee server (https).") }
    public var submitLabel: String { isSubmitting ? tr("Logging In…") : tr("Add Account") }
    public var methods: [LoginMethod] { LoginMethod.allCases }

    /// The server's problem while typing (nil when it is fine).
    public var serverProblem: String? {
        if case .failure(let problem) = ServerAddress.parse(server) { return ServerAddress.message(for: problem) }
        return nil
    }

    public var canSubmit: Bool {
        guard !isSubmitting, serverProblem == nil else { return false }
        switch method {
        case .token: return !token.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
        case .password: return !email.trimmingCharacters(in: .whitespaces).isEmpty && !password.isEmpty
        }
    }

    @ObservationIgnored private let accounts: Accounts

    public init(accounts: Accounts) {
        self.accounts = accounts
        server = accounts.active?.server ?? accounts.defaultServer
    }

    public func setServer(_ text: String) { if text != server { server = text; errorMessage = nil } }
    public func setToken(_ text: String) { if text != token { token = text } }
    public func setEmail(_ text: String) { if text != email { email = text } }
    public func setPassword(_ text: String) { if text != password { password = text } }
    public func select(_ method: LoginMethod) { if method != self.method { self.method = method; errorMessage = nil } }

    public func submit() {
        guard canSubmit else { return }
        isSubmitting = true
        Task { await send() }
    }

    /// The same as `submit()`, awaited (tests).
    public func add() async {
        guard canSubmit else { return }
        isSubmitting = true
        await send()
    }

    private func send() async {
        defer { isSubmitting = false }
        guard case .success(let address) = ServerAddress.parse(server) else { return }
        let candidate = accounts.candidate(server: address)
        do throws(GiteeError) {
            switch method {
            case .token: try await candidate.session.logIn(personalToken: token)
            case .password:
                try await candidate.session.logIn(email: email.trimmingCharacters(in: .whitespaces), password: password)
            }
        } catch {
            errorMessage = LoginViewModel.message(for: error, method: method)
            return
        }
        guard candidate.session.user != nil else {
            errorMessage = tr("The server did not say who is logged in; try again.")
            candidate.client.logOut()
            return
        }
        errorMessage = nil
        password = ""
        accounts.adopt(candidate)
        isDone = true
    }
}
