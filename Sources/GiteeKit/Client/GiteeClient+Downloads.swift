import Foundation

extension GiteeClient {
    /// Streams a release's attached file to `path` through the API's own download call
    /// (`GET .../releases/{release_id}/attach_files/{attach_file_id}/download`, which takes the token), so a private
    /// project's file comes as it does for its owner on the website. A release's `assets` carry no id, so it is
    /// looked up in `GET .../releases/{release_id}/attach_files` by name (then by address). Only a file that list
    /// does not have (a server without the call answers 404) is fetched from its website address, where a private
    /// project's answer is the login page, which is refused, never saved.
    public func downloadReleaseFile(_ asset: ReleaseAsset, releaseID: Int, owner: String, repo: String, to path: String,
                                    progress: TransferProgress? = nil) async throws {
        var fileID = asset.id
        if fileID == nil {
            do {
                let files = try await all(Endpoints.releaseFiles(owner: owner, repo: repo, releaseID: releaseID), maxPages: 5)
                fileID = (files.first { $0.name == asset.name } ?? files.first { $0.url == asset.url })?.id
            } catch GiteeError.notFound {
                fileID = nil
            }
        }
        if let fileID {
            let endpoint = Endpoints.releaseFile(owner: owner, repo: repo, releaseID: releaseID, fileID: fileID, name: asset.name)
            return try await download(endpoint, to: path, progress: progress)
        }
        guard let url = URL(string: asset.url) else { throw GiteeError.badResponse(.unexpectedStatus(0)) }
        try await download(from: url, to: path, progress: progress)
    }

    /// Streams a file at a website address (a release's attached file on a public project) to `path`, with no byte
    /// cap: the person chose to download it, whatever its size. HTTPS only (plain HTTP only to this machine, where
    /// nothing can read or change it on the way); anything else is refused before sending. The token goes only when
    /// the address is on the configured server's origin (scheme, host and port), and the transport strips it from
    /// any redirect that leaves it. An HTML answer is refused (`WebPageCheck`) unless the file's name says it is a
    /// page: the website answers a file that needs signing in with its login page.
    public func download(from url: URL, to path: String, progress: TransferProgress? = nil) async throws {
        guard Self.isDownloadAddress(url) else { throw GiteeError.badResponse(.unexpectedStatus(0)) }
        var headers = [HTTPHeader("Accept", "*/*")]
        if TokenOrigin(server: configuration.server).allows(url.absoluteString), let token = auth.accessToken {
            headers.append(HTTPHeader("Authorization", "Bearer \(token)"))
        }
        var request = HTTPRequest(method: "GET", url: url.absoluteString, headers: headers)
        request.refusesWebPage = !WebPageCheck.nameIsWebPage(ReleaseAsset.lastComponent(of: url.absoluteString))
        let response = try await mapTransportFailure { try await transport.download(request, to: path, progress: progress) }
        guard (200..<300).contains(response.status) else { throw HTTPErrorMapping.error(for: response) }
    }

    /// `https:`, or `http:` to a loopback host (`localhost`, 127.0.0.0/8, `::1`).
    nonisolated static func isDownloadAddress(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        if scheme == "https" { return true }
        guard scheme == "http", let host = url.host?.lowercased() else { return false }
        let bare = host.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        return bare == "localhost" || bare == "::1" || bare.hasPrefix("127.") && bare.split(separator: ".").count == 4
    }
}
