import Foundation

/// What Mayun keeps under the XDG folders (the offline store, drafts, cached images and HTTP answers, settings) is
/// the person's: folders are made 0700 and files 0600, whatever the umask, so another account on the machine can
/// read none of it.
public enum PrivateFiles {
    public static let folderMode: mode_t = 0o700
    public static let fileMode: mode_t = 0o600

    /// Creates `directory` (and missing parents) as 0700; an existing one is tightened to 0700.
    public static func makeFolder(_ directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: Int(folderMode)])
        chmod(directory.path, folderMode)
    }

    /// Creates an empty 0600 file when there is none (SQLite and GLib keep the mode of a file they reopen or
    /// replace), or tightens an existing one.
    public static func prepareFile(_ file: URL) {
        if !FileManager.default.fileExists(atPath: file.path) {
            _ = FileManager.default.createFile(atPath: file.path, contents: nil,
                                               attributes: [.posixPermissions: Int(fileMode)])  // failure: chmod below fails too
        }
        chmod(file.path, fileMode)
    }

    /// Writes `data` to `file` as 0600 through a temporary file renamed over it (never half a file). Throws the
    /// system's error (errno) when it cannot.
    public static func write(_ data: Data, to file: URL) throws {
        let folder = file.deletingLastPathComponent()
        try makeFolder(folder)
        var template = Array(folder.appendingPathComponent(".\(file.lastPathComponent).XXXXXX").path.utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        var failure: Int32 = 0
        let written = data.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let count = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 { if errno == EINTR { continue }; failure = errno; return false }
                offset += count
            }
            return true
        }
        if written, fchmod(descriptor, fileMode) != 0 || fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if written, failure == 0, rename(temporary, file.path) == 0 { return }
        if failure == 0 { failure = errno }
        unlink(temporary)
        throw POSIXError(POSIXErrorCode(rawValue: failure) ?? .EIO)
    }

    /// The POSIX error number behind a file error from Foundation (POSIXError, NSPOSIXErrorDomain, or a Cocoa file
    /// error with its underlying cause), so messages can name a full disk or a refused permission.
    public static func errorNumber(of error: Error) -> Int32? {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let nsError = error as NSError
        if nsError.domain == NSPOSIXErrorDomain { return Int32(nsError.code) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? Error, let code = errorNumber(of: underlying) {
            return code
        }
        guard nsError.domain == NSCocoaErrorDomain else { return nil }
        switch nsError.code {
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return EACCES
        case NSFileWriteOutOfSpaceError: return ENOSPC
        case NSFileWriteVolumeReadOnlyError: return EROFS
        default: return nil
        }
    }
}
