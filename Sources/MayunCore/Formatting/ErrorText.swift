import GiteeKit

/// Turns a `GiteeError` into one translated sentence for people.
public enum ErrorText {
    public static func message(for error: GiteeError) -> String {
        switch error {
        case .offline: tr("You are offline. Check your network connection.")
        case .unreachable: tr("Gitee could not be reached. Check your connection or try again later.")
        case .timeout: tr("Gitee took too long to answer. Try again.")
        case .unauthorized: tr("Please log in again: your login is missing or has expired.")
        case .forbidden(let message): withServerMessage(tr("You are not allowed to do this."), message)
        case .rateLimited: tr("Gitee is limiting requests. Try again in a moment.")
        case .notFound: tr("This no longer exists, or you cannot see it.")
        case .validation(let message): message
        case .server: tr("Gitee had a problem answering. Try again later.")
        case .badResponse(.htmlPage):
            tr("Gitee answered with a web page instead of data (perhaps a firewall check). Try again later.")
        case .badResponse(.truncated): tr("The answer from Gitee was cut off. Try again.")
        case .badResponse(.tooLarge(let limit)):
            tr("This is too large to download here (the limit is %@).").replacingOccurrences(
                of: "%@", with: ByteSize.format(Int(clamping: limit)))
        case .badResponse: tr("Gitee sent an answer Mayun does not understand.")
        case .cancelled: tr("Cancelled.")
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
