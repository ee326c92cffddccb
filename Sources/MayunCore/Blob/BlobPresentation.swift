import Foundation
import MayunDocument

/// How the blob page shows a file, decided from its name, size, content type and first bytes (pure, so the size
/// policy is tested without a display). The page never loads more than the decision allows.
public enum BlobPresentation: Equatable, Sendable {
    /// Text under `highlightLimit`: GtkSourceView with highlighting.
    case highlighted
    /// Text from `highlightLimit` to `textLimit`: shown, but plain (highlighting megabytes freezes the UI).
    case plain
    /// Markdown or HTML: the document pane, with a "source" toggle.
    case document(DocumentFormat)
    /// PNG, JPEG, GIF, SVG, BMP, ICO, WebP: the image view.
    case image
    /// Text over `textLimit`: not loaded; the size with "Save as..." and "Open on the website".
    case tooLarge(size: Int)
    /// NUL bytes or a non-text type: the size and type with "Save as...", never garbled text.
    case binary(size: Int, type: String)

    public enum DocumentFormat: Equatable, Sendable { case markdown, html }

    public static let highlightLimit = 1_000_000
    public static let textLimit = 10_000_000
    /// Larger markdown shows as plain text: rendering it would take seconds.
    public static let documentLimit = 2_000_000
    /// How much of the file `head` should hold for the binary check.
    public static let sniffLength = 8_192

    /// The most bytes worth downloading to show a file of unknown size: past this, every decision is "too large".
    public static func downloadLimit(path: String) -> Int {
        BlobKind.isImage(path: path) ? ImageLimits.maxBytes : textLimit
    }

    /// - Parameters:
    ///   - size: the file's size in bytes (from the tree or contents listing, before downloading).
    ///   - contentType: the server's type when known ("text/plain; charset=utf-8").
    ///   - head: the first bytes when already fetched; nil decides from name and size alone.
    public static func decide(path: String, size: Int, contentType: String? = nil, head: Data? = nil)
        -> BlobPresentation
    {
        let sniffed = head.flatMap(FileSniffer.imageType(of:))
        if BlobKind.isImage(path: path) || sniffed != nil {
            return size <= ImageLimits.maxBytes ? .image : .binary(size: size, type: sniffed ?? mimeType(path: path))
        }
        if let head, FileSniffer.looksBinary(head) {
            return .binary(size: size, type: FileSniffer.binaryType(of: head) ?? contentTypeName(contentType))
        }
        if let contentType, !FileSniffer.isTextual(contentType: contentType) {
            return .binary(size: size, type: contentTypeName(contentType))
        }
        if size > textLimit { return .tooLarge(size: size) }
        if size <= documentLimit {
            if BlobKind.isMarkdown(path: path) { return .document(.markdown) }
            if BlobKind.isHTML(path: path) { return .document(.html) }
        }
        return size < highlightLimit ? .highlighted : .plain
    }

    private static func contentTypeName(_ contentType: String?) -> String {
        let base = contentType?.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
        return base.flatMap { $0.isEmpty ? nil : $0 } ?? "application/octet-stream"
    }

    private static func mimeType(path: String) -> String {
        switch RepositoryPath.fileExtension(of: path) {
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "svg": "image/svg+xml"
        case "webp": "image/webp"
        default: "application/octet-stream"
        }
    }
}

/// "512 bytes", "1.5 KB", "20.0 MB": sizes as the blob page and image view show them.
public enum ByteSize {
    public static func format(_ bytes: Int) -> String {
        if bytes < 1024 { return tr("%d bytes").replacingOccurrences(of: "%d", with: String(bytes)) }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1024
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return String(format: "%.1f %@", value, units[unit])
    }
}
