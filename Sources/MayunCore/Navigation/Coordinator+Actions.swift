import Foundation
import Observation

/// What only the desktop can do (open a browser, the clipboard); MayunUI provides it, tests record it.
@MainActor
public protocol PlatformActions: AnyObject {
    func open(_ url: URL)
    func copy(_ text: String)
}

/// A short message shown for a few seconds (a star that failed, "Link copied").
public struct Toast: Equatable, Sendable {
    public let id: Int
    public let message: String
}

extension Coordinator {
    public func showToast(_ message: String) {
        toast = Toast(id: (toast?.id ?? 0) + 1, message: message)
    }

    public func openExternal(_ url: URL) {
        platform?.open(url)
    }

    public func copy(_ text: String, announcing message: String) {
        platform?.copy(text)
        showToast(message)
    }

    /// Runs `action` now when logged in; otherwise opens the login page and runs it once the login succeeds.
    public func requireLogin(then action: @escaping @MainActor () -> Void) {
        if services.client.auth.isLoggedIn {
            action()
        } else {
            pendingAfterLogin = action
            push(.login)
        }
    }

    /// Called by the login page when it succeeded: closes it and finishes what the person was doing.
    public func loginSucceeded() {
        if case .login? = stack.last?.route { pop() }
        let action = pendingAfterLogin
        pendingAfterLogin = nil
        action?()
    }
}
