import Foundation
import GiteeKit

/// "Save as…" never writes in place: the bytes go to a hidden temporary file in the destination's folder (so the
/// final rename stays on one file system), which is flushed to disk (`fsync`) and renamed over the destination only
/// when the whole transfer succeeded. On failure or cancellation the temporary file is removed and an existing
/// file at the destination is untouched.
enum AtomicFile {
    /// Mode of a saved file: the person's own file, readable as any downloaded file is.
    static let savedFileMode: mode_t = 0o644

    /// Runs `write` with the path of a new temporary file next to `destination`, then puts it in place.
    /// `replacing`: "Save as…", where the file chooser already asked; a download into the Downloads folder never
    /// replaces a file (one that appeared meanwhile makes it fail with EEXIST, and nothing is lost).
    @MainActor
    static func write(to destination: String, replacing: Bool = true, _ write: (String) async throws -> Void) async throws {
        let temporary = try reserveTemporaryPath(next: destination)
        do {
            try await write(temporary)
            try Task.checkCancellation()
            try commit(temporary, to: destination, replacing: replacing)
        } catch {
            unlink(temporary)
            throw error
        }
    }

    /// A unique name in the destination's folder (`.<name>.part-XXXXXX`). The file mkstemp made is removed again so
    /// the transport creates it itself (GIO writing over an existing file would add its own temporary file).
    private static func reserveTemporaryPath(next destination: String) throws -> String {
        let url = URL(fileURLWithPath: destination)
        let folder = url.deletingLastPathComponent().path
        var template = Array("\(folder)/.\(url.lastPathComponent).part-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw LocalFileError(errno: errno, path: destination) }
        close(descriptor)
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        unlink(path)
        return path
    }

    /// fsync the data, give it its final mode, rename it over the destination, and fsync the folder so the rename
    /// itself survives a crash.
    private static func commit(_ temporary: String, to destination: String, replacing: Bool) throws {
        let descriptor = open(temporary, O_RDWR)
        guard descriptor >= 0 else { throw LocalFileError(errno: errno, path: destination) }
        if fchmod(descriptor, savedFileMode) != 0 || fsync(descriptor) != 0 {
            let code = errno
            close(descriptor)
            throw LocalFileError(errno: code, path: destination)
        }
        close(descriptor)
        if replacing {
            guard rename(temporary, destination) == 0 else { throw LocalFileError(errno: errno, path: destination) }
        } else {
            // link(2) fails with EEXIST instead of replacing: the no-replace rename every Linux file system has.
            guard link(temporary, destination) == 0 else { throw LocalFileError(errno: errno, path: destination) }
            unlink(temporary)
        }
        let folder = open(URL(fileURLWithPath: destination).deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }
}
