import CSoup
import Foundation
import GLibRuntime
import MayunCore

/// Which terminal "Open in Terminal" runs, in this order: the desktop's own terminal (its .desktop entry, picked by
/// `XDG_CURRENT_DESKTOP`, run from its Exec line), then `xdg-terminal-exec` (the proposed standard that runs the
/// person's preferred terminal), then Debian's `x-terminal-emulator` alternative. Pure: the desktop's entries and
/// `PATH` come in as lookups, so a test can describe any machine.
public struct TerminalChooser {
    public enum Choice: Equatable, Sendable {
        /// A desktop entry's id and its Exec line.
        case desktopEntry(id: String, commandLine: String)
        /// A program found in `PATH`.
        case program(String)
    }

    /// Each desktop's own terminals, most current first (GNOME's Console replaced Terminal in GNOME 42).
    static let terminalsByDesktop: [String: [String]] = [
        "gnome": ["org.gnome.Console.desktop", "org.gnome.Terminal.desktop"],
        "ubuntu": ["org.gnome.Terminal.desktop", "org.gnome.Console.desktop"],
        "kde": ["org.kde.konsole.desktop"],
        "xfce": ["xfce4-terminal.desktop"],
        "mate": ["mate-terminal.desktop"],
        "x-cinnamon": ["org.gnome.Terminal.desktop"],
        "cinnamon": ["org.gnome.Terminal.desktop"],
        "budgie": ["org.gnome.Terminal.desktop", "com.gexperts.Tilix.desktop"],
        "lxqt": ["qterminal.desktop"],
        "lxde": ["lxterminal.desktop"],
        "pantheon": ["io.elementary.terminal.desktop"],
        "deepin": ["deepin-terminal.desktop", "org.deepin.terminal.desktop"],
    ]

    /// `XDG_CURRENT_DESKTOP`: a colon-separated list, most specific first ("ubuntu:GNOME").
    public var currentDesktop: String?
    /// A desktop entry's Exec line, or nil when no such entry is installed.
    public var commandLine: (String) -> String?
    /// A program's path in `PATH`, or nil.
    public var findProgram: (String) -> String?

    public init(currentDesktop: String?, commandLine: @escaping (String) -> String?,
                findProgram: @escaping (String) -> String?) {
        self.currentDesktop = currentDesktop
        self.commandLine = commandLine
        self.findProgram = findProgram
    }

    public func choose() -> Choice? {
        let desktops = (currentDesktop ?? "").split(separator: ":").map { $0.lowercased() }
        for desktop in desktops {
            for id in Self.terminalsByDesktop[desktop] ?? [] {
                if let line = commandLine(id), !line.isEmpty { return .desktopEntry(id: id, commandLine: line) }
            }
        }
        for program in ["xdg-terminal-exec", "x-terminal-emulator"] {
            if let path = findProgram(program) { return .program(path) }
        }
        return nil
    }

    /// The program and its arguments for a choice: an Exec line without its field codes (%f, %U, ...: the folder is
    /// the working directory, not an argument), `%%` as `%`; nil for a line the shell rules cannot split.
    public static func arguments(for choice: Choice) -> [String]? {
        switch choice {
        case .program(let path): return [path]
        case .desktopEntry(_, let line):
            guard let words = shellWords(line) else { return nil }
            let kept = words.compactMap { word -> String? in
                if word.count == 2, word.hasPrefix("%"), word != "%%" { return nil }
                return word.replacingOccurrences(of: "%%", with: "%")
            }
            return kept.isEmpty ? nil : kept
        }
    }

    /// `g_shell_parse_argv`: the quoting rules desktop entries' Exec lines follow.
    static func shellWords(_ line: String) -> [String]? {
        var count: Int32 = 0
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<gchar>?>?
        guard g_shell_parse_argv(line, &count, &argv, nil) != 0, let argv else { return nil }
        defer { g_strfreev(argv) }
        return (0..<Int(count)).compactMap { argv[$0].map { String(cString: $0) } }
    }
}

/// The editors and IDEs "Open in …" offers for a cloned folder, when installed: each opens a folder it is given.
public struct EditorChooser {
    /// Desktop entry ids, in the order offered (distribution packages first, then Flatpaks).
    static let known = [
        "org.gnome.Builder.desktop", "code.desktop", "com.visualstudio.code.desktop", "codium.desktop",
        "com.vscodium.codium.desktop", "org.kde.kdevelop.desktop", "org.kde.kate.desktop",
        "org.gnome.TextEditor.desktop", "sublime_text.desktop", "jetbrains-idea-ce.desktop", "jetbrains-idea.desktop",
        "jetbrains-clion.desktop", "jetbrains-pycharm-ce.desktop", "jetbrains-pycharm.desktop",
    ]

    /// A desktop entry's shown name, or nil when it is not installed.
    public var installed: (String) -> String?

    public init(installed: @escaping (String) -> String?) { self.installed = installed }

    /// The installed ones, one per shown name (a package and its Flatpak are one choice).
    public func choose() -> [FolderApp] {
        var seen: Set<String> = []
        return Self.known.compactMap { id in
            guard let name = installed(id), !name.isEmpty, seen.insert(name).inserted else { return nil }
            return FolderApp(id: id, name: name)
        }
    }
}
