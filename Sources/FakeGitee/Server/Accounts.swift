import Foundation

/// A person who can log in to FakeGitee.
public struct FakeAccount: Sendable, Hashable {
    public var login: String
    public var email: String
    public var password: String
    /// Personal access tokens that never expire.
    public var personalTokens: [String]

    public init(login: String, email: String, password: String, personalTokens: [String] = []) {
        self.login = login
        self.email = email
        self.password = password
        self.personalTokens = personalTokens
    }

    /// The account used when no fixture is given (the README of the app names it for `make demo`).
    public static let demo = FakeAccount(login: "mayun-demo", email: "demo@mayun.test", password: "mayun-demo-password",
                                         personalTokens: ["mayun-demo-token"])
}

/// An OAuth application registered on FakeGitee: its id, secret and the scopes it was granted (what a person ticks
/// under Settings -> Third-party applications on gitee.com).
public struct FakeOAuthApplication: Sendable, Hashable {
    public var id: String
    public var secret: String
    public var scopes: Set<String>

    public init(id: String, secret: String, scopes: Set<String> = FakeOAuthApplication.allScopes) {
        self.id = id
        self.secret = secret
        self.scopes = scopes
    }

    /// The scopes Gitee offers an application (those Mayun uses and the rest).
    public static let allScopes: Set<String> = ["user_info", "projects", "pull_requests", "issues", "notes", "keys",
                                                "hook", "groups", "gists", "enterprises", "emails"]

    /// Registered when the fixture names none: the demo's, the tests' and the end-to-end runs', and one without the
    /// `notes` scope (to see the app explain `invalid_scope`).
    public static let defaults = [
        FakeOAuthApplication(id: "mayun-demo", secret: "mayun-demo-secret"),
        FakeOAuthApplication(id: "mayun-tests", secret: "not-a-secret"),
        FakeOAuthApplication(id: "mayun-e2e", secret: "mayun-e2e-secret"),
        FakeOAuthApplication(id: "mayun-no-notes", secret: "mayun-no-notes-secret", scopes: allScopes.subtracting(["notes"])),
    ]
}

/// The accounts fixture: `{"accounts": [{"login", "email", "password", "tokens": [...]}], "clients": [{"id", "secret",
/// "scopes": "user_info projects ..."}]}` (a bare array of accounts works too). Without `clients`, the applications of
/// `FakeOAuthApplication.defaults` are registered; a client that is not registered is refused (`invalid_client`).
public struct AccountsFixture: Sendable {
    public var accounts: [FakeAccount]
    public var applications: [FakeOAuthApplication]
    /// Whether the fixture named its applications (then a refresh must name one too, as before).
    public var namesApplications: Bool

    public init(accounts: [FakeAccount] = [.demo], clients: [(id: String, secret: String)]? = nil) {
        self.accounts = accounts
        applications = clients.map { $0.map { FakeOAuthApplication(id: $0.id, secret: $0.secret) } } ?? FakeOAuthApplication.defaults
        namesApplications = clients != nil
    }

    public init(accounts: [FakeAccount], applications: [FakeOAuthApplication]) {
        self.accounts = accounts
        self.applications = applications
        namesApplications = true
    }

    public static func load(path: String) throws -> AccountsFixture {
        guard let data = FileManager.default.contents(atPath: path), let json = JSON.parse(data) else {
            throw FakeGiteeError.badFixture("cannot read accounts fixture \(path)")
        }
        let list = json["accounts"]?.arrayValue ?? json.arrayValue
        let accounts = list.compactMap { item -> FakeAccount? in
            guard let login = item["login"]?.stringValue else { return nil }
            return FakeAccount(login: login, email: item["email"]?.stringValue ?? "\(login)@mayun.test",
                               password: item["password"]?.stringValue ?? "", personalTokens: (item["tokens"]?.arrayValue ?? []).compactMap(\.stringValue))
        }
        guard !accounts.isEmpty else { throw FakeGiteeError.badFixture("no accounts in \(path)") }
        guard let clients = json["clients"]?.arrayValue else { return AccountsFixture(accounts: accounts) }
        let applications = clients.compactMap { item -> FakeOAuthApplication? in
            guard let id = item["id"]?.stringValue, let secret = item["secret"]?.stringValue else { return nil }
            let scopes = item["scopes"]?.stringValue.map { Set($0.split(separator: " ").map(String.init)) }
            return FakeOAuthApplication(id: id, secret: secret, scopes: scopes ?? FakeOAuthApplication.allScopes)
        }
        return AccountsFixture(accounts: accounts, applications: applications)
    }
}

