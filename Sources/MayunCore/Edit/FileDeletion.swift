import Foundation
import GiteeKit

/// Deleting one file from its branch (issue 27), after the page asked: `DELETE .../contents/{path}` with the file's
/// current blob `sha` (read just before, so it is the server's), a message and the branch, through `ScreenWrites`.
/// On success the file's page goes and a toast says so; a refusal says why and the page stays. When the server
/// cannot be reached, the deletion waits in the outbox over the sha the folder's saved listing gives (docs/WRITES.md):
/// sent later, it removes that version and no newer one.
@MainActor
public final class FileDeletion {
    public let location: BlobLocation
    public let writes = ScreenWrites()
    private let client: GiteeClient
    private weak var navigator: (any Navigator)?
    /// Told after the server confirmed, or the outbox took it (the page's own reaction; the Coordinator goes back).
    var onDeleted: @MainActor () -> Void = {}
    /// The account's outbox, and the blob sha of the file as its folder was last listed (the saved listing).
    var outbox: Outbox?
    var savedSHA: @MainActor () async -> String? = { nil }

    init(location: BlobLocation, client: GiteeClient, navigator: (any Navigator)?) {
        self.location = location
        self.client = client
        self.navigator = navigator
        writes.report = { [weak navigator] text in navigator?.showToast(text) }
    }

    public var question: (heading: String, body: String, confirm: String) {
        (String(format: tr("Delete %@?"), location.fileName),
         tr("This commits the file's removal to the branch. It can only be brought back from the history."),
         tr("Delete"))
    }

    public func delete() {
        let location = location, client = client, outbox = outbox, savedSHA = savedSHA
        let removal = OutboxEntry.FileRemoval(path: location.path, branch: location.ref,
                                              message: String(format: tr("Delete %@"), location.fileName))
        writes.send(key: "delete", failure: tr("The file was not deleted: %@."), request: { () async throws -> Bool in
            let sha: String
            do {
                let current = try await client.send(Endpoints.file(owner: location.repo.owner, repo: location.repo.name,
                                                                   path: location.path, ref: location.ref))
                guard let found = current.sha else { throw GiteeError.notFound(nil) }
                sha = found
            } catch let failure as GiteeError where failure.neverReachedServer {
                guard let seen = await savedSHA(),
                      outbox?.enqueue(.fileDeletion, repo: location.repo, number: "", payload: removal.payload,
                                      seen: seen) != nil else { throw failure }
                return true
            }
            let outcome = try await Outbox.sendOrKeep(in: outbox, .fileDeletion, repo: location.repo, number: "",
                                                      payload: removal.payload, seen: sha) {
                try await SettledWrite.perform({
                    try await client.send(Endpoints.deleteFile(owner: location.repo.owner, repo: location.repo.name,
                                                               path: location.path, sha: sha, message: removal.message,
                                                               branch: location.ref))
                }, check: {
                    try await FileWriteCheck.gone(repo: location.repo, path: location.path, branch: location.ref,
                                                  client: client)
                })
            }
            return outcome.isWaiting
        }, settle: { [weak self] waiting in
            self?.navigator?.showToast(waiting
                ? tr("Gitee cannot be reached: the deletion waits, and is sent when it answers.")
                : String(format: tr("%@ deleted"), location.fileName))
            self?.onDeleted()
        })
    }
}
