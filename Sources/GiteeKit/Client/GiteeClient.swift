import Foundation

/// The one door to Gitee. Owns the transport (one libsoup session), attaches the token, refreshes it once on 401,
/// retries 429/5xx with backoff, maps every failure to `GiteeError`, and decodes answers off the main thread.
///
/// Use it from the main actor (the app's ViewModels); every method throws `GiteeError` only.
@MainActor
public final class GiteeClient {
    public let configuration: GiteeConfiguration
    public let auth: GiteeAuth
    let transport: any Transport
    /// Receives one line per request (method, path, status, time). Never sees tokens or bodies.
    public var log: (@MainActor (String) -> Void)?
    /// Told each time the server answered a request (any status): it can be reached again (MayunCore's outbox then
    /// sends what waited).
    public var onServerAnswered: (@MainActor () -> Void)?
    /// The OAuth application for password login. Starts as `configuration.oauthClient`; Settings may change it at any
    /// time without making a new client (and a new session).
    public var oauthClient: OAuthClient?
    /// Shared by every request that hits 401 at the same time, so the token is refreshed once.
    private var refreshInFlight: Task<Void, Error>?
    /// Which API roots (v3 explore) count as gone for now; see `APIAvailability` for the evidence it takes.
    private var availability = APIAvailability(retryInterval: 30 * 60)
    /// API roots taken as gone right now (`Endpoint.API.rawValue`, e.g. "/api/v3"): their substitutes answer instead.
    public var unavailableAPIs: Set<String> { availability.unavailable() }
    /// Seconds after which an API taken as gone is asked again (30 minutes; tests shorten it).
    public var unavailableAPIRetryInterval: TimeInterval {
        get { availability.retryInterval }
        set { availability.retryInterval = newValue }
    }

    public init(configuration: GiteeConfiguration = GiteeConfiguration(), auth: GiteeAuth = GiteeAuth(),
                transport: (any Transport)? = nil) {
        self.configuration = configuration
        self.auth = auth
        self.transport = transport ?? SoupTransport(configuration: configuration)
        oauthClient = configuration.oauthClient
        auth.accountEnded = { [weak self] in self?.cancelRequestsWithToken() }
    }

    /// Requests in flight that carry the token, so that Log Out (or another login) can cancel them.
    private var withToken: [Int: Task<HTTPResponse, Error>] = [:]
    /// A stored login being applied (`holdRequests(until:)`): requests wait for it first.
    var pendingCredential: Task<Void, Never>?
    private var nextRequest = 0
    /// GETs asked ahead for the page about to open (`prefetch`), kept for its first requests.
    let prefetched = PrefetchedAnswers()
    /// The last answers with validators to GETs the disk cache leaves alone, asked again "only if changed".
    let revalidated = RevalidatedAnswers()

    /// Log Out: every request that carried the old token stops, and its answer is never returned (a late private
    /// answer must not be saved as someone else's, or as public, after the wipe).
    private func cancelRequestsWithToken() {
        for task in withToken.values { task.cancel() }
        withToken = [:]
    }

    /// Sends `request`; one carrying the token is cancelled at Log Out, and its answer is refused (`.cancelled`)
    /// when the account changed while it was out, whoever cancelled it. A GET a prefetch already asked takes that
    /// answer instead (`PrefetchedAnswers`; any write forgets them); a GET the disk cache leaves alone is sent "only
    /// if changed" when an earlier answer had a validator (`RevalidatedAnswers`).
    private func exchange(_ request: HTTPRequest, uploaded: TransferProgress? = nil) async throws -> HTTPResponse {
        let transport = self.transport, revalidated = self.revalidated
        let account = auth.account
        let key = uploaded == nil ? PrefetchedAnswers.key(for: request) : nil
        if request.method != "GET" { prefetched.forgetAll() }
        @MainActor func send() async throws -> HTTPResponse {
            if let uploaded { return try await transport.send(request, uploaded: uploaded) }
            guard let key, RevalidatedAnswers.applies(to: request) else { return try await transport.send(request, progress: nil) }
            var conditional = request
            let held = revalidated.condition(&conditional, key: key, account: account)
            let response = try await transport.send(conditional, progress: nil)
            return revalidated.answer(response, conditionedOn: held, key: key, account: account)
        }
        if let key, let kept = prefetched.take(key: key, account: account) {
            let response = try await withTaskCancellationHandler { try await kept.task.value } onCancel: { kept.task.cancel() }
            guard auth.account == account else { throw GiteeError.cancelled }
            return response
        }
        let prefetching = Self.isPrefetching && key != nil
        guard prefetching || request.header("Authorization") != nil else { return try await send() }
        let task = Task { @MainActor in try await send() }
        let id = nextRequest
        nextRequest &+= 1
        if request.header("Authorization") != nil { withToken[id] = task }
        defer { withToken[id] = nil }
        // A prefetch cancelled (the pointer left) stops its request unless a page took it meanwhile.
        let kept = prefetching ? key.map { prefetched.keep(task, key: $0, account: account) } : nil
        let response: HTTPResponse
        do {
            response = try await withTaskCancellationHandler { try await task.value } onCancel: {
                if kept?.drop() ?? true { task.cancel() }
            }
        } catch {
            if let kept, let key { prefetched.forget(kept, key: key) }
            throw error
        }
        guard auth.account == account else { throw GiteeError.cancelled }
        return response
    }

