import Foundation

/// What a project's clone area asks of the machine: `git clone`, a terminal, the installed editors (the app:
/// MayunPlatform's `PlatformDesktopTools`: GSubprocess and the desktop's application registry).
@MainActor
public protocol DesktopTools: AnyObject {
    /// Starts cloning `url` (checked by `CloneAddress` before) into `folder`, which must not exist yet.
    /// `inheritedSSHCommand` is the person's `GIT_SSH_COMMAND` (`AppEnvironment.Desktop`).
    func clone(_ url: String, into folder: String, inheritedSSHCommand: String?) -> any CloneJob
    /// Runs the desktop's terminal in `folder` (`currentDesktop` is `XDG_CURRENT_DESKTOP`, whose own terminal comes
    /// first); nil when it started, else why not.
    func openTerminal(at folder: String, currentDesktop: String?) -> String?
    /// The installed editors and IDEs that can be offered for a folder.
    func editors() -> [FolderApp]
    /// Opens `folder` with `app`; nil when it started, else why not.
    func open(_ folder: String, with app: FolderApp) -> String?
}

/// One `git clone` as the clone area shows it: its progress, then how it ended. The app's is observable
/// (MayunPlatform's `GitClone`), so a page bound to `state` follows it.
@MainActor
public protocol CloneJob: AnyObject {
    var state: CloneState { get }
    /// Stops it; the folder it made goes once git has exited.
    func cancel()
}

public enum CloneState: Equatable, Sendable {
    case running(CloneProgress)
    case finished(folder: String)
    case failed(String)
    case cancelled

    public var isRunning: Bool { if case .running = self { true } else { false } }
}

/// A clone that does not start: `why` is shown where its progress would be (an address or a folder name that
/// fails the checks, or nothing on this machine that can clone).
@MainActor
public final class RefusedClone: CloneJob {
    public let state: CloneState

    public init(because why: String) { state = .failed(why) }

    public func cancel() {}
}

/// A desktop application that can open a folder.
public struct FolderApp: Equatable, Sendable, Identifiable {
    public let id: String
    public let name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
