import Foundation
@testable import GiteeKit
import GLibRuntime
@testable import MayunCore
import XCTest

/// A transport that answers each `METHOD path` from a queue (the last answer repeats), records every request, and
/// can fail like a dead network.
@MainActor
final class ScriptedTransport: Transport {
    private var answers: [String: [HTTPResponse]] = [:]
    private(set) var requests: [HTTPRequest] = []
    var networkFailure: GiteeError?

    func on(_ method: String, _ path: String, _ responses: HTTPResponse...) {
        answers["\(method) \(path)"] = responses
    }

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        requests.append(request)
        if let networkFailure { throw networkFailure }
        let key = "\(request.method) \(URL(string: request.url)?.path ?? "")"
        guard var queue = answers[key], let first = queue.first else {
            return HTTPResponse(status: 404, body: Data(#"{"message":"404 Not Found"}"#.utf8))
        }
        if queue.count > 1 { queue.removeFirst(); answers[key] = queue }
        return first
    }

    func requests(to path: String) -> [HTTPRequest] {
        requests.filter { URL(string: $0.url)?.path == path }
    }

    func formFields(of request: HTTPRequest) -> [String: String] {
        let text = request.body.flatMap { String(data: $0, encoding: .utf8) } ?? ""
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
            if parts.count == 2 { fields[parts[0]] = parts[1].replacingOccurrences(of: "+", with: " ") }
        }
        return fields
    }
}

enum SessionFixtures {
    static let server = "http://127.0.0.1:9"
    static let oauthEnvironment = ["MAYUN_OAUTH_CLIENT_ID": "mayun-test-client", "MAYUN_OAUTH_CLIENT_SECRET": "s3cret"]

    static func json(_ status: Int, _ text: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["content-type": "application/json"], body: Data(text.utf8))
    }

    static func token(_ access: String, refresh: String? = "refresh-1", expiresIn: Int = 86_400) -> HTTPResponse {
        let refreshField = refresh.map { #","refresh_token":"\#($0)""# } ?? ""
        return json(200, #"{"access_token":"\#(access)","token_type":"bearer","expires_in":\#(expiresIn)\#(refreshField),"scope":"user_info projects","created_at":\#(Int(Date().timeIntervalSince1970))}"#)
    }

    static func user(login: String = "mayun-demo", name: String = "Mayun Demo") -> HTTPResponse {
        json(200, #"{"id":7,"login":"\#(login)","name":"\#(name)","avatar_url":"\#(server)/__fake/avatar/\#(login).png"}"#)
    }

    static let invalidGrant = json(400, #"{"error":"invalid_grant","error_description":"The provided authorization grant is invalid"}"#)
    static let unauthorized = json(401, #"{"message":"401 Unauthorized: Access token is expired"}"#)

    static func loginKey(_ server: String = server, login: String = "mayun-demo") -> CredentialKey {
        CredentialKey(server: server, kind: .account, login: login)
    }
}

/// A session on a scripted transport (no retries, so a scripted 5xx is final).
@MainActor
func makeSession(transport: ScriptedTransport, store: (any CredentialStore)?, environment: [String: String] = [:],
                 server: String = SessionFixtures.server, account: String? = "mayun-demo") -> Session {
    let client = GiteeClient(configuration: GiteeConfiguration(server: server, retry: .none), transport: transport)
    return Session(client: client, store: store, account: account, environment: environment)
}

/// Runs an async body to completion on the main actor, turning the GLib main loop meanwhile.
@MainActor
func runUntilDone(_ what: String, timeout: Double = 5, file: StaticString = #filePath, line: UInt = #line,
             _ body: @escaping @MainActor () async -> Void) {
    let finished = Flag()
    Task { @MainActor in
        await body()
        finished.isSet = true
    }
    waitUntil(what, timeout: timeout, file: file, line: line) { finished.isSet }
}

@MainActor
final class Flag {
    var isSet = false
}

@MainActor
func storedLogin(_ store: InMemoryCredentialStore, server: String = SessionFixtures.server,
                 login: String = "mayun-demo") -> StoredLogin? {
    store.secrets[SessionFixtures.loginKey(server, login: login)].flatMap(StoredLogin.decode)
}
