import Foundation
import GiteeKit

/// Turns a `GiteeError` into one translated sentence for people.
public enum ErrorText {
    public static func message(for error: GiteeError) -> String {
        switch error {
        case .offline: tr("You are offline. Check your network connection.")
        case .unreachable, .notConnected: tr("Gitee could not be reached. Check your connection or try again later.")
        case .timeout: tr("Gitee took too long to answer. Try again.")
        case .unauthorized: tr("Please log in again: your login is missing or has expired.")
        case .forbidden(let message): withServerMessage(tr("You are not allowed to do this."), message)
        case .rateLimited(let resetAt): rateLimit(resetAt)
        case .notFound: tr("This no longer exists, or you cannot see it.")
        case .validation(let message): message
        case .server: tr("Gitee had a problem answering. Try again later.")
        case .badResponse(.htmlPage):
            tr("Gitee answered with a web page instead of data (perhaps a firewall check). Try again later.")
        case .badResponse(.webPage):
            tr("This file needs signing in on the website: Gitee answered with a web page, so nothing was saved.")
        case .badResponse(.truncated): tr("The answer from Gitee was cut off. Try again.")
        case .badResponse(.tooLarge(let limit)):
            tr("This is too large to download here (the limit is %@).").replacingOccurrences(
                of: "%@", with: ByteSize.format(Int(clamping: limit)))
        case .badResponse: tr("Gitee sent an answer Mayun does not understand.")
        case .cancelled: tr("Cancelled.")
        case .unsafePath: tr("Mayun did not open this: its address leaves the project it names.")
        case .oauth(let failure): oauth(failure)
        }
    }

    /// Gitee's rate limit, with the wait it asked for when it said (Retry-After, X-RateLimit-Reset).
    static func rateLimit(_ resetAt: Date?, now: Date = Date()) -> String {
        guard let resetAt else { return tr("Gitee is limiting requests: try again in a minute.") }
        // A reset made by HTTPErrorMapping is at most a day away; clamp anyway before `Int(...)`.
        let interval = resetAt.timeIntervalSince(now).rounded(.up)
        let seconds = interval.isNaN ? 1 : Int(min(max(interval, 1), 86_400))
        return String(format: tr("Gitee is limiting requests and asks to wait %@ s."), "\(seconds)")
    }

    /// A refused password login, by OAuth's `error`: which scopes to add and where, the application's id or secret,
    /// or the email or password.
    public static func oauth(_ failure: OAuthFailure) -> String {
        switch failure.reason {
        case .invalidScope:
            let named = failure.namedScopes
            let scopes = named.isEmpty ? OAuthScopes.required : named
            return String(format: tr("The OAuth application was not given every scope Mayun asks for. On Gitee, open Settings → Third-party applications → your application and tick these scopes: %@. Save, then log in again."),
                          scopes.joined(separator: ", "))
        case .invalidClient:
            return tr("Gitee does not recognise the OAuth application: check the client ID and secret in Preferences.")
        case .invalidGrant:
            return tr("The email or password is wrong.")
        case .other(let code):
            return String(format: tr("Gitee refused the login (%@)."), code)
        }
    }

    /// The banner over content that stays on screen when reloading it failed: over a saved copy the page says it is
    /// offline; over fresh content, only why the reload failed.
    public static func banner(for error: GiteeError, overSavedCopy: Bool) -> String {
        overSavedCopy ? tr("Offline: showing saved data.") + " " + message(for: error) : message(for: error)
    }

    private static func withServerMessage(_ sentence: String, _ message: String?) -> String {
        guard let message, !message.isEmpty else { return sentence }
        return "\(sentence) (\(message))"
    }
}
