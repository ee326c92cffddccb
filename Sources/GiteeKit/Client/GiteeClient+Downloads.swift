import Foundation

extension GiteeClient {
    /// Streams a file the person asked for (a release's attached file, at its website address) to `path`, with no
    /// byte cap: they chose to download it, whatever its size. The token goes only when the address is on the
    /// configured server's origin (scheme, host and port), and the transport strips it from any redirect that
    /// leaves it; anything other than http(s) is refused before sending.
    public func download(from url: URL, to path: String, progress: TransferProgress? = nil) async throws {
        guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http" else {
            throw GiteeError.badResponse(.unexpectedStatus(0))
        }
        var headers = [HTTPHeader("Accept", "*/*")]
        if TokenOrigin(server: configuration.server).allows(url.absoluteString), let token = auth.accessToken {
            headers.append(HTTPHeader("Authorization", "Bearer \(token)"))
        }
        let request = HTTPRequest(method: "GET", url: url.absoluteString, headers: headers)
        let response: HTTPResponse
        do {
            response = try await transport.download(request, to: path, progress: progress)
        } catch let error as GiteeError {
            throw error
        } catch {
            throw GiteeError.unreachable(String(describing: error))
        }
        guard (200..<300).contains(response.status) else { throw HTTPErrorMapping.error(for: response) }
    }
}
