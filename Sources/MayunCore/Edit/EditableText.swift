import Foundation

/// A file's bytes as the editor shows them, and back: the text without the byte-order mark, with `\n` line ends and
/// without its final newline (GtkSourceView's implicit trailing newline), plus what is needed to write the bytes the
/// way the file had them. `encode(decode(bytes)) == bytes` for every file that can be edited.
public struct EditableText: Equatable, Sendable {
    public enum LineEnding: Equatable, Sendable {
        case lf, crlf
        /// Both kinds: the text is kept as it is (`\r\n` stays in the buffer), so lines not touched keep theirs.
        case mixed
    }

    /// Why a file cannot be edited as text.
    public enum Refusal: Error, Equatable, Sendable {
        case binary
        case notUTF8
        case tooLarge(size: Int)

        public var reason: String {
            switch self {
            case .binary: tr("This is a binary file: it cannot be edited as text.")
            case .notUTF8:
                tr("This file is not UTF-8 (it may be GBK or another legacy encoding): it is shown but cannot be edited here, so its bytes are never changed by accident.")
            case .tooLarge(let size):
                String(format: tr("%@: files over 1 MB are not edited in the app."), ByteSize.format(size))
            }
        }
    }

    /// The largest file edited in place (GtkSourceView stays responsive well below this).
    public static let maxEditableSize = 1024 * 1024

    /// What the editor shows, as the file is.
    public let text: String
    public let hasByteOrderMark: Bool
    public let lineEnding: LineEnding
    public let hasFinalNewline: Bool

    public init(text: String, hasByteOrderMark: Bool = false, lineEnding: LineEnding = .lf, hasFinalNewline: Bool = true) {
        self.text = text
        self.hasByteOrderMark = hasByteOrderMark
        self.lineEnding = lineEnding
        self.hasFinalNewline = hasFinalNewline
        finalCRLF = lineEnding == .crlf && hasFinalNewline
    }

    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    public static func decode(_ data: Data) -> Result<EditableText, Refusal> {
        guard data.count <= maxEditableSize else { return .failure(.tooLarge(size: data.count)) }
        var bytes = [UInt8](data)
        // UTF-16/32 byte-order marks: text, but not UTF-8; NUL bytes anywhere: binary.
        if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF]) { return .failure(.notUTF8) }
        if bytes.contains(0) { return .failure(.binary) }
        let bom = bytes.starts(with: byteOrderMark)
        if bom { bytes.removeFirst(3) }
        guard var text = String(validating: bytes, as: UTF8.self) else { return .failure(.notUTF8) }
        // Count line ends on bytes: Swift treats "\r\n" as one Character.
        var crlf = 0, lf = 0, crBeforeCRLF = false
        for index in bytes.indices where bytes[index] == 0x0A {
            if index > 0, bytes[index - 1] == 0x0D { crlf += 1 } else { lf += 1 }
            if index > 1, bytes[index - 1] == 0x0D, bytes[index - 2] == 0x0D { crBeforeCRLF = true }
        }
        // "\r\r\n" read as CRLF would become "\r\n" in the text, which `encode` writes back as one line end: such a
        // file is kept as it is, like a mixed one (found writing the fuzz target `diff`).
        let ending: LineEnding = crlf == 0 ? .lf : (lf == 0 && !crBeforeCRLF ? .crlf : .mixed)
        let finalNewline = bytes.last == 0x0A
        let finalCRLF = finalNewline && bytes.count >= 2 && bytes[bytes.count - 2] == 0x0D
        if finalNewline { text = String(decoding: bytes.dropLast(finalCRLF ? 2 : 1), as: UTF8.self) }
        if ending == .crlf { text = text.replacingOccurrences(of: "\r\n", with: "\n") }
        return .success(EditableText(text: text, hasByteOrderMark: bom, lineEnding: ending, hasFinalNewline: finalNewline,
                                     finalCRLF: finalCRLF))
    }

    /// The bytes to commit for `edited` (what the editor now holds), written the way this file was.
    public func encode(_ edited: String) -> Data {
        var body = edited
        // The editor may hand "\r\n" back as typed or pasted; a CRLF file gets CRLF everywhere.
        if lineEnding == .crlf {
            body = body.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\n", with: "\r\n")
        }
        if hasFinalNewline {
            body += finalCRLF ? "\r\n" : "\n"
        }
        var data = Data()
        if hasByteOrderMark { data.append(contentsOf: Self.byteOrderMark) }
        data.append(contentsOf: Array(body.utf8))
        return data
    }

    /// The file as it was.
    public var originalBytes: Data { encode(text) }

    /// Whether the final line end was `\r\n` (it is not in `text`).
    private var finalCRLF = false

    private init(text: String, hasByteOrderMark: Bool, lineEnding: LineEnding, hasFinalNewline: Bool, finalCRLF: Bool) {
        self.init(text: text, hasByteOrderMark: hasByteOrderMark, lineEnding: lineEnding, hasFinalNewline: hasFinalNewline)
        self.finalCRLF = finalCRLF
    }
}
