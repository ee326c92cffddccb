import CSoup

/// Bridges a GIO `*_async` / `*_finish` pair into `async`/`await`.
///
/// `start` receives the `GAsyncReadyCallback` and its `user_data`; the callback runs on the thread-default main
/// context (the main loop) and hands the `GAsyncResult` to `finish`, whose value resumes the awaiting task.
public func gioAsync<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ start: (GAsyncReadyCallback, UnsafeMutableRawPointer) -> Void,
    finish: @escaping (OpaquePointer) throws -> T
) async throws -> T {
    // GIO results are often raw pointers (not Sendable); they are produced and consumed on the main loop's thread.
    let boxed = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Unchecked<T>, Error>) in
        let completion = AsyncCompletion { result in
            continuation.resume(with: Result { Unchecked(value: try finish(result)) })
        }
        let data = Unmanaged.passRetained(completion).toOpaque()
        start({ _, result, data in
            guard let data, let result else { return }
            let completion = Unmanaged<AsyncCompletion>.fromOpaque(data).takeRetainedValue()
            completion.body(result)
        }, data)
    }
    return boxed.value
}

/// Carries a value across an isolation boundary that GLib's threading rules already make safe.
public struct Unchecked<T>: @unchecked Sendable {
    public let value: T
    public init(value: T) { self.value = value }
}

private final class AsyncCompletion {
    let body: (OpaquePointer) -> Void
    init(_ body: @escaping (OpaquePointer) -> Void) { self.body = body }
}

/// A GLib error turned into a Swift error, keeping domain, code and message.
public struct GLibError: Error, CustomStringConvertible, Sendable {
    public let domain: UInt32
    public let code: Int32
    public let message: String
    public var isCancellation: Bool {
        domain == g_io_error_quark() && code == Int32(G_IO_ERROR_CANCELLED.rawValue)
    }
    public var description: String { message }

    /// Consumes (frees) the GError.
    public init(consuming error: UnsafeMutablePointer<GError>) {
        domain = error.pointee.domain
        code = error.pointee.code
        message = error.pointee.message.map { String(cString: $0) } ?? "unknown GLib error"
        g_error_free(error)
    }
}

/// Calls a C function that reports failure through a `GError **`, throwing `GLibError`.
public func withGError<T>(_ body: (UnsafeMutablePointer<UnsafeMutablePointer<GError>?>) -> T) throws -> T {
    var error: UnsafeMutablePointer<GError>?
    let value = body(&error)
    if let error { throw GLibError(consuming: error) }
    return value
}
