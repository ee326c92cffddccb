import Foundation
import GiteeKit

/// A transport without a network: it records every request and answers from a script (`replies`, in order, while
/// any are left) or else from a table by path (`responses`: the path with its query first, then without). A path
/// in neither is a 404, or, when the stub was only scripted (`replies` set, no table), a dead network: a client
/// that asks once more than the script says is told so. `failure` makes every request fail that way.
@MainActor
public final class StubTransport: Transport {
    public var responses: [String: HTTPResponse] = [:]
    public var replies: [HTTPResponse] = [] { didSet { scripted = true } }
    /// When set, every request fails this way (no network).
    public var failure: GiteeError?
    public private(set) var requests: [HTTPRequest] = []
    private var scripted = false

    public init() {}

    /// What was sent, in order (the scripted tests' name for `requests`).
    public var sent: [HTTPRequest] { requests }

    public func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        requests.append(request)
        if let failure { throw failure }
        if !replies.isEmpty { return replies.removeFirst() }
        let url = URL(string: request.url)
        let withoutQuery = url?.path ?? ""
        let path = withoutQuery + (url?.query.map { "?" + $0 } ?? "")
        if let answer = responses[path] ?? responses[withoutQuery] { return answer }
        if scripted && responses.isEmpty { throw GiteeError.unreachable("stub has no more replies") }
        return HTTPResponse(status: 404, body: Data(#"{"message":"404 Not Found"}"#.utf8))
    }
}
