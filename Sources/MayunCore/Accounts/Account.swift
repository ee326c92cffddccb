import Foundation

/// Which account: a login on one Gitee server. Two servers may each have an "alice"; they are two accounts.
public struct AccountID: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The server's base URL as `ServerAddress` spells it (scheme, host, port; no trailing slash).
    public var server: String
    public var login: String

    public var description: String { "\(login) at \(server)" }
}

/// One account Mayun knows: where, who, and how to greet them. The credential itself is never here: it is the
/// keyring item `{server, kind: account, login}` (`CredentialKey`).
public struct Account: Codable, Equatable, Sendable, Identifiable {
    public var server: String
    public var login: String
    /// The server's number for the person (0 while unknown, e.g. a login stored before accounts).
    public var userID: Int
    public var name: String
    public var avatarURL: String?

    public init(server: String, login: String, userID: Int = 0, name: String = "", avatarURL: String? = nil) {
        self.server = server
        self.login = login
        self.userID = userID
        self.name = name.isEmpty ? login : name
        self.avatarURL = avatarURL
    }

    public init(server: String, user: SessionUser) {
        self.init(server: server, login: user.login, userID: user.id ?? 0, name: user.name, avatarURL: user.avatarURL)
    }

    public var id: AccountID { AccountID(server: server, login: login) }

    /// The owner of the account's rows in the offline store: server and login (a bare login would mix two servers'
    /// "alice" together).
    public var storeOwner: String { Self.storeOwner(server: server, login: login) }

    public static func storeOwner(server: String, login: String) -> String { server + " " + login }

    /// The folder of the account's private files (drafts) under the data folder: the hex of server and login, so
    /// any login (untrusted text) makes a safe, distinct name. Past 240 characters (a file name has at most 255 bytes)
    /// the hex is cut and ends in a hash of the whole, so a long login still gets a folder (found writing
    /// the fuzz target `stored`).
    public var folderName: String {
        let whole = "\(server)\n\(login)"
        let hex = Array(whole.utf8).map { String(format: "%02x", $0) }.joined()
        guard hex.count > 240 else { return hex }
        return String(hex.prefix(200)) + "-" + DraftStore.hash(whole)
    }

    /// The host (and port) to tell accounts on several servers apart ("gitee.com", "127.0.0.1:8080").
    public var serverName: String {
        guard let url = URL(string: server), let host = url.host else { return server }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}