    // MARK: Calls

    /// Sends `endpoint` and decodes its answer (following fallbacks when the primary answers 404/410).
    public func send<Response>(_ endpoint: Endpoint<Response>) async throws -> Response {
        try await perform(endpoint, pagination: nil).value
    }

    /// Sends `endpoint` (an upload), telling `uploaded` how many bytes of the request body went out of the total.
    public func send<Response>(_ endpoint: Endpoint<Response>, uploaded: @escaping TransferProgress) async throws -> Response {
        try await perform(endpoint, pagination: nil, uploaded: uploaded).value
    }

    /// Fetches one page of a list. Pass `nil` for the first page, then the previous page's `next`.
    public func page<Item>(_ endpoint: Endpoint<[Item]>, at pagination: Pagination? = nil) async throws -> Page<Item> {
        var pagination = pagination ?? .first(for: endpoint.paging)
        let result = try await perform(endpoint, pagination: pagination)
        if result.restarted {
            // The list's source went away: this is page 1 of the substitute, which replaces what the list showed.
            pagination = .first(for: pagination.style)
        }
        let totalPages = result.response.header("total_page").flatMap { Int($0.trimmingWhitespace) }
        let totalCount = result.response.header("total_count").flatMap { Int($0.trimmingWhitespace) }
        let firstItem = result.value.first.map(Self.identity)
        if !result.restarted, let firstItem, firstItem == pagination.previousFirstItem {
            // The server answered the previous page again (it ignores `page` or `prev_id`): the list ends here.
            log?("\(endpoint.summary): a page repeated the previous one, so the list ends")
            return Page(items: [], next: nil, totalCount: totalCount, totalPages: totalPages, servedByFallback: result.source > 0)
        }
        var next = pagination.next(afterReceiving: result.value.count, lastID: (result.value.last as? PagedByID)?.id,
                                   totalPages: totalPages)
        next?.source = result.source
        next?.previousFirstItem = firstItem
        var page = Page(items: result.value, next: next, totalCount: totalCount, totalPages: totalPages,
                        servedByFallback: result.source > 0)
        page.restartsList = result.restarted
        return page
    }

    /// Every page of a list, one after the other (branches: 100 at a time), at most `maxPages` of them.
    public func all<Item>(_ endpoint: Endpoint<[Item]>, maxPages: Int = 50) async throws -> [Item] {
        var items: [Item] = []
        var page = try await self.page(endpoint)
        items += page.items
        var fetched = 1
        while let next = page.next, fetched < maxPages {
            page = try await self.page(endpoint, at: next)
            if page.restartsList { items = page.items } else { items += page.items }
            fetched += 1
        }
        return items
    }

    /// What identifies a list item for the repeated-page check: its id when it has one, else its whole value.
    private nonisolated static func identity<Item>(_ item: Item) -> String {
        if let item = item as? PagedByID { return "id:\(item.id)" }
        return String(reflecting: item)
    }

    /// The last page of a numbered list, as the first page's `total_page` names it: a thread's newest comments.
    public func lastPage<Item>(_ endpoint: Endpoint<[Item]>) async throws -> [Item] {
        let first = try await page(endpoint)
        guard let total = first.totalPages, total > 1, case .numbered = endpoint.paging else { return first.items }
        return try await page(endpoint, at: Pagination(style: endpoint.paging, page: total, afterID: nil)).items
    }

