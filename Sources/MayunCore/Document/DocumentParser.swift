import CMark
import Foundation

/// The one entry point for turning text into a `Document`. Pure and thread-safe: call it off the main thread for
/// big files (about 0.1 s for a 1 MB README, see docs/DOCUMENTS.md).
///
/// Markdown goes through cmark-gfm (tables, strikethrough, autolinks, task lists) and is rendered to HTML with its
/// raw HTML kept, and that HTML is read by the same libxml2-based reader as HTML files. Why: READMEs open a raw
/// `<details>` or `<div align="center">` in one HTML block and close it several markdown blocks later; only an HTML
/// tree builder puts those markdown blocks inside the element, as browsers and the website do.
public enum DocumentParser {
    public static func parseMarkdown(_ markdown: String, context: DocumentContext, prefersDark: Bool = false)
        -> Document
    {
        HTMLDocumentReader.read(html: MarkdownRenderer.html(from: markdown), context: context,
                                prefersDark: prefersDark)
    }

    public static func parseHTML(_ html: String, context: DocumentContext, prefersDark: Bool = false) -> Document {
        HTMLDocumentReader.read(html: html, context: context, prefersDark: prefersDark)
    }

    /// Picks the parser from the file name (markdown unless the name says HTML).
    public static func parse(_ text: String, path: String, context: DocumentContext, prefersDark: Bool = false)
        -> Document
    {
        BlobKind.isHTML(path: path)
            ? parseHTML(text, context: context, prefersDark: prefersDark)
            : parseMarkdown(text, context: context, prefersDark: prefersDark)
    }
}

/// cmark-gfm with GitHub's extensions, rendering HTML.
enum MarkdownRenderer {
    private static let registered: Void = { cmark_gfm_core_extensions_ensure_registered() }()
    private static let extensionNames = ["table", "strikethrough", "autolink", "tasklist"]

    static func html(from markdown: String) -> String {
        _ = registered
        // UNSAFE keeps raw HTML (the reader drops what is dangerous); the tag filter extension is not needed then.
        let options = CMARK_OPT_UNSAFE | CMARK_OPT_VALIDATE_UTF8
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
