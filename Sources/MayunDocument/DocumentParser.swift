import CMark
import Foundation

/// The one entry point for turning text into a `Document`. Pure and thread-safe; the app calls it only through
/// `DocumentParseService` (off the main thread, cancellable, with a time budget).
///
/// Markdown goes through cmark-gfm (tables, strikethrough, autolinks, task lists) and is rendered to HTML with its
/// raw HTML kept, and that HTML is read by the same libxml2-based reader as HTML files. Why: READMEs open a raw
/// `<details>` or `<div align="center">` in one HTML block and close it several markdown blocks later; only an HTML
/// tree builder puts those markdown blocks inside the element, as browsers and the website do.
///
/// Every parse applies `DocumentLimits`: text past `maxInputBytes` is cut with a note, nesting past `maxDepth` is
/// flattened to text, tables, list numbers and link lengths are capped.
public enum DocumentParser {
    public enum Format: Sendable, Equatable {
        case markdown, html
        /// Markdown unless the file name says HTML.
        public static func of(path: String) -> Format { BlobKind.isHTML(path: path) ? .html : .markdown }
    }

    public static func parseMarkdown(_ markdown: String, context: DocumentContext, prefersDark: Bool = false)
        -> Document
    {
        parse(markdown, format: .markdown, context: context, prefersDark: prefersDark, budget: nil) ?? .empty
    }

    public static func parseHTML(_ html: String, context: DocumentContext, prefersDark: Bool = false) -> Document {
        parse(html, format: .html, context: context, prefersDark: prefersDark, budget: nil) ?? .empty
    }

    /// Picks the parser from the file name (markdown unless the name says HTML).
    public static func parse(_ text: String, path: String, context: DocumentContext, prefersDark: Bool = false)
        -> Document
    {
        parse(text, format: .of(path: path), context: context, prefersDark: prefersDark, budget: nil) ?? .empty
    }

    /// The limited parse; nil when `budget` ran out or was cancelled first (the caller shows `plain(_:)` then).
    /// `progress`, when given, receives the top-level blocks in document order as they are read (a first
    /// screenful early, then bigger chunks); all of them together are the returned document's blocks. After a nil
    /// answer, what `progress` received is not the document.
    public static func parse(_ text: String, format: Format, context: DocumentContext, prefersDark: Bool,
                             budget: ParseBudget?, progress: ((DocumentChunk) -> Void)? = nil) -> Document? {
        parse(text, format: format, renderedMarkdown: nil, context: context, prefersDark: prefersDark,
              budget: budget, progress: progress)
    }

    /// The markdown `text` as cmark-gfm would render it, ready for `parse(_:format:renderedMarkdown:...)`; nil when
    /// `budget` ran out or was cancelled first, or the renderer failed. Long text is rendered in a child process
    /// that is killed then (`MarkdownProcess`), so nothing keeps running after the page is gone.
    static func renderMarkdown(_ text: String, budget: ParseBudget) async -> String? {
        await MarkdownProcess.html(from: MarkdownNesting.limit(DocumentLimits.truncate(text).text), budget: budget)
    }

    /// As above; for markdown, `renderedMarkdown` (from `renderMarkdown`) is used instead of running cmark-gfm here.
    static func parse(_ text: String, format: Format, renderedMarkdown: String?, context: DocumentContext,
                      prefersDark: Bool, budget: ParseBudget?, progress: ((DocumentChunk) -> Void)?) -> Document? {
        let (kept, omitted) = DocumentLimits.truncate(text)
        let html: String
        switch format {
        case .markdown:
            // cmark-gfm cannot be interrupted in-process; the size cap bounds it here (the app renders long text
            // in a child process it can kill, `renderMarkdown`).
            html = renderedMarkdown ?? MarkdownRenderer.html(from: MarkdownNesting.limit(kept))
            if budget?.isExhausted == true { return nil }
        case .html:
            html = kept
        }
        var document: Document
        let emit = progress.map { progress in
            { (blocks: [Block], anchors: [String]) in progress(DocumentChunk(blocks: blocks, anchors: anchors)) }
        }
        switch HTMLDocumentReader.read(html: html, context: context, prefersDark: prefersDark, budget: budget,
                                       emit: emit) {
        case .document(let read): document = read
        case .abandoned: return nil
        case .tooDeep:
            let fallback = plain(kept, note: DocumentNotes.tooComplex)
            progress?(DocumentChunk(blocks: fallback.blocks, anchors: []))
            return fallback
        }
        if omitted > 0 {
            let note = DocumentNotes.cut(omittedBytes: omitted)
            document.blocks.append(note)
            progress?(DocumentChunk(blocks: [note], anchors: []))
        }
        return document
    }

