import Foundation

/// The accounts and which one is active, as kept in `$XDG_CONFIG_HOME/mayun/accounts.json` (0600). Nothing secret:
/// servers, logins, names and avatars; the credentials are in the keyring.
public struct AccountList: Codable, Equatable, Sendable {
    public var accounts: [Account]
    public var active: AccountID?

    public init(accounts: [Account] = [], active: AccountID? = nil) {
        self.accounts = accounts
        self.active = active
    }

    public var activeAccount: Account? { accounts.first { $0.id == active } }

    /// Adds `account`, or updates the one with its id (a new name or avatar) in place.
    public mutating func upsert(_ account: Account) {
        if let index = accounts.firstIndex(where: { $0.id == account.id }) {
            accounts[index] = account
        } else {
            accounts.append(account)
        }
    }

    public mutating func remove(_ id: AccountID) {
        accounts.removeAll { $0.id == id }
        if active == id { active = accounts.first?.id }
    }

    /// At most this many accounts are read back (the file is the person's, but a huge one must not stall the start).
    static let limit = 64
}

/// Reads and writes the account list. A missing file is "before accounts" (nil: the upgrade runs); an unreadable
/// one is set aside and counts as no accounts, so a damaged file never stops the app from starting.
public struct AccountListFile: Sendable {
    public let url: URL

    public init(configDirectory: URL) {
        url = configDirectory.appendingPathComponent("accounts.json")
    }

    public var exists: Bool { FileManager.default.fileExists(atPath: url.path) }

    public func load() -> AccountList? {
        guard let data = try? Data(contentsOf: url) else { return nil }
        guard let list = Self.decode(data) else {
            try? FileManager.default.moveItem(at: url, to: url.appendingPathExtension("damaged"))
            return AccountList()
        }
        return list
    }

    /// The file's bytes as a list of at most `AccountList.limit` accounts, or nil when they are not one (or over 1 MB).
    static func decode(_ data: Data) -> AccountList? {
        guard data.count <= 1_048_576, var list = try? JSONDecoder().decode(AccountList.self, from: data) else { return nil }
        list.accounts = Array(list.accounts.prefix(AccountList.limit))
        return list
    }

    /// The bytes `save` writes.
    static func encode(_ list: AccountList) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return try encoder.encode(list)
    }

    /// Writes atomically as 0600; a failure is returned for the caller to say (the list then lasts until Mayun quits).
    @discardableResult
    public func save(_ list: AccountList) -> Error? {
        do {
            try PrivateFiles.write(try Self.encode(list), to: url)
            return nil
        } catch {
            return error
        }
    }
}
