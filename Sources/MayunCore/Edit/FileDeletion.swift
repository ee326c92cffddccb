import Foundation
import GiteeKit

/// Deleting one file from its branch (issue 27), after the page asked: `DELETE .../contents/{path}` with the file's
/// current blob `sha` (read just before, so it is the server's), a message and the branch, through `ScreenWrites`.
/// On success the file's page goes and a toast says so; a refusal says why and the page stays.
@MainActor
public final class FileDeletion {
    public let location: BlobLocation
    public let writes = ScreenWrites()
    private let client: GiteeClient
    private weak var navigator: (any Navigator)?
    /// Told after the server confirmed (the page's own reaction; the Coordinator goes back).
    var onDeleted: @MainActor () -> Void = {}

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
        let location = location, client = client
        let message = String(format: tr("Delete %@"), location.fileName)
        writes.send(key: "delete", failure: tr("The file was not deleted: %@."), request: {
            let current = try await client.send(Endpoints.file(owner: location.repo.owner, repo: location.repo.name,
                                                               path: location.path, ref: location.ref))
            guard let sha = current.sha else { throw GiteeError.notFound(nil) }
            return try await SettledWrite.perform({
                try await client.send(Endpoints.deleteFile(owner: location.repo.owner, repo: location.repo.name,
                                                           path: location.path, sha: sha, message: message,
                                                           branch: location.ref))
            }, check: {
                try await FileWriteCheck.gone(repo: location.repo, path: location.path, branch: location.ref, client: client)
            })
        }, settle: { [weak self] _ in
            self?.navigator?.showToast(String(format: tr("%@ deleted"), location.fileName))
            self?.onDeleted()
        })
    }
}
