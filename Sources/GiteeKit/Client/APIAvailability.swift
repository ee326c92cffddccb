import Foundation

/// What the client believes about API roots that may be retired (v3 explore): whether to ask them or go straight to
/// their substitutes. One transient fault never decides it: an API is taken as gone only after `evidenceNeeded`
/// answers that say so (without a success between them), and it is asked again `retryInterval` later (and at the
/// next launch, since nothing of this is saved).
///
/// Evidence that an API is gone: 410 or 401 (the site turns the API off or puts it behind its login), an HTML page
/// or an unexpected status (a firewall, a redirect to the login page) on any page, and 404 on a first page (a later
/// page may be 404 only because the list ended). Not evidence: 5xx after retries, 429 and rate limits, a truncated or
/// broken JSON body, a plain 403 with a JSON message: those happen to working APIs too.
struct APIAvailability {
    static let evidenceNeeded = 2

    /// Seconds after which an API taken as gone is asked again.
    var retryInterval: TimeInterval
    private var evidence: [String: Int] = [:]
    private var goneSince: [String: Date] = [:]

    init(retryInterval: TimeInterval) {
        self.retryInterval = retryInterval
    }

    func isUnavailable(_ api: String, now: Date = Date()) -> Bool {
        guard let since = goneSince[api] else { return false }
        return now.timeIntervalSince(since) < retryInterval
    }

    func unavailable(now: Date = Date()) -> Set<String> {
        Set(goneSince.keys.filter { isUnavailable($0, now: now) })
    }

    /// An answer arrived: the evidence so far was transient.
    mutating func recordSuccess(_ api: String) {
        evidence[api] = nil
        goneSince[api] = nil
    }

    /// Records a failure; answers `true` when it is the one that makes the API count as gone (from now on, until
    /// `retryInterval` has passed). After a retry that fails again with evidence, the API is gone again at once:
    /// the earlier evidence still stands, as nothing succeeded since.
    mutating func recordFailure(_ api: String, _ failure: GiteeError, onFirstPage: Bool, now: Date = Date()) -> Bool {
        guard Self.isEvidence(failure, onFirstPage: onFirstPage) else { return false }
        let count = min((evidence[api] ?? 0) + 1, Self.evidenceNeeded)
        evidence[api] = count
        guard count >= Self.evidenceNeeded, !isUnavailable(api, now: now) else { return false }
        goneSince[api] = now
        return true
    }

    static func isEvidence(_ failure: GiteeError, onFirstPage: Bool) -> Bool {
        switch failure {
        case .unauthorized, .badResponse(.htmlPage), .badResponse(.unexpectedStatus): return true
        case .notFound(let message):
            // 410 maps to `.notFound` too; Gitee's 410 message says "Gone".
            return onFirstPage || message?.range(of: "gone", options: .caseInsensitive) != nil
        default: return false
        }
    }
}
