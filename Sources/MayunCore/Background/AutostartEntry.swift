import Foundation

/// `$XDG_CONFIG_HOME/autostart/io.gitee.Mayun.desktop`, which starts Mayun hidden with the desktop session when
/// "Run in the background" is on and no XDG Background portal took the request (the XDG Autostart spec).
public struct AutostartEntry: Sendable {
    /// The file: `autostart/<application id>.desktop` beside Mayun's own config folder.
    public let file: URL
    /// The program the session runs (absolute, or a name found on PATH).
    public let executable: String
    /// Marks the file as Mayun's own, so a file the person wrote by hand is never removed.
    static let ownerKey = "X-Mayun-Background=true"

    public init(configHome: URL, executable: String) {
        file = configHome.appendingPathComponent("autostart").appendingPathComponent(AppEnvironment.applicationID + ".desktop")
        self.executable = executable
    }

    /// The program running now: /proc/self/exe when it can be read (an absolute path whatever the launcher did),
    /// else the first argument.
    public static func currentExecutable() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first ?? "mayun"
    }

    public var contents: String {
        """
        [Desktop Entry]
        Type=Application
        Name=Mayun
        Comment=Checks Gitee notifications in the background
        Exec=\(Self.execArgument(executable)) --background
        Icon=\(AppEnvironment.applicationID)
        Terminal=false
        NoDisplay=true
        X-GNOME-Autostart-enabled=true
        \(Self.ownerKey)

        """
    }

    /// Writes the entry (through a temporary file renamed into place) unless it already says the same.
    public func install() throws {
        if (try? String(contentsOf: file, encoding: .utf8)) == contents { return }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents.utf8).write(to: file, options: .atomic)
    }

    /// Removes the entry if Mayun wrote it.
    public func remove() throws {
        guard let text = try? String(contentsOf: file, encoding: .utf8), text.contains(Self.ownerKey) else { return }
        try FileManager.default.removeItem(at: file)
    }

    public var isInstalled: Bool {
        (try? String(contentsOf: file, encoding: .utf8))?.contains(Self.ownerKey) ?? false
    }

    /// One argument of a desktop entry's `Exec` key: quoted when it holds a reserved character, `%` doubled, and
    /// inside the quotes `"`, `` ` ``, `$` and `\` escaped by a backslash, which the file's own string escaping
    /// doubles again (the Desktop Entry spec: a literal backslash is four).
    static func execArgument(_ argument: String) -> String {
        let doubled = argument.replacingOccurrences(of: "%", with: "%%")
        let reserved = CharacterSet(charactersIn: " \t\n\"'\\><~|&;$*?#()`=")
        guard doubled.rangeOfCharacter(from: reserved) != nil || doubled.isEmpty else { return doubled }
        var quoted = "\""
        for character in doubled {
            switch character {
            case "\\": quoted += "\\\\\\\\"  // a backslash: four in the file (string escape, then quoting)
            case "\"", "`", "$": quoted += "\\\\" + String(character)  // two in the file, then the character
            default: quoted.append(character)
            }
        }
        return quoted + "\""
    }
}
