import Foundation

/// One HTTP exchange as GiteeKit sees it. Headers are plain pairs; no token ever goes into `url`.
public struct HTTPRequest: Sendable, Hashable {
    public var method: String
    public var url: String
    public var headers: [HTTPHeader]
    public var body: Data?
    public var contentType: String?
    /// Allow the HTTP disk cache for this request (only for answers that do not depend on who asks).
    public var allowsCaching: Bool
    /// The most body bytes to accept: reading stops (and the request fails with `.badResponse(.tooLarge)`) as soon as
    /// more arrive, whatever `Content-Length` said. `nil`: no cap (the caller's own answers, e.g. JSON pages).
    public var maxBodyBytes: Int64?
    /// A download of a file that must not be a web page (a release file, an archive): an HTML answer is refused with
    /// `.badResponse(.webPage)` before any byte is written (`WebPageCheck`).
    public var refusesWebPage = false

    public init(method: String, url: String, headers: [HTTPHeader] = [], body: Data? = nil, contentType: String? = nil,
                allowsCaching: Bool = false, maxBodyBytes: Int64? = nil) {
        self.maxBodyBytes = maxBodyBytes
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.contentType = contentType
        self.allowsCaching = allowsCaching
    }

    public func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }
}

public struct HTTPHeader: Sendable, Hashable {
    public var name: String
    public var value: String
    public init(_ name: String, _ value: String) { self.name = name; self.value = value }
}

public struct HTTPResponse: Sendable, Hashable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        self.body = body
    }

    public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Progress of a body download: bytes so far and the total when the server announced it.
public typealias TransferProgress = @MainActor (_ received: Int64, _ expected: Int64?) -> Void

/// Moves bytes. The real one is `SoupTransport`; tests may substitute a stub. Runs on the main actor because libsoup
/// sessions belong to the main loop's thread. Failures are thrown as `GiteeError` (`.offline`, `.notConnected`,
/// `.unreachable`, `.timeout`, `.cancelled`, `.badResponse(.truncated)`); HTTP error statuses are *answers*, not throws.
@MainActor
public protocol Transport: AnyObject {
    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse
    /// Streams the body to a file at `path` (for big blobs) and answers with an empty-bodied response.
    func download(_ request: HTTPRequest, to path: String, progress: TransferProgress?) async throws -> HTTPResponse
    /// Sends a request whose body may be large (an upload), telling `uploaded` how much of the body went out.
    func send(_ request: HTTPRequest, uploaded: TransferProgress?) async throws -> HTTPResponse
}

extension Transport {
    /// Transports that cannot watch the body go out (test stubs) report it all at once when the answer came.
    public func send(_ request: HTTPRequest, uploaded: TransferProgress?) async throws -> HTTPResponse {
        let response = try await send(request, progress: nil)
        let size = Int64(request.body?.count ?? 0)
        uploaded?(size, size)
        return response
    }

    public func download(_ request: HTTPRequest, to path: String, progress: TransferProgress?) async throws -> HTTPResponse {
        var response = try await send(request, progress: progress)
        guard (200..<300).contains(response.status) else { return response }
        if request.refusesWebPage, WebPageCheck.isWebPage(contentType: response.header("content-type"), prefix: response.body) {
            throw GiteeError.badResponse(.webPage)
        }
        do { try response.body.write(to: URL(fileURLWithPath: path)) } catch {
            throw GiteeError.unreachable("could not write \(path): \(error)")
        }
        response.body = Data()
        return response
    }
}
