import Foundation

/// An image's bytes, and whether the token went with the request (then the bytes may be private: the caller must
/// not keep them in a cache shared between accounts).
public struct FetchedImage: Sendable {
    public let data: Data
    public let wasAuthenticated: Bool

    public init(data: Data, wasAuthenticated: Bool) {
        self.data = data
        self.wasAuthenticated = wasAuthenticated
    }
}

extension GiteeClient {
    /// Fetches the bytes of an image (an avatar on another host, a README image, or a repository image through the
    /// API's raw endpoint), reading at most `maxBytes` (the transport stops there, whatever `Content-Length` says).
    /// The token goes only to this Gitee site's API, never to third-party hosts (the transport also strips it from
    /// any redirect that leaves the server's origin).
    public func fetchImage(_ url: URL, maxBytes: Int64) async throws -> FetchedImage {
        var headers = [HTTPHeader("Accept", "image/*")]
        let ownsURL = url.absoluteString.hasPrefix(configuration.server + "/api/")
        let token = ownsURL ? auth.accessToken : nil
        if let token { headers.append(HTTPHeader("Authorization", "Bearer \(token)")) }
        let request = HTTPRequest(method: "GET", url: url.absoluteString, headers: headers,
                                  allowsCaching: token == nil, maxBodyBytes: maxBytes)
        let response = try await mapTransportFailure { try await transport.send(request, progress: nil) }
        guard (200..<300).contains(response.status) else { throw HTTPErrorMapping.error(for: response) }
        return FetchedImage(data: response.body, wasAuthenticated: token != nil)
    }
}