    /// Streams a raw file to `path` without holding it in memory (big blobs).
    public func download(_ endpoint: Endpoint<Data>, to path: String, progress: TransferProgress? = nil) async throws {
        try Self.refuseUnsafePath(endpoint)
        var attemptedRefresh = false
        while true {
            let usedToken = auth.accessToken
            let request = makeRequest(endpoint, extraQuery: [])
            let response = try await mapTransportFailure { try await transport.download(request, to: path, progress: progress) }
            if HTTPErrorMapping.asksForRefresh(response), !endpoint.isPublic, !attemptedRefresh,
               auth.refreshToken != nil || auth.accessToken != usedToken {
                attemptedRefresh = true
                if auth.accessToken == usedToken { try await refreshToken() }
                continue
            }
            guard (200..<300).contains(response.status) else { throw error(for: response) }
            return
        }
    }

    // MARK: The request cycle

    struct Outcome<Response> {
        var value: Response
        var response: HTTPResponse
        var source: Int
        /// A later page was asked of a source that is gone: this is page 1 of the substitute instead.
        var restarted = false
    }

    /// Sends `endpoint` (a list's page when `pagination` is set), or one of its substitutes: a first page (or a
    /// single call) comes from the substitute whenever the primary fails in a way that says something about the API;
    /// a later page comes from the same source as the pages before it, so a list never mixes two orderings. When
    /// that source has gone meanwhile, the answer is page 1 of the substitute, marked `restarted`.
    private func perform<Response>(_ endpoint: Endpoint<Response>, pagination: Pagination?,
                                   uploaded: TransferProgress? = nil) async throws -> Outcome<Response> {
        let chain = [endpoint] + endpoint.fallbacks
        let isFirstPage = pagination?.isFirstPage ?? true
        var index = min(max(pagination?.source ?? 0, 0), chain.count - 1)
        var restarted = false
        func hasSubstitute(_ index: Int) -> Bool { index + 1 < chain.count || endpoint.valueWhenUnavailable != nil }
        while true {
            // An API root taken as gone is not asked: its substitute answers at once.
            while index < chain.count, availability.isUnavailable(chain[index].api.rawValue), hasSubstitute(index) {
                index += 1
                if !isFirstPage { restarted = true }
            }
            guard index < chain.count else {
                // Only reached with `valueWhenUnavailable` set (the loop above stops at the last endpoint otherwise).
                guard let value = endpoint.valueWhenUnavailable else { throw GiteeError.notFound(nil) }
                return Outcome(value: value, response: HTTPResponse(status: 200), source: index, restarted: restarted)
            }
            let candidate = chain[index]
            let query = restarted ? Pagination.first(for: endpoint.paging).queryItems : (pagination?.queryItems ?? [])
            do {
                let (value, response) = try await performOne(candidate, extraQuery: query, uploaded: uploaded)
                if hasSubstitute(index) { availability.recordSuccess(candidate.api.rawValue) }
                return Outcome(value: value, response: response, source: index, restarted: restarted)
            } catch let failure as GiteeError where hasSubstitute(index) && Self.meansUnavailable(failure) {
                let api = candidate.api.rawValue
                if availability.recordFailure(api, failure, onFirstPage: isFirstPage || restarted) {
                    log?("\(candidate.summary) unavailable (\(failure)); its substitutes answer for the next \(Int(availability.retryInterval / 60)) min")
                }
                if isFirstPage || restarted {
                    log?("\(candidate.summary) failed (\(failure)); this answer comes from its substitute")
                    index += 1
                } else if availability.isUnavailable(api) {
                    restarted = true
                    index += 1
                } else {
                    throw failure  // A later page: the list keeps its source and offers a retry.
                }
            }
        }
    }

    /// Failures that say something about the API asked, not about the network or the person (cancelled).
    private static func meansUnavailable(_ failure: GiteeError) -> Bool {
        switch failure {
        case .cancelled, .offline, .unreachable, .notConnected, .timeout: return false
        default: return true
        }
    }

