import CSoup

/// A `GCancellable` tied to the current Swift task: cancelling the task cancels the GIO operation.
public final class TaskCancellable: @unchecked Sendable {
    public let pointer: UnsafeMutablePointer<GCancellable>

    public init() { pointer = g_cancellable_new() }
    deinit { g_object_unref(pointer) }

    public var isCancelled: Bool { g_cancellable_is_cancelled(pointer) != 0 }
    public func cancel() { g_cancellable_cancel(pointer) }
}

/// Runs `body` with a fresh `GCancellable` that is cancelled if the surrounding task is cancelled meanwhile.
/// `g_cancellable_cancel` is thread-safe, so the cancellation handler may run on any thread.
public func withTaskCancellable<T>(
    isolation: isolated (any Actor)? = #isolation,
    _ body: (TaskCancellable) async throws -> T
) async rethrows -> T {
    let cancellable = TaskCancellable()
    return try await withTaskCancellationHandler {
        try await body(cancellable)
    } onCancel: {
        cancellable.cancel()
    }
}

/// Whether a GError means "the operation was cancelled" (not an error to show anyone).
public func isCancellation(_ error: UnsafePointer<GError>) -> Bool {
    error.pointee.domain == g_io_error_quark() && error.pointee.code == Int32(G_IO_ERROR_CANCELLED.rawValue)
}
