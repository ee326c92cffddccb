import CGtk
import Foundation
import GLibRuntime

/// Every image Mayun shows from the network (avatars, README images) comes through here: an in-memory cache of
/// decoded textures, a bounded disk cache of the bytes, one download per URL however many rows want it, and
/// cancellation when the last row that asked is recycled.
@MainActor
public final class ImageLoader {
    public typealias Fetch = @MainActor (URL) async throws -> Data

    private let fetch: Fetch
    private let disk: ImageDiskCache?
    private var memory: [URL: ObjectRef] = [:]
    private var memoryOrder: [URL] = []
    private let memoryLimit: Int
    private var inFlight: [URL: InFlight] = [:]
    /// Downloads started (not served from memory or disk): tests check de-duplication with it.
    public private(set) var networkFetches = 0

    private final class InFlight {
        var task: Task<Void, Never>?
        var waiters: [Int: @MainActor (UnsafeMutableRawPointer?) -> Void] = [:]
    }
    private var nextTicket = 0

    public init(fetch: @escaping Fetch, diskDirectory: URL?, memoryLimit: Int = 600) {
        self.fetch = fetch
        self.memoryLimit = memoryLimit
        disk = diskDirectory.map { ImageDiskCache(directory: $0) }
    }

    /// Calls `completion` with a `GdkTexture *` (nil when the image could not be loaded); cancel the ticket when the
    /// widget no longer wants it. A cached texture is delivered synchronously.
    @discardableResult
    public func load(_ url: URL, completion: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> ImageTicket {
        if let texture = memory[url] {
            completion(texture.pointer)
            return ImageTicket {}
        }
        nextTicket += 1
        let ticket = nextTicket
        let entry = inFlight[url] ?? start(url)
        entry.waiters[ticket] = completion
        return ImageTicket { [weak self, weak entry] in
            guard let entry else { return }
            entry.waiters[ticket] = nil
            if entry.waiters.isEmpty {
                entry.task?.cancel()
                self?.inFlight[url] = nil
            }
        }
    }

    private func start(_ url: URL) -> InFlight {
        let entry = InFlight()
        inFlight[url] = entry
        entry.task = Task { [weak self] in
            guard let self else { return }
            let texture = await self.texture(for: url)
            guard !Task.isCancelled else { return }
            self.inFlight[url] = nil
            if let texture { self.remember(texture, for: url) }
            for completion in entry.waiters.values { completion(texture?.pointer) }
        }
        return entry
    }

    private func texture(for url: URL) async -> ObjectRef? {
        if let bytes = await disk?.read(url), let texture = Self.decode(bytes) { return texture }
        networkFetches += 1
        guard let bytes = try? await fetch(url), !Task.isCancelled, let texture = Self.decode(bytes) else { return nil }
        disk?.write(bytes, for: url)
        return texture
    }

    private func remember(_ texture: ObjectRef, for url: URL) {
        memory[url] = texture
        memoryOrder.append(url)
        if memoryOrder.count > memoryLimit {
            let evicted = memoryOrder.removeFirst()
            memory[evicted] = nil
        }
    }

    /// Small images (avatars, badges) decode quickly enough here; large ones go through the image view's threaded
    /// decoder instead.
    static func decode(_ bytes: Data) -> ObjectRef? {
        let gbytes = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(gbytes) }
        guard let texture = gdk_texture_new_from_bytes(gbytes, nil) else { return nil }
        return ObjectRef(adopting: UnsafeMutableRawPointer(texture))
    }
}

/// Cancels one image request (a recycled row) without affecting other rows waiting for the same URL.
@MainActor
public final class ImageTicket {
    private var onCancel: (() -> Void)?
    init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }
    public func cancel() {
        onCancel?()
        onCancel = nil
    }
}
