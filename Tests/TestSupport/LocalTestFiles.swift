import Foundation

/// Files on this machine for tests that upload or open them: each made in a folder of its own under one root per
/// test class and process, removed with `removeAll()` (a class's `tearDown`).
public struct LocalTestFiles: Sendable {
    public let root: URL

    public init(_ name: String) {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("mayun-\(name)-\(ProcessInfo.processInfo.processIdentifier)")
    }

    /// Writes `bytes` as `name` in a new folder and returns its path.
    public func make(_ name: String, _ bytes: Data) throws -> String {
        let folder = root.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(name)
        try bytes.write(to: file)
        return file.path
    }

    public func removeAll() { try? FileManager.default.removeItem(at: root) }

    /// PNG-like bytes with NULs and every byte value: a binary that must arrive unchanged.
    public static let binarySample = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
                                          + (0...255).map { UInt8($0) })
}
