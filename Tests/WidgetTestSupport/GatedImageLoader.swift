import Foundation
@testable import GtkKit

/// Holds every image request until `open()`, then serves `bytes(url)`: the images arrive after the document is laid
/// out, as on a slow network.
@MainActor
package final class GatedImageLoader: DocumentImageLoader {
    private let bytes: @MainActor (URL) -> Data?
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    package init(bytes: @escaping @MainActor (URL) -> Data?) { self.bytes = bytes }

    package func image(for url: URL) async throws -> DecodedImage {
        if !isOpen { await withCheckedContinuation { waiting.append($0) } }
        guard let data = bytes(url) else { throw ImageDecodeError.unreadable(url.lastPathComponent) }
        return try await ImageDecoder.decodeInBackground(data)
    }

    package func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting = []
    }
}