    /// `text` unformatted, after `note`: paragraphs of at most a few KB (so the pane writes it in short slices), cut
    /// at `maxInputBytes` like a formatted document.
    public static func plain(_ text: String, note: String) -> Document {
        let (kept, omitted) = DocumentLimits.truncate(text)
        var blocks: [Block] = [.paragraph([.emphasis([.text(note)])])]
        var remaining = Substring(kept)
        while !remaining.isEmpty {
            // About 4 KB per block, ended at a newline when there is one. Text without a space or a newline in its
            // first 512 bytes (`![[]()![[]()...`) goes in 512-byte blocks: Pango wrapping one 4 KB unbreakable run held the main
            // loop 120-250 ms (debug build).
            let head = remaining.utf8.prefix(512)
            let window = head.contains { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\n") }
                ? remaining.utf8.prefix(4_096) : head
            var end = window.endIndex
            while end < remaining.endIndex, String.Index(end, within: remaining) == nil {
                end = remaining.utf8.index(after: end)
            }
            if end < remaining.endIndex, let newline = remaining[..<end].lastIndex(of: "\n") {
                end = remaining.index(after: newline)
            }
            var text = String(remaining[..<end])
            remaining = remaining[end...]
            if text.hasSuffix("\n") { text.removeLast() }
            blocks.append(.paragraph([.text(text)]))
        }
        if omitted > 0 { blocks.append(DocumentNotes.cut(omittedBytes: omitted)) }
        return Document(blocks: blocks)
    }
}

/// Top-level blocks of a document being read, in order: a document parsed with `progress` arrives as chunks whose
/// blocks, put together, are the document's.
public struct DocumentChunk: Equatable, Sendable {
    public var blocks: [Block]
    /// The heading slugs of these blocks, in order.
    public var anchors: [String]
}

/// The notes a limited document carries, in the reader's language.
public enum DocumentNotes {
    public static var tooComplex: String {
        tr("This document was too complex to format; showing it as plain text.")
    }

    static func cut(omittedBytes: Int) -> Block {
        let size = ByteCountFormatter.string(fromByteCount: Int64(omittedBytes), countStyle: .file)
        return .paragraph([.emphasis([.text(
            tr("This document is too long to show in full; the last %@ are not shown.")
                .replacingOccurrences(of: "%@", with: size))])])
    }
}

/// cmark-gfm with GitHub's extensions, rendering HTML.
enum MarkdownRenderer {
    private static let registered: Void = { cmark_gfm_core_extensions_ensure_registered() }()
    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]
    // UNSAFE keeps raw HTML (the reader drops what is dangerous); the tag filter extension is not needed then.
    static let options = CMARK_OPT_UNSAFE | CMARK_OPT_VALIDATE_UTF8

    static func registerExtensions() { _ = registered }

    /// The extension names as C strings, for the child process (`MarkdownProcess`).
    static func withExtensionNames<Result>(_ body: (UnsafePointer<UnsafePointer<CChar>?>, Int32) -> Result)
        -> Result
    {
        let copies = extensionNames.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) }
        return body(pointers, Int32(pointers.count))
    }

    static func html(from markdown: String) -> String {
        _ = registered
        guard let parser = cmark_parser_new(options) else { return "" }
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        markdown.utf8CString.withUnsafeBufferPointer { buffer in
            cmark_parser_feed(parser, buffer.baseAddress, buffer.count - 1)
        }
        guard let root = cmark_parser_finish(parser) else { return "" }
        defer { cmark_node_free(root) }
        guard let rendered = cmark_render_html(root, options, cmark_parser_get_syntax_extensions(parser)) else {
            return ""
        }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}
