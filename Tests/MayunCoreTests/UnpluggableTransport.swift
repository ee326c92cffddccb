import Foundation
@testable import GiteeKit

/// A transport to the real FakeGitee that can be unplugged: while unplugged, every request goes to a closed loopback
/// port instead (the real libsoup connection is refused), as when the server cannot be reached.
@MainActor
final class UnpluggableTransport: Transport {
    private let real: SoupTransport
    var unplugged = false

    init(configuration: GiteeConfiguration) {
        real = SoupTransport(configuration: configuration)
    }

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        try await real.send(rerouted(request), progress: progress)
    }

    func download(_ request: HTTPRequest, to path: String, progress: TransferProgress?) async throws -> HTTPResponse {
        try await real.download(rerouted(request), to: path, progress: progress)
    }

    func send(_ request: HTTPRequest, uploaded: TransferProgress?) async throws -> HTTPResponse {
        try await real.send(rerouted(request), uploaded: uploaded)
    }

    private func rerouted(_ request: HTTPRequest) -> HTTPRequest {
        guard unplugged, var address = URLComponents(string: request.url) else { return request }
        address.host = "127.0.0.1"
        address.port = 1
        var copy = request
        copy.url = address.string ?? request.url
        return copy
    }
}
