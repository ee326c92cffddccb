import CSoup
import Foundation
import Glibc
import GLibRuntime

extension FakeGiteeServer {
    /// Entry point for every request SoupServer hands over.
    func handle(_ message: OpaquePointer) {
        var request = Self.request(from: message)
        let isControl = request.segments.first == "__fake"
        let isAPI = request.segments.first == "api" || request.segments.first == "oauth"

        switch authority.check(request.token) {
        case .valid(let login): request.viewer = world.user(login: login)
        case .expired: request.tokenExpired = true
        case .invalid, .anonymous: break
        }
        // Faults and latency apply to the API only: the control endpoints must keep working to switch them off.
        // A fault that replaces the answer is decided before the handler runs, so a failed create creates nothing.
        let fault = isControl ? nil : takeFault(for: request)
        if let fault, !fault.kind.wrapsRealAnswer {
            log(request, status: Self.loggedStatus(fault), fault: fault.kind)
            return apply(fault, to: nil, message: message)
        }

        var response: FakeResponse
        if isAPI, request.body.count > Self.maxRequestBodySize {
            // The site's nginx front refuses an oversized body before any route sees it.
            response = .error(413, "413 Request Entity Too Large")
        } else if let refused = userAgentAnswer(for: request) ?? v3Answer(for: request) {
            response = refused
        } else if isAPI, request.tokenSource != nil, request.viewer == nil, request.segments.first == "api" {
            // Gitee's words (its IntelliJ plugin matches them); `expiredTokenStatus` picks 401 or 403 for an expired one.
            response = request.tokenExpired
                ? .error(expiredTokenStatus, "\(expiredTokenStatus) Unauthorized: Access token is expired")
                : .error(401, "401 Unauthorized: Invalid access token")
        } else if let hidden = hiddenRepository(request) {
            response = hidden
        } else if let (handler, parameters, pattern) = router.matchWithPattern(request) {
            response = (strict && request.method == "GET" ? ParameterRules.refusal(for: request, pattern: pattern) : nil)
                ?? handler(request, parameters)
        } else {
            response = .notFound("Not Found")
        }
        if isAPI, sendsCacheHeaders, request.method == "GET", response.status == 200 {
            response = Self.revalidated(response, for: request)
        }
        // The control API (and the avatars under it) stays out of the log: the log is about what the app did.
        if !isControl { log(request, status: fault.map { Self.loggedStatus($0, answer: response.status) } ?? response.status, fault: fault?.kind) }
        if let fault { return apply(fault, to: response, message: message) }
        let entry = isControl ? nil : requestLog.last.map { ($0.sequence, $0.receivedAt) }
        if latencyMs > 0, !isControl {
            respondLater(message, afterMs: latencyMs) { [weak self] in
                Self.send(response, to: message)
                self?.markAnswered(entry)
            }
            return
        }
        Self.send(response, to: message)
        markAnswered(entry)
    }

