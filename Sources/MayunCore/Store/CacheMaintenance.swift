import Foundation

/// The size of everything Mayun keeps in its cache folder (store, images, HTTP cache), and clearing it.
@MainActor
public struct CacheMaintenance {
    public let directory: URL
    public let store: OfflineStore?

    /// Bytes used, counted off the main thread (the image cache can hold thousands of files).
    public func size() async -> Int64 {
        await store?.flush()
        let directory = directory
        return await Task.detached(priority: .utility) { Self.bytes(in: directory) }.value
    }

    /// Empties the store (rows stay on screen) and deletes cached images and HTTP answers.
    public func clear() async {
        await store?.clear()
        let directory = directory
        await Task.detached(priority: .utility) {
            for name in ["images", "http"] {
                let folder = directory.appendingPathComponent(name)
                for file in (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? [] {
                    try? FileManager.default.removeItem(at: file)
                }
            }
        }.value
    }

    nonisolated static func bytes(in directory: URL) -> Int64 {
        guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.fileSizeKey])
        else { return 0 }
        var total: Int64 = 0
        while let file = files.nextObject() as? URL {
            total += Int64((try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
        return total
    }
}
