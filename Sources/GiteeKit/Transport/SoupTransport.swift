import CSoup
import Foundation
import GLibRuntime

/// The real transport: one libsoup 3 session (connection reuse, TLS verification on, `User-Agent: Mayun/<version>`,
/// socket timeouts, a bounded disk cache for shareable GETs). Create and use it on the main thread (the GLib main
/// loop with `MainQueueBridge` installed). Bodies are read asynchronously in chunks, never with a blocking read.
@MainActor
public final class SoupTransport: Transport {
    /// The session and its disk cache, made by the first request: the transport is made at start, before the first
    /// frame, and making them (loading the cache's index from disk) is no part of that frame.
    private struct Connection {
        let session: UnsafeMutablePointer<SoupSession>
        let cache: UnsafeMutablePointer<SoupCache>?
    }
    private var madeConnection: Connection?
    private let configuration: GiteeConfiguration
    private static let chunkSize = 256 * 1024
    /// Only the configured server sees the token (see `TokenOrigin`).
    private let tokenOrigin: TokenOrigin

    public init(configuration: GiteeConfiguration) {
        self.configuration = configuration
        tokenOrigin = TokenOrigin(server: configuration.server)
    }

    isolated deinit {
        guard let madeConnection else { return }
        if let cache = madeConnection.cache { soup_cache_dump(cache); g_object_unref(UnsafeMutableRawPointer(cache)) }
        g_object_unref(UnsafeMutableRawPointer(madeConnection.session))
    }

    private var connection: Connection {
        if let madeConnection { return madeConnection }
        let made = Self.openConnection(configuration)
        madeConnection = made
        return made
    }

    private static func openConnection(_ configuration: GiteeConfiguration) -> Connection {
        let session = makeSession()
        soup_session_set_user_agent(session, configuration.userAgent)
        soup_session_set_timeout(session, guint(max(1, configuration.timeout.rounded(.up))))
        soup_session_set_idle_timeout(session, 60)
        guard let directory = configuration.cacheDirectory else { return Connection(session: session, cache: nil) }
        g_mkdir_with_parents(directory, 0o700)
        chmod(directory, 0o700)  // a folder made by an older Mayun may be 0755
        guard let cache = soup_cache_new(directory, SOUP_CACHE_SINGLE_USER) else {
            return Connection(session: session, cache: nil)
        }
        soup_cache_set_max_size(cache, guint(clamping: configuration.cacheSizeLimit))
        soup_cache_load(cache)
        soup_session_add_feature(session, OpaquePointer(cache))
        return Connection(session: session, cache: cache)
    }

    /// Connections a page's parallel requests can use at once over HTTP/1.1 (a project page asks for the project, its
    /// README, the star and watch checks and its images together): libsoup's default is 2 per host, which queued the
    /// Featured list's 20 avatars two by two, one round trip a pair. Browsers use 6. Over TLS libsoup 3 speaks HTTP/2
    /// where the server offers it, and then one connection carries them all.
    static let maxConnectionsPerHost: Int32 = 6
    static let maxConnections: Int32 = 16

    /// `max-conns-per-host` and `max-conns` are construct-only properties in libsoup 3, so the session is made with
    /// them (`soup_session_new_with_options` is variadic, which Swift cannot call).
    private static func makeSession() -> UnsafeMutablePointer<SoupSession> {
        var perHost = GValue(), total = GValue()
        g_value_init(&perHost, GTypes.int)
        g_value_set_int(&perHost, maxConnectionsPerHost)
        g_value_init(&total, GTypes.int)
        g_value_set_int(&total, maxConnections)
        defer {
            g_value_unset(&perHost)
            g_value_unset(&total)
        }
        let names: [UnsafeMutablePointer<CChar>?] = [strdup("max-conns-per-host"), strdup("max-conns")]
        defer { names.forEach { free($0) } }
        var values = [perHost, total]
        var namePointers: [UnsafePointer<CChar>?] = names.map { $0.map { UnsafePointer($0) } }
        // GObject constructors do not return NULL (allocation failure aborts), so this unwrap cannot fail.
        let object = namePointers.withUnsafeMutableBufferPointer { namesBuffer in
            values.withUnsafeMutableBufferPointer { valuesBuffer in
                g_object_new_with_properties(soup_session_get_type(), guint(namesBuffer.count), namesBuffer.baseAddress,
                                             valuesBuffer.baseAddress)
            }
        }!
        return UnsafeMutableRawPointer(object).assumingMemoryBound(to: SoupSession.self)
    }

    /// The session's connection limits as libsoup reports them (tests).
    func connectionLimits() -> (perHost: Int32, total: Int32) {
        (Int32(soup_session_get_max_conns_per_host(connection.session)), Int32(soup_session_get_max_conns(connection.session)))
    }

