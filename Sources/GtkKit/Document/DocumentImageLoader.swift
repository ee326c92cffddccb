internal import CGtk
internal import GtkBasics
import Foundation

/// Where the document pane gets its pictures. The app passes one backed by the shared, cached `ImageLoader`
/// (`SharedImageLoaderAdapter`); tests and the benchmark pass `BytesImageLoader`.
@MainActor
package protocol DocumentImageLoader: AnyObject {
    func image(for url: URL) async throws -> DecodedImage
    /// The image decoded within `size` (its box on screen): what the document pane asks for.
    func image(for url: URL, size: DecodeSize) async throws -> DecodedImage
}

extension DocumentImageLoader {
    /// Loaders that ignore the size (tests' small fixtures) decode at full size.
    package func image(for url: URL, size: DecodeSize) async throws -> DecodedImage {
        try await image(for: url)
    }
}

/// Serves images from a closure returning bytes (files, fixtures), decoding off the main thread, and remembers
/// which URLs were asked for.
@MainActor
package final class BytesImageLoader: DocumentImageLoader {
    package typealias Bytes = @MainActor (URL) throws -> Data?
    private let bytes: Bytes
    package private(set) var requestedURLs: [URL] = []

    package init(bytes: @escaping Bytes) {
        self.bytes = bytes
    }

    package func image(for url: URL) async throws -> DecodedImage {
        try await image(for: url, size: .full)
    }

    package func image(for url: URL, size: DecodeSize) async throws -> DecodedImage {
        requestedURLs.append(url)
        guard let data = try bytes(url) else { throw ImageDecodeError.unreadable(url.lastPathComponent) }
        return try await ImageDecoder.decodeInBackground(data, size: size)
    }
}

/// Adapts the app's shared `ImageLoader` (memory + disk cache, de-duplicated and capped downloads, decoding off
/// the main thread with the pixel check) to the pane. Cancelling the awaiting task (the page went) cancels the
/// download when no one else wants it.
@MainActor
package final class SharedImageLoaderAdapter: DocumentImageLoader {
    private let loader: ImageLoader

    package init(_ loader: ImageLoader) {
        self.loader = loader
    }

    package func image(for url: URL) async throws -> DecodedImage {
        try await image(for: url, size: .full)
    }

    package func image(for url: URL, size: DecodeSize) async throws -> DecodedImage {
        let box = TicketBox()
        let result: Result<DecodedImage, ImageDecodeError>? = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let once = Once(continuation)
                box.ticket = loader.image(url, size: size) { once.resume(returning: $0) }
                box.onCancel = { once.resume(returning: nil) }
                if Task.isCancelled { box.cancel() }
            }
        } onCancel: {
            Task { @MainActor in box.cancel() }
        }
        guard let result else { throw CancellationError() }
        return try result.get()
    }

    /// The ticket of one request, cancelled when the task awaiting it is.
    private final class TicketBox: @unchecked Sendable {
        var ticket: ImageTicket?
        var onCancel: (() -> Void)?
        @MainActor func cancel() {
            ticket?.cancel()
            onCancel?()
        }
    }

    /// Resumes a continuation once: the image may arrive and the task be cancelled in the same turn.
    private final class Once: @unchecked Sendable {
        private var continuation: CheckedContinuation<Result<DecodedImage, ImageDecodeError>?, Never>?
        init(_ continuation: CheckedContinuation<Result<DecodedImage, ImageDecodeError>?, Never>) {
            self.continuation = continuation
        }
        @MainActor func resume(returning value: Result<DecodedImage, ImageDecodeError>?) {
            continuation?.resume(returning: value)
            continuation = nil
        }
    }
}
