import Foundation
import GiteeKit
import Observation

/// One file the person asked to download: running (with its meter), finished (its path), failed (why; it can be
/// retried) or cancelled (nothing left on disk). The bytes go to a temporary file beside the destination, renamed
/// into place only when complete (`AtomicFile`).
@MainActor
@Observable
public final class Download: Identifiable {
    public enum State: Equatable, Sendable {
        case running
        case finished(path: String)
        case failed(String)
        case cancelled
    }

    /// Streams the file to the temporary path it is given, reporting progress.
    public typealias Fetch = @MainActor (_ temporary: String, _ progress: @escaping TransferProgress) async throws -> Void

    public let id: Int
    /// What it is for (a release's file), so a page finds its downloads again after being rebuilt.
    public let key: String
    public let fileName: String
    public private(set) var state: State = .running
    public private(set) var meter = TransferMeter()
    @ObservationIgnored private let fetch: Fetch
    @ObservationIgnored private weak var center: DownloadCenter?
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private let clock: @MainActor () -> TimeInterval

    init(id: Int, key: String, fileName: String, center: DownloadCenter, clock: @escaping @MainActor () -> TimeInterval,
         fetch: @escaping Fetch) {
        self.id = id
        self.key = key
        self.fileName = fileName
        self.center = center
        self.clock = clock
        self.fetch = fetch
    }

    public var isRunning: Bool { state == .running }
    public var finishedPath: String? { if case .finished(let path) = state { path } else { nil } }

    /// What the row under the file says.
    public var statusText: String {
        switch state {
        case .running: meter.received == 0 && meter.total == nil ? tr("Starting…") : meter.description
        case .finished(let path): String(format: tr("Saved to %@"), path)
        case .failed(let reason): String(format: tr("Download failed: %@"), reason)
        case .cancelled: tr("Cancelled")
        }
    }

    /// Stops it; the temporary file is removed and the state becomes `cancelled` once the transfer has let go.
    public func cancel() { task?.cancel() }

    /// A failed or cancelled download starts again from the beginning.
    public func retry() {
        guard state != .running, finishedPath == nil else { return }
        start()
    }

    /// Waits until the transfer has ended (tests; the page only observes `state`).
    public func settled() async { await task?.value }

    func start() {
        guard let center else { return }
        state = .running
        meter = TransferMeter()
        let destination = center.reserve(fileName)
        task = Task { [weak self, fetch, weak center] in
            defer { center?.release(destination) }
            do {
                try await AtomicFile.write(to: destination, replacing: false) { temporary in
                    try await fetch(temporary) { received, total in
                        guard let self, self.isRunning else { return }
                        self.meter.record(received: received, total: total, at: self.clock())
                    }
                }
                self?.finish(.finished(path: destination))
            } catch let error as GiteeError where error == .cancelled {
                self?.finish(.cancelled)
            } catch is CancellationError {
                self?.finish(.cancelled)
            } catch let error as GiteeError {
                self?.finish(.failed(ErrorText.message(for: error)))
            } catch let error as LocalFileError {
                self?.finish(.failed(FileTransfer.message(for: error)))
            } catch {
                self?.finish(.failed(String(describing: error)))
            }
        }
    }

    private func finish(_ state: State) {
        self.state = state
        center?.ended(self)
    }
}
