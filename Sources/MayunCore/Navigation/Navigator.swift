import Foundation
import MayunDocument

/// What a screen may ask of navigation and the desktop: the narrow face of the `Coordinator` that ViewModels hold
/// (weakly). Tests can give a screen a recording navigator instead of a whole Coordinator.
@MainActor
public protocol Navigator: AnyObject {
    func push(_ route: Route)
    func pop()
    /// Replaces the top page (a branch switch, an image that turned out to be text).
    func replace(with route: Route)
    /// A link clicked in a document or a profile.
    func follow(_ target: LinkTarget)
    /// The browser, through the link policy.
    func openExternal(_ url: URL)
    func copy(_ text: String, announcing message: String)
    func showToast(_ message: String)
    /// Runs `action` at once when logged in, otherwise after a successful login.
    func requireLogin(then action: @escaping @MainActor () -> Void)
    /// A Gitee link (a notification's subject, a pasted address): its page here, or the browser.
    func openLink(_ text: String)
}

extension Coordinator: Navigator {}
