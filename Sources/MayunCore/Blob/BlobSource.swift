import Foundation
import GiteeKit
import Observation

/// A file's bytes and the type the server gave them.
public struct RawFile: Sendable {
    public let data: Data
    public let contentType: String?
}

/// Where the blob and image pages get a file from. The size comes first and without the body: the contents API
/// inlines the whole file as base64 (27 MB of JSON for a 20 MB file), so the size is read from the git tree of the
/// file's folder, whose sha the grandparent folder's listing gives. Only then, and only when the size policy allows,
/// are the raw bytes fetched.
@MainActor
struct BlobSource {
    let client: GiteeClient
    let repo: RepositoryID
    let ref: String?

    /// The file's size in bytes, or nil when the tree does not say (the caller then fetches the bytes).
    func size(of path: String) async throws -> Int? {
        let parts = path.split(separator: "/").map(String.init)
        guard let name = parts.last else { return nil }
        let folder = parts.dropLast().joined(separator: "/")
        guard let treeSHA = try await treeSHA(of: folder) else { return nil }
        let tree = try await client.send(Endpoints.tree(owner: repo.owner, repo: repo.name, sha: treeSHA))
        return tree.entries.first { $0.path == name || $0.path == path }?.size
    }

    /// The raw bytes and their content type. With `limit`, reading stops there and this throws
    /// `.badResponse(.tooLarge)`: a file whose size the tree did not give is never downloaded past what the size
    /// policy could show.
    func bytes(of path: String, limit: Int? = nil) async throws -> RawFile {
        let raw = Endpoints.raw(owner: repo.owner, repo: repo.name, path: path, ref: ref)
        var endpoint = Endpoint<RawFile>(.get, .v5, path: raw.path, query: raw.query,
                                         isShareable: true) { response in
            RawFile(data: response.body, contentType: response.header("content-type"))
        }
        endpoint.maxBodyBytes = limit.map(Int64.init)
        return try await client.send(endpoint)
    }

    /// Streams the file to `destination` without holding it in memory.
    func download(_ path: String, to destination: String, progress: @escaping TransferProgress) async throws {
        try await client.download(Endpoints.raw(owner: repo.owner, repo: repo.name, path: path, ref: ref),
                                  to: destination, progress: progress)
    }

    /// The root's tree is named by the ref; any other folder's sha is in its parent's listing.
    private func treeSHA(of folder: String) async throws -> String? {
        if folder.isEmpty { return ref }
        let parts = folder.split(separator: "/").map(String.init)
        let parent = parts.dropLast().joined(separator: "/")
        let listing = try await client.send(Endpoints.folder(owner: repo.owner, repo: repo.name, path: parent, ref: ref))
        return listing.first { $0.isDirectory && ($0.path == folder || $0.name == parts.last) }?.sha
    }
}

/// "Save as…": streams a file to a path the person chose and reports how far it got.
@MainActor
@Observable
public final class FileTransfer {
    public enum State: Equatable, Sendable {
        case idle
        case running(String)
        case finished(String)
        case failed(String)
    }

    public private(set) var state: State = .idle
    @ObservationIgnored private var task: Task<Void, Never>?

    public var isRunning: Bool { if case .running = state { return true } else { return false } }

    /// Streams a repository file (the blob or image page's) to `destination`.
    func download(_ location: BlobLocation, with client: GiteeClient, to destination: String) {
        let source = BlobSource(client: client, repo: location.repo, ref: location.ref)
        let path = location.path
        start(location.fileName, to: destination) { progress in
            try await AtomicFile.write(to: destination) { temporary in
                try await source.download(path, to: temporary, progress: progress)
            }
        }
    }

    func start(_ fileName: String, to destination: String,
               _ body: @escaping @MainActor (@escaping TransferProgress) async throws -> Void) {
        task?.cancel()
        state = .running(String(format: tr("Saving %@…"), fileName))
        task = Task { [weak self] in
            do {
                try await body { received, expected in
                    guard let self, self.isRunning else { return }
                    let done = ByteSize.format(Int(received))
                    let text = expected.map { String(format: tr("Saving %@: %@ of %@"), fileName, done,
                                                     ByteSize.format(Int($0))) }
                        ?? String(format: tr("Saving %@: %@"), fileName, done)
                    self.state = .running(text)
                }
                self?.state = .finished(String(format: tr("Saved to %@"), destination))
            } catch let error as GiteeError where error == .cancelled {
                self?.state = .idle
            } catch is CancellationError {
                self?.state = .idle
            } catch let error as LocalFileError {
                self?.state = .failed(String(format: tr("Could not save %@: %@"), fileName, Self.message(for: error)))
            } catch let error as GiteeError {
                self?.state = .failed(String(format: tr("Could not save %@: %@"), fileName,
                                             ErrorText.message(for: error)))
            } catch {
                self?.state = .failed(String(format: tr("Could not save %@: %@"), fileName, "\(error)"))
            }
        }
    }

    public func cancel() {
        task?.cancel()
        task = nil
        if isRunning { state = .idle }
    }

    /// Writing to this machine failed: a full disk and a refused permission are named, never "cut off".
    static func message(for error: LocalFileError) -> String {
        switch error.kind {
        case .noSpace: tr("the disk is full.")
        case .permissionDenied: String(format: tr("permission denied (%@)."), error.path)
        case .other: error.detail
        }
    }
}
