import Foundation

/// A programming language of the Discover tab (v3 `projects/languages`).
public struct Language: Sendable, Hashable, Identifiable, Codable {
    public var id: Int
    public var name: String
    /// The URL form of the name ("c-sharp"), when the server sends one.
    public var ident: String?
    public var projectsCount: Int?

    enum CodingKeys: String, CodingKey { case id, name, ident, projectsCount = "projects_count" }
}

extension Language {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        name = c.value(.name, or: "")
        ident = c.text(.ident)
        projectsCount = c.optional(.projectsCount)
    }
}

/// An OAuth token (`POST /oauth/token`). Codable so the app can keep it in the keyring as JSON.
public struct Token: Sendable, Hashable, Codable {
    public var accessToken: String
    public var tokenType: String
    public var refreshToken: String?
    public var scope: String?
    /// Seconds from `createdAt` (Gitee: one day).
    public var expiresIn: Int?
    /// Unix time the token was issued.
    public var createdAt: Int?

    public init(accessToken: String, tokenType: String = "bearer", refreshToken: String? = nil, scope: String? = nil,
                expiresIn: Int? = nil, createdAt: Int? = nil) {
        self.accessToken = accessToken
        self.tokenType = tokenType
        self.refreshToken = refreshToken
        self.scope = scope
        self.expiresIn = expiresIn
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token", tokenType = "token_type", refreshToken = "refresh_token", scope
        case expiresIn = "expires_in", createdAt = "created_at"
    }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        accessToken = try c.decode(String.self, forKey: .accessToken)
        tokenType = c.value(.tokenType, or: "bearer")
        refreshToken = c.text(.refreshToken)
        scope = c.text(.scope)
        expiresIn = c.optional(.expiresIn)
        createdAt = c.optional(.createdAt)
    }

    public var expiresAt: Date? {
        guard let expiresIn, let createdAt else { return nil }
        // Both come from the server: summed as doubles, since `Int.max + 1` would trap.
        return Date(timeIntervalSince1970: TimeInterval(createdAt) + TimeInterval(expiresIn))
    }

    /// Expired, or about to (within `margin` seconds): refresh before use rather than after a 401.
    public func isExpired(at now: Date = Date(), margin: TimeInterval = 60) -> Bool {
        guard let expiresAt else { return false }
        return now.addingTimeInterval(margin) >= expiresAt
    }
}

/// Gitee's error bodies: `{"message": ...}` for the API, `{"error", "error_description"}` for OAuth.
struct ErrorBody: Decodable {
    var message: String?
    /// OAuth's machine-readable `error` (`invalid_scope`, `invalid_client`, `invalid_grant`...).
    var oauthError: String?
    var oauthDescription: String?
    enum CodingKeys: String, CodingKey { case message, error, errorDescription = "error_description" }
    init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        oauthError = c.text(.error)
        oauthDescription = c.text(.errorDescription)
        message = c.text(.message) ?? oauthDescription ?? oauthError
    }
}

/// The empty reply of actions (star, watch: `204 No Content`).
public struct NoContent: Sendable, Hashable, Decodable {
    public init() {}
    public init(from decoder: Decoder) throws {}
}
