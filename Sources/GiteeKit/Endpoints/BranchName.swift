/// git's rules for a branch name (`git check-ref-format --branch`), the parts people meet: no spaces or control
/// characters, none of `~^:?*[\`, no `..` or `@{`, no leading `-` or `/`, no trailing `/` or `.`, no empty component
/// (`//`), and no slash-separated component that begins with `.` or ends with `.lock` (`a/./b`, `a/.hidden`,
/// `x.lock/y`: git refuses them, so the site does). Used by the app before it asks for a branch and by FakeGitee,
/// which refuses what the site would.
public enum BranchName {
    public static let maxBytes = 200

    public static func isValid(_ name: String) -> Bool {
        guard !name.isEmpty, name.utf8.count <= maxBytes, !name.hasPrefix("-"), !name.hasSuffix("."),
              !name.contains(".."), !name.contains("@{") else { return false }
        let components = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !components.contains(where: { $0.isEmpty || $0.hasPrefix(".") || $0.hasSuffix(".lock") }) else { return false }
        return !name.unicodeScalars.contains { $0.value < 0x21 || $0.value == 0x7F || "~^:?*[\\".unicodeScalars.contains($0) }
    }
}