    /// Adds an ETag (and `Cache-Control` that asks caches to revalidate), and answers `304 Not Modified` when the
    /// client already holds this exact body: this exercises the app's HTTP disk cache without a network.
    private static func revalidated(_ response: FakeResponse, for request: FakeRequest) -> FakeResponse {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in response.body { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let tag = "W/\"\(String(hash, radix: 16))\""
        var answer = response
        answer.headers += [("ETag", tag), ("Cache-Control", "max-age=0, private, must-revalidate")]
        if request.headers["if-none-match"]?.contains(tag) == true {
            answer.status = 304
            answer.body = Data()
        }
        return answer
    }

    /// The status the log shows: none when no whole answer reaches the client; the real answer's when a fault only
    /// holds it back (`answer`: a slow 201 is logged 201, not 200).
    private static func loggedStatus(_ fault: Fault, answer: Int? = nil) -> Int {
        switch fault.kind {
        case .reset, .noAnswer, .truncated, .lostConnection: return 0
        case .latency, .slow: return answer ?? 200
        case .malformedJSON: return 200
        default: return fault.status
        }
    }

    private func takeFault(for request: FakeRequest) -> Fault? {
        guard let index = faults.firstIndex(where: { $0.applies(to: request.method, path: request.rawPath) }) else { return nil }
        faults[index].seen += 1
        guard faults[index].seen % faults[index].every == 0 else { return nil }
        let fault = faults[index]
        if let remaining = fault.remaining {
            if remaining <= 1 { faults.remove(at: index) } else { faults[index].remaining = remaining - 1 }
        }
        return fault
    }

    private func apply(_ fault: Fault, to answer: FakeResponse?, message: OpaquePointer) {
        let response = answer ?? .notFound()
        switch fault.kind {
        case .status:
            var headers: [(String, String)] = []
            if let retryAfter = fault.retryAfter { headers.append(("Retry-After", "\(retryAfter)")) }
            if fault.status == 429 { headers += [("X-RateLimit-Limit", "60"), ("X-RateLimit-Remaining", "0")] }
            let text = fault.status == 429 ? "Too Many Requests" : fault.status >= 500 ? "Internal Server Error (injected)" : "Injected error \(fault.status)"
            Self.send(.json(.object([("message", .string(text))]), status: fault.status, headers: headers), to: message)
        case .html:
            Self.send(Self.firewallPage(status: fault.status), to: message)
        case .untypedHTML:
            var page = Self.firewallPage(status: fault.status)
            page.contentType = "application/octet-stream"
            Self.send(page, to: message)
        case .rateLimit:
            Self.send(Self.rateLimitAnswer(status: fault.status, retryAfter: fault.retryAfter), to: message)
        case .malformedJSON:
            Self.send(FakeResponse(status: 200, contentType: "application/json", headers: [], body: Data("{\"id\": 1, \"name\": \"broken".utf8)), to: message)
        case .latency:
            respondLater(message, afterMs: fault.delayMs) { Self.send(response, to: message) }
        case .slow:
            ConnectionFaults.drip(response, to: message, intervalMs: max(1, fault.delayMs))
        case .truncated:
            ConnectionFaults.truncate(response, message: message)
        case .reset:
            ConnectionFaults.reset(message)
        case .noAnswer:
            if let held = ConnectionFaults.hold(message) { heldConnections.append(held) }
        case .lostAnswer:
            let gateway = "<html><head><title>\(fault.status) Bad Gateway</title></head><body><center><h1>\(fault.status) Bad Gateway</h1></center><hr><center>nginx</center></body></html>"
            Self.send(FakeResponse(status: fault.status, contentType: "text/html", headers: [], body: Data(gateway.utf8)), to: message)
        case .lostConnection:
            ConnectionFaults.reset(message)
        }
    }

    // MARK: SoupServerMessage plumbing

    private static func request(from message: OpaquePointer) -> FakeRequest {
        let method = soup_server_message_get_method(message).map { String(cString: $0) } ?? "GET"
        let uri = soup_server_message_get_uri(message)
        let path = g_uri_get_path(uri).map { String(cString: $0) } ?? "/"
        let query = g_uri_get_query(uri).map { String(cString: $0) }
        var headers: [String: String] = [:]
        withUnsafeMutablePointer(to: &headers) { pointer in
            soup_message_headers_foreach(soup_server_message_get_request_headers(message), { name, value, data in
                guard let name, let value, let data else { return }
                data.assumingMemoryBound(to: [String: String].self).pointee[String(cString: name).lowercased()] = String(cString: value)
            }, pointer)
        }
        var body = Data()
        if let bytes = soup_message_body_flatten(soup_server_message_get_request_body(message)) {
            var size: gsize = 0
            if let data = g_bytes_get_data(bytes, &size), size > 0 { body = Data(bytes: data, count: Int(size)) }
            g_bytes_unref(bytes)
        }
        return FakeRequest(method: method, rawPath: path, rawQuery: query, headers: headers, body: body)
    }

    static func send(_ response: FakeResponse, to message: OpaquePointer) {
        soup_server_message_set_status(message, guint(response.status), nil)
        let headers = soup_server_message_get_response_headers(message)
        for (name, value) in response.headers { soup_message_headers_append(headers, name, value) }
        if response.status == 204 || response.status == 304 {
            soup_server_message_set_response(message, nil, SOUP_MEMORY_COPY, nil, 0)
            return
        }
        response.body.withUnsafeBytes { raw in
            soup_server_message_set_response(message, response.contentType, SOUP_MEMORY_COPY,
                                             raw.baseAddress?.assumingMemoryBound(to: CChar.self), gsize(raw.count))
        }
    }

    /// Pauses the message and runs `body` after a delay (then lets SoupServer write the answer). Meanwhile the
    /// connection is watched: a client that hangs up first (it cancelled) marks the request it sent last `aborted`
    /// in the log, so tests can prove that leaving a page stops its request.
    func respondLater(_ message: OpaquePointer, afterMs: Int, _ body: @escaping @MainActor () -> Void) {
        soup_server_message_pause(message)
        g_object_ref(UnsafeMutableRawPointer(message))
        let held = HeldAnswer(socket: soup_server_message_get_socket(message), sequence: requestLog.last?.sequence)
        // SoupServer finishes a paused message itself when it sees the connection go: the answer is then not sent.
        let finished = connect(UnsafeMutableRawPointer(message), "finished", main: { [weak self] in
            guard !held.isAnswered else { return }
            held.isAnswered = true
            self?.markAborted(sequence: held.sequence)
        })
        watchForHangUp(held)
        afterDelay(milliseconds: afterMs) {
            disconnect(finished)
            if !held.isAnswered {
                held.isAnswered = true
                body()
                soup_server_message_unpause(message)
            }
            g_object_unref(UnsafeMutableRawPointer(message))
        }
    }

    /// Every 20 ms until the answer goes out: has the client closed its end? (It sends nothing else on this
    /// connection while it waits, so anything readable is the end of the stream or a reset.)
    private func watchForHangUp(_ held: HeldAnswer) {
        afterDelay(milliseconds: 20) { [weak self] in
            guard let self, !held.isAnswered else { return }
            guard held.clientHungUp else { return watchForHangUp(held) }
            // Nothing goes out on a closed connection (SoupServer may already have dropped the message).
            held.isAnswered = true
            markAborted(sequence: held.sequence)
        }
    }
}

/// Runs `body` once on the main loop after `milliseconds`.
@MainActor
func afterDelay(milliseconds: Int, _ body: @escaping @MainActor () -> Void) {
    // GLib owns the box until the source goes (CallbackData.release), whoever called this.
    g_timeout_add_full(G_PRIORITY_DEFAULT, guint(max(0, milliseconds)), { data in
        guard let box = CallbackData.borrow(data, as: ClosureBox<@MainActor () -> Void>.self) else { return 0 }
        MainActor.assumeIsolated { box.body() }
        return 0  // G_SOURCE_REMOVE
    }, CallbackData.retain(ClosureBox(body)), CallbackData.release)
}

/// An answer being held back, and the connection it will go out on.
@MainActor
final class HeldAnswer {
    private let socket: ObjectRef?
    let sequence: Int?
    var isAnswered = false

    init(socket: UnsafeMutablePointer<GSocket>?, sequence: Int?) {
        self.socket = socket.map { ObjectRef(retaining: UnsafeMutableRawPointer($0)) }
        self.sequence = sequence
    }

    /// A peek that finds the end of the stream (0) or an error other than "nothing yet" means the client is gone.
    var clientHungUp: Bool {
        guard let socket else { return false }
        let fd = g_socket_get_fd(socket.pointer.assumingMemoryBound(to: GSocket.self))
        guard fd >= 0 else { return true }
        var byte: UInt8 = 0
        let read = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
        return read == 0 || (read < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
    }
}
