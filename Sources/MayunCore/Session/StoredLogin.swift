import Foundation
import GiteeKit

/// Who is logged in, as the session shows it (Mine, the header): enough to greet the person even when offline.
public struct SessionUser: Equatable, Sendable, Codable {
    public var login: String
    public var name: String
    public var avatarURL: String?
    /// The server's number for the person (nil in logins stored before accounts).
    public var id: Int?

    public init(login: String, name: String, avatarURL: String? = nil, id: Int? = nil) {
        self.login = login
        self.name = name
        self.avatarURL = avatarURL
        self.id = id
    }

    public init(_ user: User) {
        self.init(login: user.login, name: user.name.isEmpty ? user.login : user.name, avatarURL: user.avatarURL,
                  id: user.id)
    }
}

/// The keyring item of a login: the credential (access token, refresh token and expiry) plus who it belongs to, as
/// one JSON secret, so a silent refresh rewrites one item atomically and an offline start still knows the name.
///
/// The format is spelled out here (not derived from `GiteeAuth.Credential`'s synthesized coding) so that a change in
/// GiteeKit cannot silently make stored logins unreadable.
struct StoredLogin: Equatable, Codable {
    enum Kind: String, Codable { case personalToken = "personal-token", oauth }

    var kind: Kind
    var accessToken: String
    var refreshToken: String?
    var tokenType: String?
    var scope: String?
    var expiresIn: Int?
    var createdAt: Int?
    var user: SessionUser?

    init(credential: GiteeAuth.Credential, user: SessionUser?) {
        switch credential {
        case .personalToken(let token):
            kind = .personalToken
            accessToken = token
        case .oauth(let token):
            kind = .oauth
            accessToken = token.accessToken
            refreshToken = token.refreshToken
            tokenType = token.tokenType
            scope = token.scope
            expiresIn = token.expiresIn
            createdAt = token.createdAt
        }
        self.user = user
    }

    var credential: GiteeAuth.Credential {
        switch kind {
        case .personalToken: .personalToken(accessToken)
        case .oauth: .oauth(Token(accessToken: accessToken, tokenType: tokenType ?? "bearer", refreshToken: refreshToken,
                                  scope: scope, expiresIn: expiresIn, createdAt: createdAt))
        }
    }

    func encoded() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        // Encoding plain strings and numbers cannot fail; an empty secret would simply not restore.
        return (try? encoder.encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
    }

    /// `nil` for anything unreadable (an older format, a hand-edited item): the person just logs in again.
    static func decode(_ secret: String) -> StoredLogin? {
        guard let stored = try? JSONDecoder().decode(StoredLogin.self, from: Data(secret.utf8)),
              !stored.accessToken.isEmpty else { return nil }
        return stored
    }
}
