import Foundation

/// The base URL of a Gitee server typed by a person when adding an account: `gitee.com`, `https://git.example.com`.
/// Only https, because the account's token goes to it with every request; plain http only on this machine (a local
/// test server), where nothing crosses a network.
public enum ServerAddress {
    public enum Problem: Error, Equatable, Sendable {
        case empty
        case notAnAddress
        case insecure
    }

    /// The normalized base URL (scheme and host lowercased, default port dropped, no path, no trailing slash).
    public static func parse(_ text: String) -> Result<String, Problem> {
        var text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return .failure(.empty) }
        if !text.contains("://") { text = "https://" + text }
        guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased(),
              let host = components.host?.lowercased(), !host.isEmpty,
              components.user == nil, components.password == nil, components.query == nil, components.fragment == nil,
              components.path.isEmpty || components.path == "/"
        else { return .failure(.notAnAddress) }
        switch scheme {
        case "https": break
        case "http": guard isLoopback(host) else { return .failure(.insecure) }
        default: return .failure(.notAnAddress)
        }
        var address = "\(scheme)://\(host.contains(":") ? "[\(host)]" : host)"
        if let port = components.port, !(scheme == "https" && port == 443), !(scheme == "http" && port == 80) {
            address += ":\(port)"
        }
        return .success(address)
    }

    /// The same server written in `parse`'s spelling (the start-up `--server`, a stored account), or the text itself.
    public static func normalized(_ text: String) -> String {
        (try? parse(text).get()) ?? unchecked(text)
    }

    private static func unchecked(_ text: String) -> String {
        var text = text
        while text.hasSuffix("/") { text.removeLast() }
        return text
    }

    /// Only names that cannot leave this machine: `localhost`, `::1` and dotted-quad IPv4 addresses in 127.0.0.0/8.
    /// A name that merely begins with "127." (`127.evil.example`) is a name to resolve, anywhere.
    public static func isLoopback(_ host: String) -> Bool {
        let host = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).lowercased()
        if host == "localhost" || host == "::1" || host == "0:0:0:0:0:0:0:1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.first == "127" else { return false }
        return octets.allSatisfy { octet in
            (1...3).contains(octet.count) && octet.allSatisfy(\.isASCII) && octet.allSatisfy(\.isNumber)
                && (UInt8(octet) != nil)
        }
    }

    public static func message(for problem: Problem) -> String {
        switch problem {
        case .empty: tr("Enter the server's address.")
        case .notAnAddress: tr("This is not the address of a server (for example https://gitee.com).")
        case .insecure: tr("The server must use https: the account's token is sent with every request.")
        }
    }
}
