import CSoup
import Foundation
import GLibRuntime
import MayunCore
import Observation

/// `git clone --progress` of one project into a new folder, as a child process (GSubprocess): its stderr becomes
/// the progress bar; Cancel kills it and removes the folder it made; a missing `git` is explained, not a code.
@MainActor
@Observable
public final class GitClone: CloneJob {
    public private(set) var state: CloneState = .running(CloneProgress())
    public let url: String
    public let folder: String
    @ObservationIgnored private var process: OpaquePointer?
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private var cancelled = false
    /// Stops the stderr reads on cancel: git's helpers (`git-remote-http`) may hold the pipe after git is gone.
    @ObservationIgnored private let reads = g_cancellable_new()
    @ObservationIgnored private var inheritedSSHCommand: String?

    /// Starts cloning `url` (HTTPS or SSH) into `folder`, which must not exist yet (it is created by git and removed on
    /// cancel or failure). `git` is looked up in `PATH` unless `gitProgram` names it (tests: a missing one).
    /// `inheritedSSHCommand` is the person's `GIT_SSH_COMMAND` (`AppEnvironment.Desktop`), kept and made
    /// non-interactive.
    public init(url: String, into folder: String, gitProgram: String? = GitClone.findGit(),
                inheritedSSHCommand: String? = nil) {
        self.url = url
        self.folder = folder
        self.inheritedSSHCommand = inheritedSSHCommand
        guard let git = gitProgram else {
            state = .failed(tr("Git is not installed. Install the “git” package (sudo apt install git) and try again."))
            return
        }
        guard !FileManager.default.fileExists(atPath: folder) else {
            state = .failed(String(format: tr("%@ already exists. Choose another folder."), folder))
            return
        }
        task = Task { [weak self] in await self?.run(git) }
    }

    /// https and ssh, and the address's own transport when it is another one that was checked before (`CloneAddress`:
    /// http to this machine; a local folder in tests): a redirect or a submodule can never switch to `ext::` or `file`.
    nonisolated static func allowedProtocols(for url: String) -> String {
        if url.hasPrefix("http://") { return "https:ssh:http" }
        if url.hasPrefix("/") || url.hasPrefix("file://") { return "https:ssh:file" }
        return "https:ssh"
    }

    public nonisolated static func findGit() -> String? {
        guard let path = g_find_program_in_path("git") else { return nil }
        defer { g_free(path) }
        return String(cString: path)
    }

    /// The ssh git runs for an SSH address: the person's own `GIT_SSH_COMMAND` (a key, a port) or plain `ssh`, in
    /// batch mode, so a key that needs a passphrase or an unknown host fails with ssh's reason instead of waiting.
    public nonisolated static func sshCommand(inheriting existing: String?) -> String {
        let base = existing.map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 } ?? "ssh"
        return base + " -o BatchMode=yes"
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(reads)) }

    public var isRunning: Bool { state.isRunning }

    /// Kills git; the folder goes once it has exited.
    public func cancel() {
        guard isRunning else { return }
        cancelled = true
        // git runs in a process group of its own: the whole group goes, helpers included.
        if let process, let identifier = g_subprocess_get_identifier(process), let pid = Int32(String(cString: identifier)) {
            kill(-pid, SIGKILL)
            g_subprocess_force_exit(process)
        }
        g_cancellable_cancel(reads)
    }

    /// Waits until git has exited and the outcome is known (tests; pages observe `state`).
    public func settled() async { await task?.value }

    private func run(_ git: String) async {
        let launcher = g_subprocess_launcher_new(GSubprocessFlags(rawValue: G_SUBPROCESS_FLAGS_STDERR_PIPE.rawValue
                                                                  | G_SUBPROCESS_FLAGS_STDOUT_SILENCE.rawValue))
        defer { g_object_unref(UnsafeMutableRawPointer(launcher)) }
        // English phase names for the parser; never a credential prompt (it would wait for input forever).
        g_subprocess_launcher_setenv(launcher, "LC_ALL", "C", 1)
        g_subprocess_launcher_setenv(launcher, "GIT_TERMINAL_PROMPT", "0", 1)
        // Over SSH neither: no passphrase, password or host-key question that nobody would see.
        g_subprocess_launcher_setenv(launcher, "GIT_SSH_COMMAND",
                                     Self.sshCommand(inheriting: inheritedSSHCommand), 1)
        // Only the transports CloneAddress allows, whatever the person's git configuration or a redirect says
        // (`ext::`, `file://` and friends stay closed; http only for a test server on this machine).
        g_subprocess_launcher_setenv(launcher, "GIT_PROTOCOL_FROM_USER", "0", 1)
        g_subprocess_launcher_setenv(launcher, "GIT_ALLOW_PROTOCOL", Self.allowedProtocols(for: url), 1)
        g_subprocess_launcher_set_child_setup(launcher, { _ in setpgid(0, 0) }, nil, nil)
        var error: UnsafeMutablePointer<GError>?
        let spawned = withCStringArray([git, "clone", "--progress", "--", url, folder]) { argv in
            g_subprocess_launcher_spawnv(launcher, argv, &error)
        }
        guard let spawned else {
            let reason = error.map { GLibError(consuming: $0).message } ?? "?"
            return end(.failed(String(format: tr("Could not start git: %@"), reason)))
        }
        process = spawned
        defer {
            g_object_unref(UnsafeMutableRawPointer(spawned))
            process = nil
        }
        var parser = CloneProgressParser()
        if let stderr = g_subprocess_get_stderr_pipe(spawned) {
            while let chunk = await Self.read(stderr, cancellable: reads), !chunk.isEmpty {
                if parser.feed(String(decoding: chunk, as: UTF8.self)), !cancelled { state = .running(parser.progress) }
            }
        }
        _ = try? await gioAsync({ callback, data in g_subprocess_wait_async(spawned, nil, callback, data) },
                                finish: { result in g_subprocess_wait_finish(spawned, result, nil) })
        let succeeded = g_subprocess_get_if_exited(spawned) != 0 && g_subprocess_get_exit_status(spawned) == 0
        if cancelled {
            removeFolder()
            return end(.cancelled)
        }
        guard succeeded else {
            removeFolder()
            let said = CloneFailure.explain(parser.messages)
                ?? (parser.lastMessage.isEmpty ? tr("git stopped with an error.") : parser.lastMessage)
            return end(.failed(said))
        }
        end(.finished(folder: folder))
    }

    private func end(_ state: CloneState) { self.state = state }

    /// git made the folder; a cancelled or failed clone leaves nothing behind.
    private func removeFolder() { try? FileManager.default.removeItem(atPath: folder) }

    /// The next bytes of the pipe; empty at its end, nil on an error.
    private static func read(_ stream: UnsafeMutablePointer<GInputStream>,
                             cancellable: UnsafeMutablePointer<GCancellable>?) async -> [UInt8]? {
        try? await gioAsync({ callback, data in
            g_input_stream_read_bytes_async(stream, 8_192, G_PRIORITY_DEFAULT, cancellable, callback, data)
        }, finish: { result -> [UInt8] in
            var error: UnsafeMutablePointer<GError>?
            guard let bytes = g_input_stream_read_bytes_finish(stream, result, &error) else {
                if let error { throw GLibError(consuming: error) }
                throw CancellationError()
            }
            defer { g_bytes_unref(bytes) }
            var size = 0
            guard let data = g_bytes_get_data(bytes, &size), size > 0 else { return [] }
            return Array(UnsafeRawBufferPointer(start: data, count: size))
        })
    }
}
