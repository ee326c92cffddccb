import ArgumentParser
import CSoup
import FakeGitee
import Foundation
import GLibRuntime

/// `fake-gitee`: a local Gitee for tests, benchmarks and `make demo`. Prints its base URL as the first line on
/// stdout (so `--port 0` can be used by scripts), then serves until SIGINT/SIGTERM.
struct FakeGiteeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fake-gitee",
        abstract: "A local Gitee-compatible server (127.0.0.1 only) with a generated world.",
        discussion: "Control API under /__fake (log, faults, latency, token expiry): see docs/FAKE-GITEE.md.")

    @Option(help: "Port on 127.0.0.1; 0 picks a free one (printed on stdout).")
    var port: UInt16 = 0

    @Option(help: "Seed of the generated world (same seed, same world).")
    var seed: UInt64 = 42

    @Option(help: "Projects in the world.")
    var projects: Int = 5_000

    @Option(help: "Users in the world (a few are organisations).")
    var users: Int = 500

    @Option(name: .customLong("state-file"), help: "Keep stars, watches and created issues in this JSON file across restarts.")
    var stateFile: String?

    @Option(help: "Accounts fixture (JSON). Default: mayun-demo / demo@mayun.test / mayun-demo-password, token mayun-demo-token.")
    var accounts: String?

    @Option(name: .customLong("token-lifetime"), help: "Seconds an OAuth access token lives.")
    var tokenLifetime: Int = 86_400

    @Option(help: "Milliseconds added to every API answer.")
    var latency: Int = 0

    @Option(name: .customLong("fault"), parsing: .singleValue,
            help: "Inject a fault, e.g. 'kind=status,status=500,path=/api/v5/repos/*/issues,method=POST,count=1', 'kind=rate-limit', 'kind=status,status=502,path=/api/v3/**,every=2' (repeatable).")
    var faults: [String] = []

    @Flag(help: "Lenient mode: v3 takes any token, plain pages on prev_id lists, `stared`/`watched` for anyone, refresh without client credentials, no User-Agent needed (strict is the default).")
    var lenient = false

    @Option(help: "What v3 (explore, languages) does: ok, gone (410), html (403 firewall page), redirect (302 to the login page), 401.")
    var v3: String = "ok"

    @Flag(name: .customLong("cache-headers"), help: "Send ETag and Cache-Control and answer If-None-Match with 304 (off by default: gitee.com is not known to).")
    var cacheHeaders = false
    @Option(name: .customLong("hostile-readme"),
            help: "Serve this hostile README for every project: \(HostileReadme.allCases.map(\.rawValue).joined(separator: ", ")).")
    var hostileReadme: HostileReadme?

    func validate() throws {
        guard V3Behaviour(rawValue: v3) != nil else {
            throw ValidationError("bad --v3 '\(v3)'; use one of: \(V3Behaviour.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        for fault in faults where Fault.parse(fault) == nil {
            throw ValidationError("bad --fault '\(fault)'; kinds: \(Fault.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard projects >= 1, users >= 20 else { throw ValidationError("need at least 1 project and 20 users") }
    }

    func run() throws {
        var options = FakeGiteeServer.Options()
        options.seed = seed
        options.projectCount = projects
        options.userCount = users
        options.stateFile = stateFile
        options.tokenLifetime = TimeInterval(tokenLifetime)
        options.latencyMs = latency
        options.faults = faults.compactMap(Fault.parse)
        options.strict = !lenient
        options.v3 = V3Behaviour(rawValue: v3) ?? .ok
        options.cacheHeaders = cacheHeaders
        options.hostileReadme = hostileReadme
        if let accounts { options.accounts = try AccountsFixture.load(path: accounts) }
        let chosen = options
        try MainActor.assumeIsolated {
            MainQueueBridge.install()
            let server = FakeGiteeServer(options: chosen)
            let port = try server.start(port: port)
            // Unbuffered write, so a script reading the first line is not left waiting.
            FileHandle.standardOutput.write(Data("http://127.0.0.1:\(port)\n".utf8))
            FileHandle.standardError.write(Data("""
                fake-gitee: \(server.world.projects.count) projects, \(server.world.users.count) users, seed \(seed), \
                generated in \(Int(server.generationSeconds * 1000)) ms; \(lenient ? "lenient" : "strict"), v3 \(v3); control API at http://127.0.0.1:\(port)/__fake/health\n
                """.utf8))
            let loop = g_main_loop_new(nil, 0)
            for signal in [SIGINT, SIGTERM] {
                g_unix_signal_add_full(G_PRIORITY_DEFAULT, signal, { loop in
                    g_main_loop_quit(OpaquePointer(loop))
                    return 0
                }, UnsafeMutableRawPointer(loop), nil)
            }
            g_main_loop_run(loop)
            server.stop()
            g_main_loop_unref(loop)
        }
    }
}

extension HostileReadme: ExpressibleByArgument {}

FakeGiteeCommand.main()
