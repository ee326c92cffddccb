import Foundation

/// Why a clone failed, in words, from what git and ssh wrote on stderr. Over SSH git always ends with the same advice
/// ("Could not read from remote repository… make sure you have the correct access rights"); ssh's own line before it
/// says what went wrong, and in batch mode (no prompts) that is most often an unknown host key or a key the server
/// does not accept. Pure: lines in, a sentence out.
public enum CloneFailure {
    /// A sentence for the clone area, or nil when the lines hold nothing better than git's last one.
    public static func explain(_ lines: [String]) -> String? {
        let said = lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        func has(_ text: String) -> Bool { said.contains { $0.localizedCaseInsensitiveContains(text) } }
        if has("REMOTE HOST IDENTIFICATION HAS CHANGED") || has("Host key for") && has("has changed") {
            return tr("The SSH server’s host key has changed since this computer last connected, so ssh refused: check the new key, remove the old one from ~/.ssh/known_hosts, then try again.")
        }
        if has("Host key verification failed") {
            return tr("This computer does not know the SSH server’s host key yet, and Mayun does not answer ssh’s questions for you. Connect once from a terminal (for example ssh -T git@gitee.com) to check and accept the key, then try again, or clone over HTTPS.")
        }
        if has("Permission denied (publickey") {
            return tr("The SSH server did not accept a key from this computer. Add your public key (for example ~/.ssh/id_ed25519.pub) to your Gitee account under Settings → SSH Public Keys; a key with a passphrase must first be loaded into your SSH agent (ssh-add). Or clone over HTTPS.")
        }
        let unreachable = ["Could not resolve hostname", "Connection refused", "Connection timed out",
                           "Network is unreachable", "No route to host", "Connection closed by"]
        if let line = said.first(where: { line in unreachable.contains { line.localizedCaseInsensitiveContains($0) } }) {
            let reason = line.hasPrefix("ssh: ") ? String(line.dropFirst("ssh: ".count)) : line
            return String(format: tr("Could not reach the SSH server: %@"), reason)
        }
        // Otherwise git's own first "fatal:" line says more than the advice that may follow it.
        return said.first { $0.hasPrefix("fatal: ") && !$0.hasPrefix("fatal: Could not read from remote repository") }
    }
}
