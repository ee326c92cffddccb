import CGtk
import Foundation

/// Where the document pane gets its pictures. The app passes one backed by the shared, cached `ImageLoader`
/// (`SharedImageLoaderAdapter`); tests and the benchmark pass `BytesImageLoader`.
@MainActor
public protocol DocumentImageLoader: AnyObject {
    func image(for url: URL) async throws -> DecodedImage
}

/// Serves images from a closure returning bytes (files, fixtures), decoding off the main thread, and remembers
/// which URLs were asked for.
@MainActor
public final class BytesImageLoader: DocumentImageLoader {
    public typealias Bytes = @MainActor (URL) throws -> Data?
    private let bytes: Bytes
    public private(set) var requestedURLs: [URL] = []

    public init(bytes: @escaping Bytes) {
        self.bytes = bytes
    }

    public func image(for url: URL) async throws -> DecodedImage {
        requestedURLs.append(url)
        guard let data = try bytes(url) else { throw ImageDecodeError.unreadable(url.lastPathComponent) }
        return try await ImageDecoder.decodeInBackground(data)
    }
}

/// Adapts the app's shared `ImageLoader` (memory + disk cache, de-duplicated downloads) to the pane.
@MainActor
public final class SharedImageLoaderAdapter: DocumentImageLoader {
    private let loader: ImageLoader

    public init(_ loader: ImageLoader) {
        self.loader = loader
    }

    public func image(for url: URL) async throws -> DecodedImage {
        let texture: UnsafeMutableRawPointer? = await withCheckedContinuation { continuation in
            loader.load(url) { texture in
                // Retained here: the cache may drop its reference before the continuation resumes.
                if let texture { g_object_ref(texture) }
                nonisolated(unsafe) let texture = texture
                continuation.resume(returning: texture)
            }
        }
        guard let texture else { throw ImageDecodeError.unreadable(url.lastPathComponent) }
        defer { g_object_unref(texture) }
        return DecodedImage(retainingTexture: texture)
    }
}
