import Foundation
import MayunCore

/// Image bytes on disk, one file per URL (named by a hash of it), trimmed to a size limit, oldest first. Folder
/// 0700, files 0600; only images fetched without the token come here (`ImageLoader`).
final class ImageDiskCache: Sendable {
    let directory: URL
    let limit: Int64

    init(directory: URL, limit: Int64 = 100 * 1024 * 1024) {
        self.directory = directory
        self.limit = limit
        try? PrivateFiles.makeFolder(directory)
        let cache = self
        Task.detached(priority: .background) { cache.trim() }
    }

    func read(_ url: URL) async -> Data? {
        let file = path(for: url)
        return await Task.detached(priority: .userInitiated) { try? Data(contentsOf: file) }.value
    }

    func write(_ bytes: Data, for url: URL) {
        let file = path(for: url)
        Task.detached(priority: .utility) { try? PrivateFiles.write(bytes, to: file) }
    }

    func path(for url: URL) -> URL {
        // FNV-1a: stable across runs (Swift's Hasher is seeded per process).
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        return directory.appendingPathComponent(String(hash, radix: 16))
    }

    /// Removes the least recently written files until the folder fits the limit.
    func trim() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey]
        guard let files = try? FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: keys) else { return }
        var entries = files.compactMap { file -> (URL, Int64, Date)? in
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
            return (file, Int64(values.fileSize ?? 0), values.contentModificationDate ?? .distantPast)
        }
        var total = entries.reduce(0) { $0 + $1.1 }
        entries.sort { $0.2 < $1.2 }
        for (file, size, _) in entries where total > limit {
            try? FileManager.default.removeItem(at: file)
            total -= size
        }
    }
}
