import CSoup
import Foundation
import GiteeKit
import Observation

/// Opening a downloaded file and showing it in the file manager, provided by MayunUI (`file:` addresses never go
/// through `PlatformActions.open`, whose `LinkPolicy` refuses them on purpose).
@MainActor
public protocol FileActions: AnyObject {
    func openFile(at path: String)
    func showInFolder(_ path: String)
}

/// Every download of this run, several at once: each goes into the Downloads folder under a name no other file or
/// running download has ("name (1).zip"), and a finished one is announced.
@MainActor
@Observable
public final class DownloadCenter {
    public private(set) var downloads: [Download] = []
    @ObservationIgnored public weak var files: (any FileActions)?
    /// Called when a download ends (finished, failed or cancelled): the Coordinator's toast.
    @ObservationIgnored var onEnded: @MainActor (Download) -> Void = { _ in }
    @ObservationIgnored private let folder: @MainActor () -> String
    @ObservationIgnored private let clock: @MainActor () -> TimeInterval
    @ObservationIgnored private var reserved: Set<String> = []
    @ObservationIgnored private var nextID = 1

    public init(folder: @escaping @MainActor () -> String = DownloadCenter.downloadsFolder,
                clock: @escaping @MainActor () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }) {
        self.folder = folder
        self.clock = clock
    }

    /// The XDG download folder (`xdg-user-dirs`' `XDG_DOWNLOAD_DIR`, as GLib reads it), else `~/Downloads`.
    public static func downloadsFolder() -> String {
        if let path = g_get_user_special_dir(G_USER_DIRECTORY_DOWNLOAD).map({ String(cString: $0) }), !path.isEmpty {
            return path
        }
        return (ProcessInfo.processInfo.environment["HOME"] ?? NSTemporaryDirectory()) + "/Downloads"
    }

    /// Starts downloading `fileName` (a name from the server: only its last component is used) with `fetch`.
    @discardableResult
    public func start(key: String, fileName: String, fetch: @escaping Download.Fetch) -> Download {
        let download = Download(id: nextID, key: key, fileName: Self.safeName(fileName), center: self, clock: clock,
                                fetch: fetch)
        nextID += 1
        downloads.append(download)
        download.start()
        return download
    }

    /// What the launcher's progress shows (the Unity LauncherEntry API): all running downloads as one fraction
    /// (bytes received over bytes announced; one without a total counts as not started), nil when none runs.
    public var launcherProgress: Double? {
        let running = downloads.filter(\.isRunning)
        guard !running.isEmpty else { return nil }
        let total = running.reduce(0.0) { $0 + Double($1.meter.total ?? 0) }
        guard total > 0 else { return 0 }
        let received = running.reduce(0.0) { $0 + Double(min($1.meter.received, $1.meter.total ?? 0)) }
        return min(1, received / total)
    }

    /// The latest download for `key`, if any.
    public func latest(for key: String) -> Download? { downloads.last { $0.key == key } }

    public func open(_ download: Download) {
        if let path = download.finishedPath { files?.openFile(at: path) }
    }

    public func showInFolder(_ download: Download) {
        if let path = download.finishedPath { files?.showInFolder(path) }
    }

    // MARK: Destinations

    /// A path in the Downloads folder that no file and no running download uses; created folder if missing.
    func reserve(_ name: String) -> String {
        let directory = folder()
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let (stem, suffix) = Self.split(name)
        var candidate = directory + "/" + name
        var number = 1
        while reserved.contains(candidate) || FileManager.default.fileExists(atPath: candidate), number < 10_000 {
            candidate = directory + "/\(stem) (\(number))\(suffix)"
            number += 1
        }
        reserved.insert(candidate)
        return candidate
    }

    func release(_ path: String) { reserved.remove(path) }

    func ended(_ download: Download) { onEnded(download) }

    /// The last path component, without control characters or leading dots (no hidden file, no `..`), at most
    /// 200 characters; "download" when nothing is left.
    nonisolated static func safeName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let visible = String(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        let trimmed = visible.drop { $0 == "." || $0 == " " }
        let capped = String(trimmed.prefix(200))
        return capped.isEmpty ? "download" : capped
    }

    /// "name.tar.gz" -> ("name", ".tar.gz"), so a second copy is "name (1).tar.gz".
    nonisolated static func split(_ name: String) -> (String, String) {
        for compound in [".tar.gz", ".tar.xz", ".tar.bz2", ".tar.zst"] where name.lowercased().hasSuffix(compound) {
            return (String(name.dropLast(compound.count)), String(name.suffix(compound.count)))
        }
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (name, "") }
        return (String(name[..<dot]), String(name[dot...]))
    }
}
