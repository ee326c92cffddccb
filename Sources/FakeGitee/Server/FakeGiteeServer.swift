import CSoup
import Foundation
import GLibRuntime

/// A local Gitee: the generated world served over HTTP on 127.0.0.1 by libsoup's own `SoupServer`, with OAuth, mutable
/// state, a request log and fault injection. Runs on the thread of the default GLib main context (the main thread):
/// create it there and keep the main loop running (`fake-gitee` does; tests spin it).
@MainActor
public final class FakeGiteeServer {
    public struct Options: Sendable {
        public var seed: UInt64 = 42
        public var accounts = AccountsFixture()
        public var stateFile: String?
        /// Seconds an OAuth access token lives (Gitee: 86,400).
        public var tokenLifetime: TimeInterval = 86_400
        /// Added to every API answer, in milliseconds.
        public var latencyMs = 0
        public var faults: [Fault] = []
        public var projectCount = 5_000
        public var userCount = 500
        /// Behave like the real site where it is less kind (the default; see `StrictMode.swift`).
        public var strict = true
        /// What v3 (explore, languages) does.
        public var v3: V3Behaviour = .ok
        /// Send `ETag`/`Cache-Control` and answer `If-None-Match` with 304 (off unless asked: nothing shows gitee.com
        /// sends them, so the app must not depend on them).
        public var cacheHeaders = false
        /// Every project's README is this hostile document (see HostileReadmes.swift).
        public var hostileReadme: HostileReadme?
        /// Generated pull requests carry their project's review rules (about a third need one approval, a sixth one
        /// passed test: `assignees_number` / `testers_number`). Off: none does until `setRequiredReviews` says so,
        /// for tests that share one world and need pull requests anyone may merge.
        public var requiredReviews = true
        public init() {}
    }

    public let state: WorldState
    public var world: World { state.world }
    let authority: TokenAuthority
    /// Notifications and private messages (Routes+Notifications.swift).
    let inbox: FakeInbox
    var router = Router()
    var faults: [Fault] = []
    var nextFaultID = 1
    public var latencyMs: Int
    /// Strict mode (see `Options.strict`); changeable at runtime for tests.
    public var strict: Bool
    public var v3Behaviour: V3Behaviour
    /// What an expired token gets: 401 (default) or 403, both with Gitee's "Access token is expired".
    public var expiredTokenStatus = 401
    public var sendsCacheHeaders: Bool
    /// The other reading of the site's silence on clearing (FAKE-GITEE.md, "Assumed rules"): an empty `assignee` is
    /// ignored and `milestone=0` refused, so tests can show the app says when a clearing did not take.
    public var ignoresBlankTriage = false
    /// Set by `Options.hostileReadme` or `POST /__fake/hostile-readme`.
    public var hostileReadme: HostileReadme?
    /// Set by `POST /__fake/hostile-commit?files=N`: every commit's detail lists that many vendored files.
    public var hostileCommitFiles: Int?
    /// Files changed of the pull requests `POST /__fake/bench-pages` made large (Routes+BenchPages.swift), by id.
    var benchPullFiles: [Int: [PullFile]] = [:]
    public private(set) var requestLog: [LoggedRequest] = []
    /// Connections held open by the `no-answer` fault (closed by `stop`).
    var heldConnections: [ObjectRef] = []
    private var server: UnsafeMutablePointer<SoupServer>?
    public private(set) var port: UInt16 = 0
    /// Time taken to generate the world, for benchmarks and the startup line.
    public let generationSeconds: Double

    public init(options: Options = Options()) {
        let started = Date()
        let world = WorldGenerator.generate(seed: options.seed, userCount: options.userCount, projectCount: options.projectCount,
                                            accounts: options.accounts.accounts.map { ($0.login, $0.email) })
        generationSeconds = Date().timeIntervalSince(started)
        state = WorldState(world: world, stateFile: options.stateFile)
        state.generatesRequiredReviews = options.requiredReviews
        inbox = FakeInbox(world: world)
        authority = TokenAuthority(fixture: options.accounts, lifetime: options.tokenLifetime)
        authority.strict = options.strict
        latencyMs = options.latencyMs
        strict = options.strict
        v3Behaviour = options.v3
        sendsCacheHeaders = options.cacheHeaders
        hostileReadme = options.hostileReadme
        for fault in options.faults { addFault(fault) }
        registerRoutes()
    }

    /// `http://127.0.0.1:PORT` once started.
    public var baseURL: String { "http://127.0.0.1:\(port)" }

    var renderer: Renderer { Renderer(base: baseURL, state: state, lenient: !strict) }

