import Foundation

extension GiteeClient {
    /// Fetches the bytes of an image (an avatar on another host, or a repository image through the API's raw
    /// endpoint). The token goes only to this Gitee site's API, never to third-party hosts.
    public func fetchImage(_ url: URL) async throws -> Data {
        var headers = [HTTPHeader("Accept", "image/*")]
        let ownsURL = url.absoluteString.hasPrefix(configuration.server + "/api/")
        if ownsURL, let token = auth.accessToken { headers.append(HTTPHeader("Authorization", "Bearer \(token)")) }
        let request = HTTPRequest(method: "GET", url: url.absoluteString, headers: headers,
                                  allowsCaching: !(ownsURL && auth.accessToken != nil))
        let response: HTTPResponse
        do {
            response = try await transport.send(request, progress: nil)
        } catch let error as GiteeError {
            throw error
        } catch {
            throw GiteeError.unreachable(String(describing: error))
        }
        guard (200..<300).contains(response.status) else { throw HTTPErrorMapping.error(for: response) }
        return response.body
    }
}