public enum FakeGiteeError: Error, CustomStringConvertible {
    case badFixture(String)
    case listenFailed(String)
    public var description: String {
        switch self {
        case .badFixture(let text), .listenFailed(let text): return text
        }
    }
}

/// Issues and checks tokens like Gitee's OAuth: password and refresh grants, a configurable lifetime, expiry.
@MainActor
final class TokenAuthority {
    enum Check { case anonymous, valid(login: String), expired, invalid }

    private struct Issued { let login: String; var expiresAt: Date }

    let fixture: AccountsFixture
    var lifetime: TimeInterval
    /// Strict: when the fixture registers applications, a refresh must name one (`client_id` + `client_secret`).
    var strict = true
    private var accessTokens: [String: Issued] = [:]
    private var refreshTokens: [String: String] = [:]
    private var counter: UInt64 = 0

    init(fixture: AccountsFixture, lifetime: TimeInterval) {
        self.fixture = fixture
        self.lifetime = lifetime
    }

    func check(_ token: String?) -> Check {
        guard let token else { return .anonymous }
        if let account = fixture.accounts.first(where: { $0.personalTokens.contains(token) }) { return .valid(login: account.login) }
        guard let issued = accessTokens[token] else { return .invalid }
        return issued.expiresAt > Date() ? .valid(login: issued.login) : .expired
    }

    /// `POST /oauth/token` body fields -> the token reply, or Gitee's OAuth error.
    func grant(_ fields: [String: String]) -> FakeResponse {
        switch fields["grant_type"] {
        case "password":
            // Doorkeeper (Gitee's OAuth server): the client first (401 invalid_client), then the scopes (400
            // invalid_scope, when one asked for was not granted to the application), then the password (400
            // invalid_grant). GITEE-API.md "OAuth and limits".
            guard let application = application(fields) else {
                return oauthError(401, "invalid_client", "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.")
            }
            let asked = Set((fields["scope"] ?? "").split(separator: " ").map(String.init))
            guard asked.isSubset(of: application.scopes) else {
                return oauthError(400, "invalid_scope", "The requested scope is invalid, unknown, or malformed.")
            }
            let name = fields["username"] ?? ""
            guard let account = fixture.accounts.first(where: { $0.email.caseInsensitiveCompare(name) == .orderedSame || $0.login == name }),
                  account.password == fields["password"] else {
                return oauthError(400, "invalid_grant", "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.")
            }
            return issue(for: account.login, scope: asked.isEmpty ? nil : fields["scope"])
        case "refresh_token":
            if strict, fixture.namesApplications, application(fields) == nil {
                return oauthError(401, "invalid_client", "Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.")
            }
            guard let refresh = fields["refresh_token"], let login = refreshTokens.removeValue(forKey: refresh) else {
                return oauthError(401, "invalid_grant", "The refresh token is invalid or has been used.")
            }
            return issue(for: login, scope: nil)
        default:
            return oauthError(400, "unsupported_grant_type", "The authorization grant type is not supported.")
        }
    }

    func expireAll() {
        for key in accessTokens.keys { accessTokens[key]?.expiresAt = .distantPast }
    }

    /// The registered application the request names with its id and secret.
    private func application(_ fields: [String: String]) -> FakeOAuthApplication? {
        fixture.applications.first { $0.id == fields["client_id"] && $0.secret == fields["client_secret"] }
    }

    private func issue(for login: String, scope: String?) -> FakeResponse {
        counter += 1
        let access = "fg" + fakeSHA(counter, UInt64(Date().timeIntervalSince1970 * 1000), 1).prefix(30)
        let refresh = "fgr" + fakeSHA(counter, UInt64(Date().timeIntervalSince1970 * 1000), 2).prefix(40)
        accessTokens[access] = Issued(login: login, expiresAt: Date().addingTimeInterval(lifetime))
        refreshTokens[refresh] = login
        return .json(.object([
            ("access_token", .string(access)), ("token_type", .string("bearer")), ("expires_in", .int(Int(lifetime))),
            ("refresh_token", .string(refresh)), ("scope", .string(scope ?? "user_info projects pull_requests issues notes")),
            ("created_at", .int(Int(Date().timeIntervalSince1970))),
        ]))
    }

    private func oauthError(_ status: Int, _ error: String, _ description: String) -> FakeResponse {
        .json(.object([("error", .string(error)), ("error_description", .string(description))]), status: status)
    }
}