    /// Listens on 127.0.0.1 only. Port 0 picks a free port; the chosen one is returned (and in `port`).
    @discardableResult
    public func start(port requested: UInt16 = 0) throws -> UInt16 {
        guard server == nil else { return port }
        guard let object = g_object_new_with_properties(soup_server_get_type(), 0, nil, nil) else {
            throw FakeGiteeError.listenFailed("cannot create SoupServer")
        }
        let server = UnsafeMutableRawPointer(object).assumingMemoryBound(to: SoupServer.self)
        let address = g_inet_socket_address_new_from_string("127.0.0.1", guint(requested))
        defer { g_object_unref(UnsafeMutableRawPointer(address)) }
        do {
            _ = try withGError { soup_server_listen(server, address, SoupServerListenOptions(rawValue: 0), $0) }
        } catch {
            g_object_unref(object)
            throw FakeGiteeError.listenFailed("cannot listen on 127.0.0.1:\(requested): \(error)")
        }
        soup_server_add_handler(server, nil, { _, message, _, _, data in
            guard let message, let owner = CallbackData.borrow(data, as: FakeGiteeServer.self) else { return }
            MainActor.assumeIsolated { owner.handle(message) }
        }, CallbackData.unretained(self), nil)
        self.server = server
        port = Self.listeningPort(server)
        return port
    }

    /// SoupServer holds an unretained pointer to this object for its handler: stop serving before it goes away.
    isolated deinit { stop() }

    public func stop() {
        guard let server else { return }
        soup_server_disconnect(server)
        g_object_unref(UnsafeMutableRawPointer(server))
        self.server = nil
        heldConnections.removeAll()
    }

    // MARK: Runtime controls (also reachable over HTTP under /__fake)

    @discardableResult
    public func addFault(_ fault: Fault) -> Fault {
        var fault = fault
        fault.id = nextFaultID
        nextFaultID += 1
        faults.append(fault)
        return fault
    }

    public func clearFaults() { faults.removeAll() }

    /// Sets how many approvals and passed tests a pull request needs before it may be merged, as a project's admin
    /// does on the website (the API has no call for it). false when there is no such pull request.
    @discardableResult
    public func setRequiredReviews(approvals: Int, tests: Int, owner: String, repo: String, number: Int) -> Bool {
        guard let project = world.project(owner: owner, repo: repo),
              let pull = state.pullRequest(number: number, project: project) else { return false }
        state.pullRequestChanges.requiredReviews[pull.id] = (max(0, approvals), max(0, tests))
        return true
    }
    public func clearLog() { requestLog.removeAll() }
    /// Makes every OAuth access token issued so far expired (to test silent refresh without waiting).
    public func expireAllTokens() { authority.expireAll() }
    /// Strict or lenient, for the whole server at once (the token authority's refresh rules follow it).
    public func setStrict(_ strict: Bool) {
        self.strict = strict
        authority.strict = strict
    }

    public var tokenLifetime: TimeInterval {
        get { authority.lifetime }
        set { authority.lifetime = newValue }
    }

    func log(_ request: FakeRequest, status: Int, fault: Fault.Kind?) {
        var fields = request.query.merging(request.form) { $1 }
        for key in fields.keys where LoggedRequest.secretFields.contains(key) { fields[key] = "***" }
        requestLog.append(LoggedRequest(sequence: requestLog.count + 1, method: request.method, path: request.rawPath,
                                        fields: fields, login: request.viewer?.login, tokenSource: request.tokenSource,
                                        status: status, fault: fault?.rawValue, userAgent: request.headers["user-agent"]))
        requestLog[requestLog.count - 1].receivedAt = g_get_monotonic_time()
    }

    /// Notes when the answer to the logged request `entry` (its sequence and arrival) went out: now. A log cleared
    /// meanwhile has no such entry (sequences start again at 1, arrivals do not repeat).
    func markAnswered(_ entry: (sequence: Int, receivedAt: Int)?) {
        guard let entry, requestLog.indices.contains(entry.sequence - 1),
              requestLog[entry.sequence - 1].receivedAt == entry.receivedAt else { return }
        requestLog[entry.sequence - 1].answeredAt = g_get_monotonic_time()
    }

    /// Marks a logged request as abandoned by the client (see `respondLater`).
    func markAborted(sequence: Int?) {
        guard let index = requestLog.firstIndex(where: { $0.sequence == sequence }) else { return }
        requestLog[index].aborted = true
    }

    private static func listeningPort(_ server: UnsafeMutablePointer<SoupServer>) -> UInt16 {
        guard let list = soup_server_get_uris(server) else { return 0 }
        defer { g_slist_free_full(list) { g_uri_unref(OpaquePointer($0)) } }
        guard let uri = list.pointee.data else { return 0 }
        return UInt16(clamping: g_uri_get_port(OpaquePointer(uri)))
    }
}
