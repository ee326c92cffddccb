internal import CGtk
internal import GtkBasics
import Foundation
import GLibRuntime
import GiteeKit
import MayunCore

/// Every image Mayun shows from the network (avatars, README and issue images) comes through here: an in-memory
/// cache of decoded images bounded by bytes (`memoryBudget`, least recently used evicted first), a disk cache of the
/// bytes bounded the same way (`ImageDiskCache`), one download per URL however many rows want it, and
/// cancellation when the last row (or page) that asked goes. Downloads stop at `ImageLimits.maxBytes` while
/// streaming; decoding runs off the main thread through `ImageDecoder`, which refuses images whose header announces
/// more than `ImageLimits.maxPixels` before allocating them. Images fetched with the token are never written to disk.
@MainActor
package final class ImageLoader {
    /// Fetches at most `maxBytes` of `url`; `GiteeClient.fetchImage` in the app.
    package typealias Fetch = @MainActor (_ url: URL, _ maxBytes: Int64) async throws -> FetchedImage

    private let fetch: Fetch
    private let disk: ImageDiskCache?
    /// 128 MiB of decoded pixels (4 bytes each, every frame of an animation counted): about 32 screenshots of
    /// 1280 x 800, or 30,000 avatar thumbnails. It was 600 images whatever their size, and ten 10000 x 10000 PNGs of
    /// 0.4 MB each held 4 GB.
    nonisolated package static let defaultMemoryBudget = 128 * 1024 * 1024
    private var memory: ByteBudgetCache<Key, DecodedImage>
    /// 100 MiB of image files on disk, least recently used removed first, while running as well as at launch.
    nonisolated package static let defaultDiskBudget: Int64 = 100 * 1024 * 1024
    private var inFlight: [Key: InFlight] = [:]
    /// Downloads started (not served from memory or disk): tests check de-duplication with it.
    package private(set) var networkFetches = 0
    /// Two decodes at once (`DecodeSlots` says why): the two cores' worth.
    nonisolated static let maxConcurrentDecodes = 2
    let decodes = DecodeSlots(count: ImageLoader.maxConcurrentDecodes)

    /// An image at full size, as a still scaled to fit a square (avatars in rows), or within a document's box.
    private struct Key: Hashable {
        let url: URL
        let size: DecodeSize
    }

    private final class InFlight {
        var task: Task<Void, Never>?
        var waiters: [Int: @MainActor (Result<DecodedImage, ImageDecodeError>) -> Void] = [:]
    }
    private var nextTicket = 0

    package init(fetch: @escaping Fetch, diskDirectory: URL?, memoryBudget: Int = ImageLoader.defaultMemoryBudget,
                diskBudget: Int64 = ImageLoader.defaultDiskBudget) {
        self.fetch = fetch
        memory = ByteBudgetCache(budget: memoryBudget)
        disk = diskDirectory.map { ImageDiskCache(directory: $0, limit: diskBudget) }
    }

    /// Bytes of decoded images kept (never more than the budget) and how many (tests, the benchmark).
    package var memoryBytes: Int { memory.totalBytes }
    var memoryBudget: Int { memory.budget }
    package var cachedImageCount: Int { memory.count }

    /// Calls `completion` with a `GdkTexture *` (nil when the image could not be loaded or was refused); cancel the
    /// ticket when the widget no longer wants it. A cached texture is delivered synchronously. `fit` > 0 asks for a
    /// still decoded to fit a square of that many pixels, cached apart from the full-size image: every row showing
    /// that avatar shares one small texture.
    @discardableResult
    package func load(_ url: URL, fit: Int = 0,
                     completion: @escaping @MainActor (UnsafeMutableRawPointer?) -> Void) -> ImageTicket {
        image(url, fit: fit) { result in completion((try? result.get())?.texturePointer) }
    }

    /// Like `load`, with the decoded image (animation included) or why it was not shown.
    @discardableResult
    package func image(_ url: URL, fit: Int = 0,
                      completion: @escaping @MainActor (Result<DecodedImage, ImageDecodeError>) -> Void) -> ImageTicket {
        image(url, size: .thumbnail(fit), completion: completion)
    }

    /// Like `load`, decoded within `size` (a document's image box): cached apart from other sizes of that URL.
    @discardableResult
    package func image(_ url: URL, size: DecodeSize,
                      completion: @escaping @MainActor (Result<DecodedImage, ImageDecodeError>) -> Void) -> ImageTicket {
        let key = Key(url: url, size: size)
        if let image = memory.value(for: key) {
            completion(.success(image))
            return ImageTicket {}
        }
        nextTicket += 1
        let ticket = nextTicket
        let entry = inFlight[key] ?? start(key)
        entry.waiters[ticket] = completion
        return ImageTicket { [weak self, weak entry] in
            guard let entry else { return }
            entry.waiters[ticket] = nil
            if entry.waiters.isEmpty {
                entry.task?.cancel()
                self?.inFlight[key] = nil
            }
        }
    }

    /// Whether a download for `url` is running (tests check that leaving a page cancels it).
    func isLoading(_ url: URL) -> Bool { inFlight.keys.contains { $0.url == url } }

    /// Whether `url` is decoded in memory at this fit (tests check that rows share one texture).
    func isCached(_ url: URL, fit: Int = 0) -> Bool { memory.contains(Key(url: url, size: .thumbnail(fit))) }

    private func start(_ key: Key) -> InFlight {
        let entry = InFlight()
        inFlight[key] = entry
        entry.task = Task { [weak self] in
            guard let self else { return }
            let result = await self.decodedImage(for: key.url, size: key.size)
            guard !Task.isCancelled else { return }
            self.inFlight[key] = nil
            if case .success(let image) = result { self.remember(image, for: key) }
            for completion in entry.waiters.values { completion(result) }
        }
        return entry
    }

    private func decodedImage(for url: URL, size: DecodeSize) async -> Result<DecodedImage, ImageDecodeError> {
        if let bytes = await disk?.read(url),
           let image = try? await decodes.run({ try await ImageDecoder.decodeInBackground(bytes, size: size) }) {
            return .success(image)
        }
        networkFetches += 1
        let fetched: FetchedImage
        do {
            fetched = try await fetch(url, Int64(ImageLimits.maxBytes))
        } catch GiteeError.badResponse(.tooLarge) {
            return .failure(.refused(.tooManyBytes(ImageLimits.maxBytes + 1)))
        } catch {
            return .failure(.unreadable(url.lastPathComponent))
        }
        if Task.isCancelled { return .failure(.unreadable("")) }
        do {
            let image = try await decodes.run { try await ImageDecoder.decodeInBackground(fetched.data, size: size) }
            if !fetched.wasAuthenticated { disk?.write(fetched.data, for: url) }
            return .success(image)
        } catch let error as ImageDecodeError {
            return .failure(error)
        } catch {
            return .failure(.unreadable(url.lastPathComponent))
        }
    }

    /// Kept within the budget; an image larger than the whole budget is only handed to those waiting for it.
    private func remember(_ image: DecodedImage, for key: Key) {
        memory.insert(image, bytes: image.byteCost, for: key)
    }
}

/// Cancels one image request (a recycled row) without affecting other rows waiting for the same URL.
@MainActor
package final class ImageTicket {
    private var onCancel: (() -> Void)?
    package init(onCancel: @escaping () -> Void) { self.onCancel = onCancel }
    package func cancel() {
        onCancel?()
        onCancel = nil
    }
}