    private func performOne<Response>(_ endpoint: Endpoint<Response>, extraQuery: [QueryItem],
                                      uploaded: TransferProgress? = nil) async throws -> (Response, HTTPResponse) {
        try Self.refuseUnsafePath(endpoint)
        await waitForPendingCredential()
        if endpoint.requiresAuth, !auth.isLoggedIn { throw GiteeError.unauthorized(nil) }
        if !endpoint.isPublic, auth.needsRefreshBeforeUse { try? await refreshToken() }
        var retries = 0
        var attemptedRefresh = false
        while true {
            let usedToken = auth.accessToken
            var request = makeRequest(endpoint, extraQuery: extraQuery)
            if request.maxBodyBytes == nil { request.maxBodyBytes = Self.maxAnswerBytes }
            let started = Date()
            let account = auth.account
            let response = try await mapTransportFailure { try await exchange(request, uploaded: uploaded) }
            log?("\(endpoint.method.rawValue) \(endpoint.api.rawValue)\(endpoint.path) -> \(response.status) in \(Int(Date().timeIntervalSince(started) * 1000)) ms")
            onServerAnswered?()
            if Task.isCancelled { throw GiteeError.cancelled }

            // A public call carried no token, so its 401 says nothing about the login: no refresh, no logout. Gitee
            // also says "Access token is expired" in a 403.
            if HTTPErrorMapping.asksForRefresh(response), endpoint.api != .root, !endpoint.isPublic, !attemptedRefresh {
                // Another request may have refreshed the token meanwhile: then just retry with the new one.
                if let current = auth.accessToken, current != usedToken {
                    attemptedRefresh = true
                    continue
                }
                if auth.refreshToken != nil {
                    attemptedRefresh = true
                    do { try await refreshToken() } catch { throw GiteeError.unauthorized(nil) }
                    continue
                }
            }
            if let delay = retryDelay(for: response, isWrite: endpoint.method != .get, retries: retries) {
                retries += 1
                do { try await Task.sleep(nanoseconds: UInt64(delay * 1_000_000_000)) } catch { throw GiteeError.cancelled }
                continue
            }
            if response.status == 404 || response.status == 410, let value = endpoint.valueWhenNotFound {
                return (value, response)
            }
            guard (200..<300).contains(response.status) else { throw error(for: response) }
            let value = try await decode(response, with: endpoint.decode)
            // Decoded off the main actor: the person may have logged out meanwhile.
            if request.header("Authorization") != nil, auth.account != account { throw GiteeError.cancelled }
            return (value, response)
        }
    }

    /// The most an answer held in memory may be (JSON, a raw file without a cap of its own): a server that sends more
    /// gets `.badResponse(.tooLarge)`, said in words, instead of filling the memory. The largest real answers (a
    /// recursive tree of a very large repository, 100 rows of anything) are a few MB. Downloads to disk stream and
    /// have no such cap.
    public static let maxAnswerBytes: Int64 = 64 * 1_024 * 1_024

    /// Nothing whose path could be turned into another project's leaves (PathSafety says why).
    private nonisolated static func refuseUnsafePath<Response>(_ endpoint: Endpoint<Response>) throws {
        if let problem = PathSafety.problem(inEncodedPath: endpoint.path) { throw GiteeError.unsafePath(problem) }
    }

    private func makeRequest<Response>(_ endpoint: Endpoint<Response>, extraQuery: [QueryItem]) -> HTTPRequest {
        let query = endpoint.query + extraQuery
        var url = configuration.server + endpoint.api.rawValue + endpoint.path
        if !query.isEmpty { url += "?" + FormEncoding.encode(query) }
        var headers = [HTTPHeader("Accept", "application/json")]
        if endpoint.api != .root, !endpoint.isPublic, let token = auth.accessToken {
            headers.append(HTTPHeader("Authorization", "Bearer \(token)"))
        }
        var request = HTTPRequest(method: endpoint.method.rawValue, url: url, headers: headers,
                                  allowsCaching: endpoint.isShareable && endpoint.method == .get,
                                  maxBodyBytes: endpoint.maxBodyBytes)
        request.refusesWebPage = endpoint.refusesWebPage
        if let form = endpoint.form {
            request.body = Data(FormEncoding.encode(form).utf8)
            request.contentType = "application/x-www-form-urlencoded"
        } else if endpoint.method != .get {
            request.body = Data()
        }
        return request
    }

