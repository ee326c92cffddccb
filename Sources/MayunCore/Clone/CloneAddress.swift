import Foundation
import GiteeKit

/// Which addresses `git clone` may be given. They come from the server's answer (`html_url`, `ssh_url`), which a
/// hostile or broken server fills as it likes: `ext::sh -c ...`, `file:///`, another host that would receive the
/// person's credentials from git's helper. Only `https://` (plain `http://` on this machine alone), `ssh://` and
/// scp-like `git@host:path` addresses on the account's own server host are cloned; git is also told to allow no
/// other protocol (`GitClone`'s environment).
public enum CloneAddress {
    /// Why `address` must not be cloned for an account on `server`, or nil when it may.
    public static func problem(with address: String, server: URL) -> String? {
        guard let serverHost = server.host?.lowercased() else { return tr("The server has no host name.") }
        guard !address.contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 0x20 } == true }), !address.hasPrefix("-")
        else { return tr("This clone address is not a plain address.") }
        if let host = scpLikeHost(address) {
            return sameSite(host, serverHost) ? nil : otherHost(host)
        }
        // git matches the scheme case-sensitively (`hTtps://` would go to a helper named "hTtps"), so only the
        // lowercase spelling is a plain address.
        guard let components = URLComponents(string: address), let scheme = components.scheme,
              scheme == scheme.lowercased(), let host = components.host?.lowercased(), !host.isEmpty
        else { return tr("This clone address is not a plain address.") }
        switch scheme {
        case "https", "ssh": break
        case "http" where ServerAddress.isLoopback(host) && server.scheme == "http": break
        default: return String(format: tr("Mayun clones only over https or ssh, not “%@”."), scheme)
        }
        return sameSite(host, serverHost) ? nil : otherHost(host)
    }

    /// `git@gitee.com:owner/repo.git`: the host of git's scp-like form (no scheme, a colon before any slash).
    static func scpLikeHost(_ address: String) -> String? {
        guard !address.contains("://"), let colon = address.firstIndex(of: ":") else { return nil }
        let beforeColon = address[..<colon]
        guard !beforeColon.contains("/") else { return nil }
        let host = beforeColon.split(separator: "@", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        return host.isEmpty ? nil : host.lowercased()
    }

    private static func sameSite(_ host: String, _ serverHost: String) -> Bool {
        host == serverHost || host == "www." + serverHost || "www." + host == serverHost
    }

    private static func otherHost(_ host: String) -> String {
        String(format: tr("The clone address points to another server (%@)."), host)
    }
}
