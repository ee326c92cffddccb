import CSoup
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// The choices around a clone: SSH that never waits on a prompt, the terminal "Open in Terminal" runs on each kind
/// of desktop, and the editors "Open in …" offers.
final class CloneOptionsTests: XCTestCase {
    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-clone-options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // MARK: SSH

    func testAnSSHCloneRunsGitWithSSHInBatchMode() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // A stand-in git that writes down what it was given and makes the folder, as git would.
        let record = root.appendingPathComponent("record.txt").path
        let git = root.appendingPathComponent("git").path
        try """
        #!/bin/sh
        { printf 'ssh=%s\\n' "$GIT_SSH_COMMAND"; printf 'prompt=%s\\n' "$GIT_TERMINAL_PROMPT"; printf 'arg=%s\\n' "$@"; } > '\(record)'
        for last; do :; done
        mkdir -p "$last"
        """.write(toFile: git, atomically: true, encoding: .utf8)
        chmod(git, 0o755)
        let target = root.appendingPathComponent("checkout").path
        onMain {
            let clone = GitClone(url: "git@127.0.0.1:owner/repo.git", into: target, gitProgram: git)
            waitUntil("the clone ends", timeout: 30) { !clone.isRunning }
            XCTAssertEqual(clone.state, .finished(folder: target))
        }
        let lines = try String(contentsOfFile: record, encoding: .utf8).split(separator: "\n").map(String.init)
        let inherited = ProcessInfo.processInfo.environment["GIT_SSH_COMMAND"]
        XCTAssertEqual(lines.first, "ssh=" + GitClone.sshCommand(inheriting: inherited))
        XCTAssertTrue(lines[0].hasSuffix(" -o BatchMode=yes"), lines[0])
        XCTAssertTrue(lines.contains("prompt=0"), "\(lines)")
        XCTAssertEqual(lines.filter { $0.hasPrefix("arg=") },
                       ["arg=clone", "arg=--progress", "arg=--", "arg=git@127.0.0.1:owner/repo.git", "arg=" + target])
    }

    func testTheCloneAddressFollowsTheChoice() throws {
        let body = try Data(contentsOf: repositoryRoot.deletingLastPathComponent()
            .appendingPathComponent("shared/gitee/samples/repo.json"))
        let header = ProjectHeader(project: try JSONNodeDecoding.decode(Project.self, from: body))
        XCTAssertEqual(header.cloneURL(ssh: false), "https://gitee.com/kit101/drone-yml-test.git")
        XCTAssertEqual(header.cloneURL(ssh: true), "git@gitee.com:kit101/drone-yml-test.git")
    }

    func testThePersonsOwnSSHCommandKeepsItsOptionsAndGainsBatchMode() {
        XCTAssertEqual(GitClone.sshCommand(inheriting: nil), "ssh -o BatchMode=yes")
        XCTAssertEqual(GitClone.sshCommand(inheriting: "   "), "ssh -o BatchMode=yes")
        XCTAssertEqual(GitClone.sshCommand(inheriting: "ssh -i ~/.ssh/work -p 2222"),
                       "ssh -i ~/.ssh/work -p 2222 -o BatchMode=yes")
    }

    // MARK: Open in Terminal

    private func chooser(_ desktop: String?, entries: [String: String] = [:], programs: [String] = []) -> TerminalChooser {
        TerminalChooser(currentDesktop: desktop, commandLine: { entries[$0] },
                        findProgram: { programs.contains($0) ? "/usr/bin/" + $0 : nil })
    }

    func testTheDesktopsOwnTerminalComesFirst() {
        let entries = ["org.gnome.Console.desktop": "kgx", "org.gnome.Terminal.desktop": "gnome-terminal",
                       "org.kde.konsole.desktop": "konsole", "xfce4-terminal.desktop": "xfce4-terminal"]
        let everything = ["xdg-terminal-exec", "x-terminal-emulator"]
        XCTAssertEqual(chooser("GNOME", entries: entries, programs: everything).choose(),
                       .desktopEntry(id: "org.gnome.Console.desktop", commandLine: "kgx"))
        XCTAssertEqual(chooser("ubuntu:GNOME", entries: entries, programs: everything).choose(),
                       .desktopEntry(id: "org.gnome.Terminal.desktop", commandLine: "gnome-terminal"))
        XCTAssertEqual(chooser("KDE", entries: entries).choose(),
                       .desktopEntry(id: "org.kde.konsole.desktop", commandLine: "konsole"))
        XCTAssertEqual(chooser("XFCE", entries: entries).choose(),
                       .desktopEntry(id: "xfce4-terminal.desktop", commandLine: "xfce4-terminal"))
        // GNOME without Console falls to Terminal; a desktop's name is matched whatever its case.
        XCTAssertEqual(chooser("gnome", entries: ["org.gnome.Terminal.desktop": "gnome-terminal"]).choose(),
                       .desktopEntry(id: "org.gnome.Terminal.desktop", commandLine: "gnome-terminal"))
    }

    func testWithoutTheDesktopsTerminalXdgTerminalExecThenXTerminalEmulator() {
        XCTAssertEqual(chooser("KDE", programs: ["xdg-terminal-exec", "x-terminal-emulator"]).choose(),
                       .program("/usr/bin/xdg-terminal-exec"))
        XCTAssertEqual(chooser("sway", entries: ["org.gnome.Console.desktop": "kgx"],
                               programs: ["x-terminal-emulator"]).choose(),
                       .program("/usr/bin/x-terminal-emulator"), "another desktop's terminal is not picked")
        XCTAssertEqual(chooser(nil, programs: ["x-terminal-emulator"]).choose(), .program("/usr/bin/x-terminal-emulator"))
        XCTAssertEqual(chooser("GNOME", entries: ["org.gnome.Console.desktop": ""]).choose(), nil,
                       "an entry without a command line is no terminal")
        XCTAssertNil(chooser(nil).choose())
    }

    func testAnExecLineLosesItsFieldCodes() {
        typealias T = TerminalChooser
        XCTAssertEqual(T.arguments(for: .desktopEntry(id: "a", commandLine: "gnome-terminal --window %U")),
                       ["gnome-terminal", "--window"])
        XCTAssertEqual(T.arguments(for: .desktopEntry(id: "b", commandLine: #""/opt/my term/bin/t" -e 100%% %f"#)),
                       ["/opt/my term/bin/t", "-e", "100%"])
        XCTAssertNil(T.arguments(for: .desktopEntry(id: "c", commandLine: #""unterminated"#)))
        XCTAssertNil(T.arguments(for: .desktopEntry(id: "d", commandLine: "%F")))
        XCTAssertEqual(T.arguments(for: .program("/usr/bin/x-terminal-emulator")), ["/usr/bin/x-terminal-emulator"])
    }

    // MARK: Open in …

    func testInstalledEditorsAreOfferedOncePerName() {
        let installed = ["code.desktop": "Visual Studio Code", "com.visualstudio.code.desktop": "Visual Studio Code",
                         "org.gnome.Builder.desktop": "Builder", "org.gnome.Nautilus.desktop": "Files"]
        XCTAssertEqual(EditorChooser(installed: { installed[$0] }).choose(),
                       [FolderApp(id: "org.gnome.Builder.desktop", name: "Builder"),
                        FolderApp(id: "code.desktop", name: "Visual Studio Code")])
        XCTAssertEqual(EditorChooser(installed: { _ in nil }).choose(), [])
    }

    func testAnEditorOpensTheFolderThroughItsDesktopEntry() throws {
        let root = try Self.folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // A desktop entry in the test's own XDG data folder whose program writes down the folder it was given.
        let applications = URL(fileURLWithPath: String(cString: g_get_user_data_dir())).appendingPathComponent("applications")
        try FileManager.default.createDirectory(at: applications, withIntermediateDirectories: true)
        let entry = applications.appendingPathComponent("io.gitee.Mayun.TestEditor.desktop")
        defer { try? FileManager.default.removeItem(at: entry) }
        let record = root.appendingPathComponent("opened.txt").path
        let program = root.appendingPathComponent("editor").path
        try "#!/bin/sh\nprintf '%s' \"$1\" > '\(record).part' && mv '\(record).part' '\(record)'\n"
            .write(toFile: program, atomically: true, encoding: .utf8)
        chmod(program, 0o755)
        try "[Desktop Entry]\nType=Application\nName=Test Editor\nExec=\(program) %F\nNoDisplay=true\n"
            .write(to: entry, atomically: true, encoding: .utf8)
        let folder = root.appendingPathComponent("checkout").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        onMain {
            let editor = FolderApp(id: "io.gitee.Mayun.TestEditor.desktop", name: "Test Editor")
            var why: String? = "not tried"
            // GIO notices a new entry through its file monitor: the main loop turns until the entry is known.
            waitUntil("the desktop entry is known and launched", timeout: 10) {
                why = FolderLauncher.open(folder, with: editor)
                return why == nil
            }
            XCTAssertNil(why)
            waitUntil("the editor ran", timeout: 10) { FileManager.default.fileExists(atPath: record) }
            XCTAssertEqual(try? String(contentsOfFile: record, encoding: .utf8), folder)
            XCTAssertEqual(FolderLauncher.open(folder, with: FolderApp(id: "io.gitee.Mayun.Nothing.desktop", name: "Nothing")),
                           "Nothing is no longer installed.")
        }
    }
}