    /// Writes the cache index to disk (call when the app quits); nothing to write if nothing was asked.
    public func flushCache() {
        guard let cache = madeConnection?.cache else { return }
        soup_cache_flush(cache)
        soup_cache_dump(cache)
    }

    /// Deletes every HTTP disk cache entry and its index (at Log Out). Authenticated answers never enter the cache
    /// (see `exchange`), so this is a second line: entries written by an older Mayun go too (so the cache is opened
    /// for this even if nothing was asked yet).
    public func clearCache() {
        guard let cache = connection.cache else { return }
        soup_cache_clear(cache)
        soup_cache_dump(cache)
    }

    public func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        try await exchange(request, progress: progress) { stream, cancellable, expected, _ in
            try await Self.readAll(stream, cancellable: cancellable, expected: expected, limit: request.maxBodyBytes,
                                   progress: progress)
        }
    }

    /// libsoup's `wrote-body-data` tells each chunk of the request body written to the socket.
    public func send(_ request: HTTPRequest, uploaded: TransferProgress?) async throws -> HTTPResponse {
        try await exchange(request, progress: nil, uploaded: uploaded) { stream, cancellable, expected, _ in
            try await Self.readAll(stream, cancellable: cancellable, expected: expected, limit: request.maxBodyBytes,
                                   progress: nil)
        }
    }

    public func download(_ request: HTTPRequest, to path: String, progress: TransferProgress?) async throws -> HTTPResponse {
        try await exchange(request, progress: progress, onlyOnSuccess: true) { stream, cancellable, expected, type in
            // A web page where a file was asked for is refused before the file is created (`WebPageCheck`): by its
            // type now, or by its first bytes when the type says nothing.
            let verdict = request.refusesWebPage ? WebPageCheck.verdict(contentType: type) : false
            if verdict == true { throw GiteeError.badResponse(.webPage) }
            try await Self.copy(stream, toFile: path, cancellable: cancellable, expected: expected,
                                limit: request.maxBodyBytes, sniffsForPage: verdict == nil, progress: progress)
            return Data()
        }
    }

    /// Sends the request, then hands the body stream to `readBody` (successful answers only, when `onlyOnSuccess`).
    private func exchange(_ request: HTTPRequest, progress: TransferProgress?, onlyOnSuccess: Bool = false,
                          uploaded: TransferProgress? = nil,
                          readBody: @MainActor (OpaquePointer, TaskCancellable, Int64?, String?) async throws -> Data) async throws -> HTTPResponse {
        guard let message = soup_message_new(request.method, request.url) else {
            throw GiteeError.unreachable("invalid address \(request.url)")
        }
        defer { g_object_unref(UnsafeMutableRawPointer(message)) }
        let headers = soup_message_get_request_headers(message)
        for header in request.headers { soup_message_headers_append(headers, header.name, header.value) }
        if let body = request.body {
            let bytes = body.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
            soup_message_set_request_body_from_bytes(message, request.contentType, bytes)
            g_bytes_unref(bytes)
            if let uploaded {
                // The handler goes with the message (unreffed below); it runs on the main loop's thread.
                let total = Int64(body.count)
                var written: Int64 = 0
                connect(UnsafeMutableRawPointer(message), "wrote-body-data", mainWithArguments: { arguments in
                    written = min(total, written &+ Int64(arguments.uint(at: 1)))
                    uploaded(written, total)
                    return nil
                })
            }
        }
        // An answer fetched with the token may be private (a private repository's README): it never goes into the
        // shared disk cache, which has no notion of accounts. The offline store keeps such answers per account.
        let carriesToken = request.header("Authorization") != nil
        if !request.allowsCaching || carriesToken { soup_message_disable_feature(message, soup_cache_get_type()) }
        tokenOrigin.guardRedirects(of: message)
        let limit = request.maxBodyBytes

        let session = connection.session
        return try await withTaskCancellable { cancellable in
            let stream: OpaquePointer
            do {
                stream = try await gioAsync({ callback, data in
                    soup_session_send_async(session, message, G_PRIORITY_DEFAULT, cancellable.pointer, callback, data)
                }, finish: { result in
                    try withGError { soup_session_send_finish(session, result, $0) }.map { OpaquePointer($0) }
                }).unwrapped()
            } catch {
                throw Self.connectionFailure(error)
            }
            defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
            let status = Int(soup_message_get_status(message).rawValue)
            let responseHeaders = Self.headers(of: soup_message_get_response_headers(message))
            let expected = soup_message_headers_get_content_length(soup_message_get_response_headers(message))
            let announced = expected > 0 ? Int64(expected) : nil
            // A Content-Length over the cap is refused before reading; a body that lies is stopped while reading.
            if let limit, let announced, announced > limit, (200..<300).contains(status) {
                throw GiteeError.badResponse(.tooLarge(limit: limit))
            }
            var body = Data()
            if !onlyOnSuccess || (200..<300).contains(status) {
                do { body = try await readBody(stream, cancellable, announced, responseHeaders["content-type"]) }
                catch let failure as LocalFileError { throw failure }
                catch { throw Self.bodyFailure(error) }
            } else {
                body = (try? await Self.readAll(stream, cancellable: cancellable, expected: announced,
                                                limit: Self.errorBodyLimit, progress: nil)) ?? Data()
            }
            await Self.close(stream)
            return HTTPResponse(status: status, headers: responseHeaders, body: body)
        }
    }

    /// An error answer's body is only read for its message.
    private static let errorBodyLimit: Int64 = 1024 * 1024

    /// Reads the body in chunks. Memory grows with what arrived, never with what `Content-Length` promised, and
    /// reading stops at `limit`.
    private static func readAll(_ stream: OpaquePointer, cancellable: TaskCancellable, expected: Int64?,
                                limit: Int64?, progress: TransferProgress?) async throws -> Data {
        var body = Data()
        while true {
            let chunk = try await readChunk(stream, cancellable: cancellable)
            defer { g_bytes_unref(chunk) }
            var size: gsize = 0
            guard let bytes = g_bytes_get_data(chunk, &size), size > 0 else { break }
            if let limit, Int64(body.count) + Int64(size) > limit { throw GiteeError.badResponse(.tooLarge(limit: limit)) }
            body.append(bytes.assumingMemoryBound(to: UInt8.self), count: Int(size))
            progress?(Int64(body.count), expected)
        }
        if let expected, Int64(body.count) < expected { throw GiteeError.badResponse(.truncated) }
        return body
    }

    /// Streams the body into the file at `path` (the caller's temporary file: see `AtomicFile` in MayunCore).
    /// A write that fails is a `LocalFileError` (disk full, permission), not a network failure. With `sniffsForPage`,
    /// the first `WebPageCheck.sniffLength` bytes are held and looked at before the file is created: an HTML page
    /// is refused and leaves nothing on disk.
    private static func copy(_ stream: OpaquePointer, toFile path: String, cancellable: TaskCancellable, expected: Int64?,
                             limit: Int64?, sniffsForPage: Bool, progress: TransferProgress?) async throws {
        func local(_ error: Error) -> Error { LocalFileError(gio: error, path: path) ?? GiteeError.cancelled }
        var held: [OpaquePointer] = []
        defer { held.forEach { g_bytes_unref($0) } }
        var heldSize = 0, ended = false
        if sniffsForPage {
            var prefix = Data()
            while prefix.count < WebPageCheck.sniffLength {
                let chunk = try await readChunk(stream, cancellable: cancellable)
                var size: gsize = 0
                guard let bytes = g_bytes_get_data(chunk, &size), size > 0 else {
                    g_bytes_unref(chunk)
                    ended = true
                    break
                }
                held.append(chunk)
                heldSize += Int(size)
                if let limit, Int64(heldSize) > limit { throw GiteeError.badResponse(.tooLarge(limit: limit)) }
                prefix.append(bytes.assumingMemoryBound(to: UInt8.self), count: min(Int(size), WebPageCheck.sniffLength))
            }
            if WebPageCheck.looksLikeHTML(prefix) { throw GiteeError.badResponse(.webPage) }
        }
        let file = g_file_new_for_path(path)
        defer { g_object_unref(UnsafeMutableRawPointer(file)) }
        let output: UnsafeMutablePointer<GFileOutputStream>?
        do {
            output = try withGError { g_file_replace(file, nil, 0, G_FILE_CREATE_PRIVATE, cancellable.pointer, $0) }
        } catch { throw local(error) }
        guard let output else { throw LocalFileError(kind: .other, path: path, detail: "cannot write") }
        defer { g_object_unref(UnsafeMutableRawPointer(output)) }
        let outputStream = UnsafeMutableRawPointer(output).assumingMemoryBound(to: GOutputStream.self)
        var received: Int64 = 0
        // The held chunks first, then the rest of the stream; one loop, so each chunk is a local of this (main
        // actor) function when gioAsync's closures capture it (a nested function's parameter is not, and the release
        // build refuses to send it).
        var nextHeld = 0
        while true {
            let fromHeld = nextHeld < held.count
            if !fromHeld, ended { break }
            let chunk = fromHeld ? held[nextHeld] : try await readChunk(stream, cancellable: cancellable)
            if fromHeld { nextHeld += 1 }
            defer { if !fromHeld { g_bytes_unref(chunk) } }
            let size = g_bytes_get_size(chunk)
            if size == 0 {
                if fromHeld { continue }
                break
            }
            if !fromHeld, let limit, received + Int64(size) > limit { throw GiteeError.badResponse(.tooLarge(limit: limit)) }
            do {
                _ = try await gioAsync({ callback, data in
                    var length: gsize = 0
                    let pointer = g_bytes_get_data(chunk, &length)
                    g_output_stream_write_all_async(outputStream, pointer, length, G_PRIORITY_DEFAULT, cancellable.pointer, callback, data)
                }, finish: { result in
                    try withGError { g_output_stream_write_all_finish(outputStream, result, nil, $0) }
                })
            } catch { throw local(error) }
            received += Int64(size)
            progress?(received, expected)
        }
        do { _ = try withGError { g_output_stream_close(outputStream, nil, $0) } } catch { throw local(error) }
        if let expected, received < expected { throw GiteeError.badResponse(.truncated) }
    }

    /// Closes the body stream and waits for it: this hands the connection back for reuse and lets the disk cache
    /// finish writing the entry, so the very next request for the same URL can be served from it.
    private static func close(_ stream: OpaquePointer) async {
        let input = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GInputStream.self)
        _ = try? await gioAsync({ callback, data in
            g_input_stream_close_async(input, G_PRIORITY_DEFAULT, nil, callback, data)
        }, finish: { result in
            try withGError { g_input_stream_close_finish(input, result, $0) }
        })
    }

    private static func readChunk(_ stream: OpaquePointer, cancellable: TaskCancellable) async throws -> OpaquePointer {
        let input = UnsafeMutableRawPointer(stream).assumingMemoryBound(to: GInputStream.self)
        return try await gioAsync({ callback, data in
            g_input_stream_read_bytes_async(input, gsize(chunkSize), G_PRIORITY_DEFAULT, cancellable.pointer, callback, data)
        }, finish: { result in
            try withGError { g_input_stream_read_bytes_finish(input, result, $0) }
        }).unwrapped()
    }

    private static func headers(of headers: OpaquePointer?) -> [String: String] {
        final class Collector { var values: [String: String] = [:] }
        let collector = Collector()
        // Unretained: the walk is synchronous and `collector` outlives it.
        let pointer = CallbackData.unretained(collector)
        soup_message_headers_foreach(headers, { name, value, data in
            guard let name, let value, let collector = CallbackData.borrow(data, as: Collector.self) else { return }
            let key = String(cString: name).lowercased()
            let text = String(cString: value)
            collector.values[key] = collector.values[key].map { "\($0), \(text)" } ?? text
        }, pointer)
        return withExtendedLifetime(collector) { collector.values }
    }

    /// A failure before any answer arrived.
    private static func connectionFailure(_ error: Error) -> GiteeError {
        guard let failure = error as? GLibError else { return (error as? GiteeError) ?? .unreachable(String(describing: error)) }
        if failure.isCancellation { return .cancelled }
        if failure.domain == g_io_error_quark() {
            switch failure.code {
            case Int32(G_IO_ERROR_TIMED_OUT.rawValue): return .timeout
            case Int32(G_IO_ERROR_NETWORK_UNREACHABLE.rawValue): return .offline
            default: break
            }
        }
        // Only now ask whether the machine is offline: loopback servers work without any network.
        if let monitor = g_network_monitor_get_default(), g_network_monitor_get_network_available(monitor) == 0 {
            return .offline
        }
        // Refused, or no address for the name: no connection was made, so nothing was sent.
        if failure.domain == g_resolver_error_quark()
            || (failure.domain == g_io_error_quark()
                && [G_IO_ERROR_CONNECTION_REFUSED, G_IO_ERROR_HOST_UNREACHABLE].contains { Int32($0.rawValue) == failure.code }) {
            return .notConnected(failure.message)
        }
        return .unreachable(failure.message)
    }

    /// A failure while the body was arriving: the answer is incomplete.
    private static func bodyFailure(_ error: Error) -> GiteeError {
        if let failure = error as? GiteeError { return failure }
        guard let failure = error as? GLibError else { return .badResponse(.truncated) }
        if failure.isCancellation { return .cancelled }
        if failure.domain == g_io_error_quark(), failure.code == Int32(G_IO_ERROR_TIMED_OUT.rawValue) { return .timeout }
        return .badResponse(.truncated)
    }
}

extension Optional {
    func unwrapped() throws -> Wrapped {
        guard let self else { throw GiteeError.badResponse(.truncated) }
        return self
    }
}
