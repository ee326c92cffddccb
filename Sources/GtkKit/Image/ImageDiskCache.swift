import Foundation
import GLibRuntime
import MayunCore

/// Image bytes on disk, one file per URL (named by a hash of it), kept within a byte budget (`limit`), least
/// recently used removed first: at launch, and after any write that takes the folder over the budget. A read
/// counts as a use (the file's modification time is touched, so the order survives a restart). Folder 0700, files
/// 0600; only images fetched without the token come here (`ImageLoader`).
package final class ImageDiskCache: @unchecked Sendable {
    package let directory: URL
    package let limit: Int64
    /// Writes, touches and trims run one at a time here; `total` and `uses` are only touched on it. Not a
    /// DispatchQueue: that would start libdispatch's workers and their once-a-second monitor (`GlobalExecutor`).
    private let queue = SerialWorkQueue()
    /// Bytes in the folder as far as this process knows (nil until the first trim has counted them).
    private var total: Int64?
    /// Order of use in this run, newer higher: files with the same second-granular time still go oldest first.
    private var uses: [String: UInt64] = [:]
    private var clock: UInt64 = 0

    package init(directory: URL, limit: Int64 = ImageLoader.defaultDiskBudget) {
        self.directory = directory
        self.limit = max(limit, 0)
        try? PrivateFiles.makeFolder(directory)
        queue.async { self.trim() }
    }

    /// The bytes stored for exactly `url`: the file names only a 64-bit hash, so each file starts with the full URL
    /// it holds (`stored(_:for:)`), and a file of another URL with the same hash (or of an older format) is a miss.
    package func read(_ url: URL) async -> Data? {
        let file = path(for: url)
        let data = await Task.detached(priority: .userInitiated) { () -> Data? in
            guard let stored = try? Data(contentsOf: file) else { return nil }
            return Self.bytes(in: stored, for: url)
        }.value
        if data != nil {
            queue.async { self.touch(file) }
        }
        return data
    }

    package func write(_ bytes: Data, for url: URL) {
        let file = path(for: url)
        let stored = Self.stored(bytes, for: url)
        guard Int64(stored.count) <= limit else { return }
        queue.async {
            let previous = (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize).map(Int64.init) ?? 0
            guard (try? PrivateFiles.write(stored, to: file)) != nil else { return }
            self.markUsed(file)
            if let total = self.total { self.total = total - previous + Int64(stored.count) }
            if (self.total ?? .max) > self.limit { self.trim() }
        }
    }

    /// A file's contents: a magic line, the URL, a newline, then the image's bytes.
    static func stored(_ bytes: Data, for url: URL) -> Data {
        Data((magic + url.absoluteString + "\n").utf8) + bytes
    }

    static func bytes(in stored: Data, for url: URL) -> Data? {
        let header = Data((magic + url.absoluteString + "\n").utf8)
        guard stored.count >= header.count, stored.prefix(header.count) == header else { return nil }
        return stored.dropFirst(header.count)
    }

    private static let magic = "mayun-image-cache 2\n"

    /// Waits for the writes and trims asked for so far (tests).
    func waitForPendingWork() { queue.sync {} }

    /// Bytes in the folder as last counted or updated (tests).
    var knownTotal: Int64? {
        var known: Int64?
        queue.sync { known = self.total }
        return known
    }

    package func path(for url: URL) -> URL {
        // FNV-1a: stable across runs (Swift's Hasher is seeded per process).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return directory.appendingPathComponent(String(hash, radix: 16))
    }

    private func markUsed(_ file: URL) {
        clock += 1
        uses[file.lastPathComponent] = clock
    }

    private func touch(_ file: URL) {
        markUsed(file)
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
    }

    /// Removes the least recently used files (this run's order first, then modification time) until the folder
    /// fits the limit, and recounts the total.
    private func trim() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: keys) else { return }
        var entries = files.compactMap { file -> (file: URL, size: Int64, used: UInt64, date: Date)? in
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
            return (file, Int64(values.fileSize ?? 0), uses[file.lastPathComponent] ?? 0,
                    values.contentModificationDate ?? .distantPast)
        }
        var sum = entries.reduce(Int64(0)) { $0.addingReportingOverflow($1.size).partialValue }
        entries.sort { ($0.used, $0.date) < ($1.used, $1.date) }
        for entry in entries where sum > limit {
            try? FileManager.default.removeItem(at: entry.file)
            uses[entry.file.lastPathComponent] = nil
            sum -= entry.size
        }
        total = sum
    }
}