    /// How long to wait before retrying, or `nil` when this answer is final.
    ///
    /// A GET is asked again after a 5xx or a rate limit. A write (POST, PUT, PATCH, DELETE) is sent again only after
    /// an answer that proves it was not done: a rate limit (429, or Gitee's 401/403 "rate limit exceeded"), which the
    /// site gives before any route runs. A 5xx may come from a gateway after the write was done (a merge, a comment):
    /// sent again blindly it would be refused as "not open" or posted twice, so it ends here and the caller settles
    /// it by asking the server (`SettledWrite`, docs/WRITES.md).
    private func retryDelay(for response: HTTPResponse, isWrite: Bool, retries: Int) -> TimeInterval? {
        guard retries < configuration.retry.maxRetries else { return nil }
        let rateLimited = response.status == 429
        let serverFailed = response.status == 500 || response.status == 502 || response.status == 503 || response.status == 504
        if isWrite, serverFailed { return nil }
        if !rateLimited, !serverFailed {
            // Gitee's rate limit in words (401/403 "API rate limit exceeded"): worth waiting only when it says how long.
            guard response.status == 401 || response.status == 403,
                  let message = HTTPErrorMapping.serverMessage(response), HTTPErrorMapping.saysRateLimited(message),
                  let retryAfter = HTTPErrorMapping.retryAfterSeconds(response) else { return nil }
            return retryAfter <= configuration.retry.maxRetryAfter ? retryAfter : nil
        }
        if let retryAfter = HTTPErrorMapping.retryAfterSeconds(response) {
            return retryAfter <= configuration.retry.maxRetryAfter ? retryAfter : nil
        }
        return configuration.retry.backoff(forRetry: retries)
    }

    private func error(for response: HTTPResponse) -> GiteeError {
        HTTPErrorMapping.error(for: response)
    }

    /// Decodes on a background thread: json-glib parsing of a large page must not stall the main loop.
    private func decode<Response: Sendable>(_ response: HTTPResponse, with decode: @escaping @Sendable (HTTPResponse) throws -> Response) async throws -> Response {
        let outcome: Result<Response, Error> = await Task.detached(priority: .userInitiated) {
            Result { try decode(response) }
        }.value
        switch outcome {
        case .success(let value): return value
        case .failure(let failure as GiteeError): throw failure
        case .failure(let failure as JSONDecodingFailure):
            if HTTPErrorMapping.looksLikeHTML(response) { throw GiteeError.badResponse(.htmlPage) }
            switch failure {
            case .malformed(let text), .unexpectedShape(let text): throw GiteeError.badResponse(.malformedJSON(text))
            }
        case .failure(let failure): throw GiteeError.badResponse(.malformedJSON(String(describing: failure)))
        }
    }

    /// A transport's failure as the client says it: a GiteeError as it is, a file this machine could not write as
    /// `LocalFileError`, a cancelled task as `.cancelled`, anything else as `.unreachable`.
    func mapTransportFailure(_ body: () async throws -> HTTPResponse) async throws -> HTTPResponse {
        do {
            return try await body()
        } catch let failure as GiteeError {
            throw failure
        } catch let failure as LocalFileError {
            throw failure  // Writing a download failed on this machine: said as such, not as a network failure.
        } catch is CancellationError {
            throw GiteeError.cancelled
        } catch {
            throw GiteeError.unreachable(String(describing: error))
        }
    }

    // MARK: Tokens

    /// Sends a grant. A password grant's refusal is named by OAuth's `error` (`.oauth`: a missing scope, a wrong
    /// client, a wrong password); a refresh's refusal is `.unauthorized` (the login is over either way).
    func tokenRequest(_ endpoint: Endpoint<Token>, isPasswordGrant: Bool = false) async throws -> Token {
        let request = makeRequest(endpoint, extraQuery: [])
        let response = try await mapTransportFailure { try await transport.send(request, progress: nil) }
        log?("POST /oauth/token -> \(response.status)")
        guard (200..<300).contains(response.status) else {
            let mapped = error(for: response)
            if case .rateLimited = mapped { throw mapped }
            if isPasswordGrant, (400..<500).contains(response.status), let failure = HTTPErrorMapping.oauthFailure(response) {
                throw GiteeError.oauth(failure)
            }
            // OAuth reports a bad password or a dead refresh token as 400/401 `invalid_grant`.
            if response.status == 400 || response.status == 401 { throw GiteeError.unauthorized(mapped.serverMessage) }
            throw mapped
        }
        return try await decode(response, with: endpoint.decode)
    }

    /// Refreshes the OAuth token once for everyone waiting; on failure the login is dropped ("log in again").
    private func refreshToken() async throws {
        if let refreshInFlight { return try await refreshInFlight.value }
        let task = Task { @MainActor in
            defer { self.refreshInFlight = nil }
            guard let refresh = self.auth.refreshToken else { throw GiteeError.unauthorized(nil) }
            do {
                let token = try await self.tokenRequest(Endpoints.refreshGrant(refreshToken: refresh, client: self.oauthClient))
                self.auth.refreshed(.oauth(token))
            } catch GiteeError.unauthorized(let message) {
                self.auth.use(nil)
                throw GiteeError.unauthorized(message)
            }
        }
        refreshInFlight = task
        try await task.value
    }
}
