import Foundation

/// Conditional requests for the answers libsoup's disk cache does not keep (GITEE-API.md: "send `If-None-Match`
/// when an ETag came back, and cope when none does"). The disk cache stores only shareable answers asked without the
/// token; an answer asked with it may be a private project's, so it never goes to disk. Its last 200 that carried an
/// `ETag` or `Last-Modified` is kept here instead, in memory, for the same address and account; the next request
/// for it asks "only if changed", and a 304 is answered with the kept answer (no body crosses the link again).
/// Anything else replaces or drops it. A server that sends no validators is asked plainly, as before.
///
/// Bounded: at most `byteLimit` bytes of bodies, the least recently used dropped first; an answer larger than a
/// tenth of that is not kept. A new account (GiteeAuth's generation) never gets another's answer.
@MainActor
final class RevalidatedAnswers {
    nonisolated static let byteLimit = 8 * 1_024 * 1_024

    private struct Kept {
        var response: HTTPResponse
        var account: Int
        var used: UInt64
    }

    private var kept: [String: Kept] = [:]
    private var bytes = 0
    private var clock: UInt64 = 0

    /// Bytes of bodies kept (tests).
    var keptBytes: Int { bytes }

    /// The GETs this applies to: those the disk cache leaves alone (`PrefetchedAnswers.key` names them).
    static func applies(to request: HTTPRequest) -> Bool {
        request.method == "GET" && (!request.allowsCaching || request.header("Authorization") != nil)
    }

    /// Adds the validators of the kept answer for `key` to `request`; returns that answer (what a 304 means).
    func condition(_ request: inout HTTPRequest, key: String, account: Int) -> HTTPResponse? {
        guard var entry = kept[key], entry.account == account else { return nil }
        clock &+= 1
        entry.used = clock
        kept[key] = entry
        if let tag = entry.response.header("etag") { request.headers.append(HTTPHeader("If-None-Match", tag)) }
        if let date = entry.response.header("last-modified") {
            request.headers.append(HTTPHeader("If-Modified-Since", date))
        }
        return entry.response
    }

    /// The answer to give for `response`: the kept one for a 304 to a conditional request; else `response`, kept
    /// when it is a 200 with a validator.
    func answer(_ response: HTTPResponse, conditionedOn held: HTTPResponse?, key: String, account: Int) -> HTTPResponse {
        if response.status == 304, let held { return held }
        forget(key)
        guard response.status == 200, response.header("etag") != nil || response.header("last-modified") != nil,
              response.body.count <= Self.byteLimit / 10 else { return response }
        clock &+= 1
        kept[key] = Kept(response: response, account: account, used: clock)
        bytes += response.body.count
        while bytes > Self.byteLimit, let oldest = kept.min(by: { $0.value.used < $1.value.used })?.key {
            forget(oldest)
        }
        return response
    }

    private func forget(_ key: String) {
        guard let entry = kept.removeValue(forKey: key) else { return }
        bytes -= entry.response.body.count
    }
}
