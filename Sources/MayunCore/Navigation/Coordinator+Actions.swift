import Foundation
import MayunDocument
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
    /// A click on a link in a rendered document: files of a repository and pages of this Gitee site open inside
    /// Mayun, other web links in the browser; anchors are scrolled to by the document pane itself and blocked
    /// schemes (`javascript:`) do nothing.
    public func follow(_ target: LinkTarget) {
        switch target {
        case .route(let file): push(Route(file))
        case .external(let url): followWebAddress(url)
        case .anchor, .blocked: break
        }
    }

    /// Markdown written on this site's repositories, for the pages that render issues, comments and pull requests.
    public var markdown: RepositoryMarkdown { RepositoryMarkdown(server: environment.server, nightMode: nightMode) }

    /// A download that finished or failed says so wherever the person is (a cancelled one was their choice).
    func announce(_ download: Download) {
        switch download.state {
        case .finished: showToast(String(format: tr("%@ downloaded"), download.fileName))
        case .failed(let reason): showToast(String(format: tr("Could not download %@: %@"), download.fileName, reason))
        case .running, .cancelled: break
        }
    }

    public func showToast(_ message: String) {
        toast = Toast(id: (toast?.id ?? 0) + 1, message: message)
    }

    /// Every address handed to the desktop passes `LinkPolicy`; a refused one only explains itself in a toast.
    public func openExternal(_ url: URL) {
        switch LinkPolicy.decide(url) {
        case .open(let allowed): platform?.open(allowed)
        case .inert(let hint): showToast(hint)
        }
    }

    public func copy(_ text: String, announcing message: String) {
        platform?.copy(text)
        showToast(message)
    }

    /// Runs `action` now when logged in; otherwise opens the login page, and the session runs it once the login
    /// succeeds (a login page closed without logging in drops it, so it never fires later by surprise).
    public func requireLogin(then action: @escaping @MainActor () -> Void) {
        if services.client.auth.isLoggedIn {
            action()
        } else {
            services.session.afterLogin(action)
            push(.login)
        }
    }

    /// Called by the login page after it succeeded (the session has already finished the pending action).
    public func loginSucceeded() {
        if case .login? = stack.last?.route { pop() }
    }
}
