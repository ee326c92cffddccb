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

/// The accounts fixture: `{"accounts": [{"login", "email", "password", "tokens": [...]}], "clients": [{"id", "secret"}]}`
/// (a bare array of accounts works too). Without `clients`, any OAuth client id is accepted.
public struct AccountsFixture: Sendable {
    public var accounts: [FakeAccount]
    public var clients: [(id: String, secret: String)]?

    public init(accounts: [FakeAccount] = [.demo], clients: [(id: String, secret: String)]? = nil) {
        self.accounts = accounts
        self.clients = clients
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
        let clients = json["clients"]?.arrayValue.compactMap { item -> (id: String, secret: String)? in
            guard let id = item["id"]?.stringValue, let secret = item["secret"]?.stringValue else { return nil }
            return (id, secret)
        }
        return AccountsFixture(accounts: accounts, clients: clients)
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
            guard clientAllowed(fields) else { return oauthError(401, "invalid_client", "Client authentication failed") }
            let name = fields["username"] ?? ""
            guard let account = fixture.accounts.first(where: { $0.email.caseInsensitiveCompare(name) == .orderedSame || $0.login == name }),
                  account.password == fields["password"] else {
                return oauthError(400, "invalid_grant", "The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.")
            }
            return issue(for: account.login, scope: fields["scope"])
        case "refresh_token":
            if strict, fixture.clients != nil, !clientAllowed(fields) {
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

    private func clientAllowed(_ fields: [String: String]) -> Bool {
        guard let clients = fixture.clients else { return !(fields["client_id"] ?? "").isEmpty }
        return clients.contains { $0.id == fields["client_id"] && $0.secret == fields["client_secret"] }
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
