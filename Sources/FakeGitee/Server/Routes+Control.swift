import Foundation

/// `/__fake/...`: the control API for tests and demos (see docs/FAKE-GITEE.md). Never faulted, never delayed.
extension FakeGiteeServer {
    func registerControlRoutes() {
        router.add("GET", "/__fake/health") { [unowned self] _, _ in
            .json(.object([("ok", .bool(true)), ("seed", .int(Int(truncatingIfNeeded: world.seed))),
                           ("projects", .int(world.projects.count)), ("users", .int(world.users.count)),
                           ("languages", .int(Vocabulary.languages.count)), ("port", .int(Int(port))),
                           ("strict", .bool(strict)), ("v3", .string(v3Behaviour.rawValue)), ("cache_headers", .bool(sendsCacheHeaders)),
                           ("accounts", .array(authority.fixture.accounts.map { .object([("login", .string($0.login)), ("email", .string($0.email))]) }))]))
        }
        router.add("GET", "/__fake/log") { [unowned self] request, _ in
            let since = Int(request.query["since"] ?? "") ?? 0
            return .json(.array(requestLog.filter { $0.sequence > since }.map(\.json)))
        }
        router.add("DELETE", "/__fake/log") { [unowned self] _, _ in
            clearLog()
            return .noContent
        }
        router.add("GET", "/__fake/faults") { [unowned self] _, _ in .json(.array(faults.map(\.json))) }
        router.add("POST", "/__fake/fault") { [unowned self] request, _ in
            guard let fault = Fault.from(request.query.merging(request.form) { $1 }) else {
                return .error(422, "unknown fault kind; use one of: " + Fault.Kind.allCases.map(\.rawValue).joined(separator: ", "))
            }
            return .json(addFault(fault).json, status: 201)
        }
        router.add("DELETE", "/__fake/faults") { [unowned self] _, _ in
            clearFaults()
            return .noContent
        }
        router.add("DELETE", "/__fake/faults/:id") { [unowned self] _, parameters in
            faults.removeAll { "\($0.id)" == parameters["id"] }
            return .noContent
        }
        router.add("POST", "/__fake/latency") { [unowned self] request, _ in
            latencyMs = max(0, Int(request.field("ms") ?? "") ?? 0)
            return .json(.object([("latency_ms", .int(latencyMs))]))
        }
        router.add("POST", "/__fake/v3") { [unowned self] request, _ in
            guard let behaviour = V3Behaviour(rawValue: request.field("mode") ?? "") else {
                return .error(422, "mode must be one of: " + V3Behaviour.allCases.map(\.rawValue).joined(separator: ", "))
            }
            v3Behaviour = behaviour
            return .json(.object([("v3", .string(behaviour.rawValue))]))
        }
        router.add("POST", "/__fake/strict") { [unowned self] request, _ in
            setStrict(Self.flag(request.field("on")))
            return .json(.object([("strict", .bool(strict))]))
        }
        router.add("POST", "/__fake/cache-headers") { [unowned self] request, _ in
            sendsCacheHeaders = Self.flag(request.field("on"))
            return .json(.object([("cache_headers", .bool(sendsCacheHeaders))]))
        }
        // Where a redirected v3 call lands (the website, not the API).
        router.add("GET", "/login") { _, _ in Self.loginPage }
        router.add("POST", "/__fake/expire-tokens") { [unowned self] _, _ in
            expireAllTokens()
            return .noContent
        }
        router.add("POST", "/__fake/token-lifetime") { [unowned self] request, _ in
            tokenLifetime = TimeInterval(max(1, Int(request.field("seconds") ?? "") ?? 86_400))
            return .json(.object([("token_lifetime", .int(Int(tokenLifetime)))]))
        }
        router.add("GET", "/__fake/avatar/:file") { [unowned self] _, parameters in
            let login = (parameters["file"] ?? "").replacingOccurrences(of: ".png", with: "")
            guard let user = world.user(login: login) else { return .notFound("User Not Found") }
            return .bytes(Images.identicon(seed: UInt64(user.id) ^ world.seed), type: "image/png")
        }
    }

    /// `on=1|true|yes` (anything else is off).
    static func flag(_ value: String?) -> Bool { ["1", "true", "yes", "on"].contains((value ?? "").lowercased()) }
}
