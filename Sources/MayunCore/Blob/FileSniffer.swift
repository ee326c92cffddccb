import Foundation

/// Looking at a file's first bytes.
public enum FileSniffer {
    /// NUL bytes in the first 8 KB: what git and every editor use to call a file binary. UTF-16 text is rare in
    /// repositories and would show as garbage anyway.
    public static func looksBinary(_ head: Data) -> Bool {
        head.prefix(BlobPresentation.sniffLength).contains(0)
    }

    /// The image type by magic number, or nil.
    public static func imageType(of head: Data) -> String? {
        let bytes = [UInt8](head.prefix(16))
        func starts(_ magic: [UInt8]) -> Bool { bytes.count >= magic.count && Array(bytes.prefix(magic.count)) == magic }
        if starts([0x89, 0x50, 0x4E, 0x47]) { return "image/png" }
        if starts([0xFF, 0xD8, 0xFF]) { return "image/jpeg" }
        if starts(Array("GIF8".utf8)) { return "image/gif" }
        if starts(Array("BM".utf8)), bytes.count >= 14 { return "image/bmp" }
        if starts([0x00, 0x00, 0x01, 0x00]) { return "image/vnd.microsoft.icon" }
        if starts(Array("RIFF".utf8)), bytes.count >= 12, Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "image/webp"
        }
        return nil
    }

    /// A name for well-known binary formats ("application/zip").
    public static func binaryType(of head: Data) -> String? {
        let bytes = [UInt8](head.prefix(8))
        func starts(_ magic: [UInt8]) -> Bool { bytes.count >= magic.count && Array(bytes.prefix(magic.count)) == magic }
        if starts([0x50, 0x4B, 0x03, 0x04]) { return "application/zip" }
        if starts(Array("%PDF".utf8)) { return "application/pdf" }
        if starts([0x7F, 0x45, 0x4C, 0x46]) { return "application/x-executable" }
        if starts([0x1F, 0x8B]) { return "application/gzip" }
        if starts(Array("7z".utf8) + [0xBC, 0xAF]) { return "application/x-7z-compressed" }
        if starts([0xCA, 0xFE, 0xBA, 0xBE]) { return "application/java-vm" }
        return nil
    }

    /// Content types that are text even though they do not start with `text/`.
    public static func isTextual(contentType: String) -> Bool {
        let type = contentType.lowercased().split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
            ?? ""
        if type.isEmpty || type.hasPrefix("text/") { return true }
        if type.hasSuffix("+xml") || type.hasSuffix("+json") { return true }
        return ["application/json", "application/xml", "application/javascript", "application/x-sh",
                "application/x-yaml", "application/toml", "application/x-httpd-php", "application/sql",
                // Servers send octet-stream for anything they do not recognise; the bytes decide then.
                "application/octet-stream"].contains(type)
    }
}
