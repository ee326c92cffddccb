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

    /// `folder`: where files are saved (the app: MayunPlatform's `DownloadsFolder.path(home:)`, asked at each
    /// download).
    public init(folder: @escaping @MainActor () -> String,
                clock: @escaping @MainActor () -> TimeInterval = { ProcessInfo.processInfo.systemUptime }) {
        self.folder = folder
        self.clock = clock
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

    /// The last path component, without control characters (C0, DEL, C1), bidirectional overrides and isolates
    /// (U+202E would show "gpj.exe" as "exe.jpg"), or leading dots (no hidden file, no `..`); at most
    /// `maxNameBytes` bytes, cut before the extension so it stays, which leaves room in the file system's 255-byte
    /// names for the " (9999)" of a second copy and the ".<name>.part-XXXXXX" of the temporary file.
    /// "download" when nothing is left.
    nonisolated static func safeName(_ name: String) -> String {
        let last = name.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let visible = String(String.UnicodeScalarView(last.unicodeScalars.filter { !isHiddenControl($0) }))
        let trimmed = String(visible.drop { $0 == "." || $0 == " " })
        let capped = capBytes(trimmed)
        return capped.isEmpty ? "download" : capped
    }

    nonisolated static let maxNameBytes = 200

    nonisolated private static func isHiddenControl(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        return value < 0x20 || (0x7F...0x9F).contains(value) || value == 0x061C || value == 0x200E || value == 0x200F
            || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
    }

    /// Cuts whole characters off the stem until the name fits `maxNameBytes`; an extension longer than 32 bytes is
    /// not treated as one.
    nonisolated private static func capBytes(_ name: String) -> String {
        guard name.utf8.count > maxNameBytes else { return name }
        var (stem, suffix) = split(name)
        if suffix.utf8.count > 32 { (stem, suffix) = (name, "") }
        let budget = maxNameBytes - suffix.utf8.count
        var kept = ""
        for character in stem {
            if kept.utf8.count + character.utf8.count > budget { break }
            kept.append(character)
        }
        return kept + suffix
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
