import CSoup
import Foundation
import GLibRuntime
import MayunCore

/// Opens a folder in a terminal or an editor, through the desktop's application registry (GAppInfo: the installed
/// .desktop entries). GIO only, no widgets; the choices themselves are `TerminalChooser` and `EditorChooser`.
@MainActor
public enum FolderLauncher {
    /// Runs the chosen terminal with the folder as its working directory; nil when it started, else why not.
    /// `currentDesktop` is `XDG_CURRENT_DESKTOP` (`AppEnvironment.currentDesktop`): the desktop's own terminal first.
    public static func openTerminal(at folder: String, currentDesktop: String?) -> String? {
        let chooser = TerminalChooser(currentDesktop: currentDesktop,
                                      commandLine: { id in withAppInfo(id) { info in
                                          g_app_info_get_commandline(info).map { String(cString: $0) } } ?? nil },
                                      findProgram: { name in
                                          guard let path = g_find_program_in_path(name) else { return nil }
                                          defer { g_free(path) }
                                          return String(cString: path)
                                      })
        guard let choice = chooser.choose() else {
            return tr("No terminal was found. Install one (for example gnome-console or xterm) and try again.")
        }
        guard let arguments = TerminalChooser.arguments(for: choice) else {
            return tr("The terminal's desktop entry cannot be run.")
        }
        let launcher = g_subprocess_launcher_new(G_SUBPROCESS_FLAGS_NONE)
        defer { g_object_unref(UnsafeMutableRawPointer(launcher)) }
        g_subprocess_launcher_set_cwd(launcher, folder)
        var error: UnsafeMutablePointer<GError>?
        // GSubprocess reaps the child itself when it exits; the terminal outlives this call.
        let process = withCStringArray(arguments) { argv in g_subprocess_launcher_spawnv(launcher, argv, &error) }
        guard let process else {
            let reason = error.map { GLibError(consuming: $0).message } ?? "?"
            return String(format: tr("Could not start the terminal: %@"), reason)
        }
        g_object_unref(UnsafeMutableRawPointer(process))
        return nil
    }

    /// The installed editors and IDEs that can be offered for a folder.
    public static func editors() -> [FolderApp] {
        EditorChooser(installed: { id in withAppInfo(id) { info in
            g_app_info_get_display_name(info).map { String(cString: $0) } } ?? nil }).choose()
    }

    /// Opens the folder with the editor `app` (GAppInfo launch, the folder as its file); nil when it started.
    public static func open(_ folder: String, with app: FolderApp) -> String? {
        let failure = withAppInfo(app.id) { info -> String? in
            let file = g_file_new_for_path(folder)
            defer { g_object_unref(UnsafeMutableRawPointer(file)) }
            let files = g_list_append(nil, UnsafeMutableRawPointer(file))
            defer { g_list_free(files) }
            var error: UnsafeMutablePointer<GError>?
            guard g_app_info_launch(info, files, nil, &error) != 0 else {
                return error.map { GLibError(consuming: $0).message } ?? "?"
            }
            return nil
        }
        switch failure {
        case .none: return String(format: tr("%@ is no longer installed."), app.name)
        case .some(.none): return nil
        case .some(.some(let reason)): return String(format: tr("Could not open %@: %@"), app.name, reason)
        }
    }

    /// Runs `body` with the installed application whose desktop id is `id`; nil when there is none.
    private static func withAppInfo<T>(_ id: String, _ body: (OpaquePointer) -> T) -> T? {
        guard let all = g_app_info_get_all() else { return nil }
        defer { g_list_free_full(all) { g_object_unref($0) } }
        var node: UnsafeMutablePointer<GList>? = all
        while let current = node {
            if let data = current.pointee.data {
                let info = OpaquePointer(data)
                if let found = g_app_info_get_id(info), String(cString: found) == id { return body(info) }
            }
            node = current.pointee.next
        }
        return nil
    }
}

/// The app's `DesktopTools`: `git clone` as a child process (`GitClone`), terminals and editors through
/// `FolderLauncher`.
@MainActor
public final class PlatformDesktopTools: DesktopTools {
    public init() {}

    public func clone(_ url: String, into folder: String, inheritedSSHCommand: String?) -> any CloneJob {
        GitClone(url: url, into: folder, inheritedSSHCommand: inheritedSSHCommand)
    }

    public func openTerminal(at folder: String, currentDesktop: String?) -> String? {
        FolderLauncher.openTerminal(at: folder, currentDesktop: currentDesktop)
    }

    public func editors() -> [FolderApp] { FolderLauncher.editors() }

    public func open(_ folder: String, with app: FolderApp) -> String? { FolderLauncher.open(folder, with: app) }
}
