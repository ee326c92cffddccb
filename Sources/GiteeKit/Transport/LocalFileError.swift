import CSoup
import Foundation
import GLibRuntime

/// Writing a download to the person's disk failed: not a network problem, so not a `GiteeError` ("cut off" would
/// send them to retry a download that will fail the same way). A full disk and a refused permission are named.
public struct LocalFileError: Error, Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case noSpace
        case permissionDenied
        case other
    }

    public let kind: Kind
    public let path: String
    /// The system's own words, for the cases without a name.
    public let detail: String
}

extension LocalFileError {
    /// From a POSIX error number (our own `open`, `fsync`, `rename`).
    public init(errno code: Int32, path: String) {
        let kind: Kind
        switch code {
        case ENOSPC, EDQUOT: kind = .noSpace
        case EACCES, EPERM, EROFS: kind = .permissionDenied
        default: kind = .other
        }
        self.init(kind: kind, path: path, detail: String(cString: strerror(code)))
    }

    /// From a GIO error (the streamed write); nil for cancellation, which is not a failure.
    init?(gio error: Error, path: String) {
        guard let failure = error as? GLibError else {
            self.init(kind: .other, path: path, detail: String(describing: error))
            return
        }
        if failure.isCancellation { return nil }
        var kind = Kind.other
        if failure.domain == g_io_error_quark() {
            switch failure.code {
            case Int32(G_IO_ERROR_NO_SPACE.rawValue): kind = .noSpace
            case Int32(G_IO_ERROR_PERMISSION_DENIED.rawValue), Int32(G_IO_ERROR_READ_ONLY.rawValue): kind = .permissionDenied
            default: break
            }
        }
        self.init(kind: kind, path: path, detail: failure.message)
    }
}
