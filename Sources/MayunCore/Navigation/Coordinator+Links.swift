import Foundation

extension Coordinator {
    /// Opens a Gitee link handed to Mayun (command line, a second launch, Ctrl+L, paste, drop): its page here when
    /// Mayun has one, the browser for the site's other pages, and a message for anything else.
    public func openLink(_ text: String) {
        switch GiteeLink.outcome(for: text, server: environment.server) {
        case .page(let route):
            push(route)
        case .unsupported:
            guard let url = URL(string: text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return }
            showToast(tr("Mayun has no page for this link yet; it opens in your browser."))
            openExternal(url)
        case .refused:
            showToast(Self.refusedLinkMessage)
        case .foreign:
            let server = environment.server
            let site = (server.host ?? server.absoluteString) + (server.port.map { ":\($0)" } ?? "")
            showToast(String(format: tr("Not a link to %@."), site))
        }
    }

    /// A web address clicked inside a README, issue or profile: pages of this Gitee site open in Mayun, the rest
    /// in the browser.
    func followWebAddress(_ url: URL) {
        switch GiteeLink.outcome(for: url.absoluteString, server: environment.server) {
        case .page(let route): push(route)
        case .refused: showToast(Self.refusedLinkMessage)
        case .foreign, .unsupported: openExternal(url)
        }
    }

    static var refusedLinkMessage: String {
        tr("This link was not opened: its address leaves the project it names (“..” or an encoded “/”).")
    }
}
