import CSoup
import Foundation

/// Turns HTML (a whole file, or the HTML cmark-gfm renders from markdown with its raw HTML kept) into a `Document`.
///
/// libxml2's HTML parser builds the tree the way a browser would (it closes `<p>` before a `<div>`, keeps unknown
/// elements such as `<details>`), and this reader walks it: block elements become blocks, inline elements runs, and
/// everything it does not know degrades to its content. Recursion is bounded by `DocumentLimits.maxDepth`; deeper
/// subtrees are read as plain text without recursion.
struct HTMLDocumentReader {
    let context: DocumentContext
    let prefersDark: Bool
    /// Polled at every element: once it runs out the walk stops and `read` returns nil.
    let budget: ParseBudget?
    private(set) var isAbandoned = false
    private(set) var slugger = HeadingSlugger()
    private(set) var anchors: [String] = []

    enum Outcome {
        case document(Document)
        /// The budget ran out or the parse was cancelled before the walk finished.
        case abandoned
        /// libxml2 stopped at its nesting limit (2,048 levels with `XML_PARSE_HUGE`) and dropped everything after:
        /// the caller shows the text plain rather than a document with its end silently missing.
        case tooDeep
    }

    /// `emit`, when given, receives the document's top-level blocks in order while the walk goes on (a first
    /// small chunk, then bigger ones); the outcome's document still holds every block. Only a plain
    /// `<html><body>` (what cmark-gfm's HTML becomes) is walked in chunks, anything else is emitted in one go.
    static func read(html: String, context: DocumentContext, prefersDark: Bool, budget: ParseBudget? = nil,
                     emit: ((_ blocks: [Block], _ anchors: [String]) -> Void)? = nil) -> Outcome
    {
        LibXML.ensureInitialized()
        let options = Int32(HTML_PARSE_NOERROR.rawValue | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue
            | HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NODEFDTD.rawValue | XML_PARSE_HUGE.rawValue)
        guard let parser = htmlNewParserCtxt() else { return .document(.empty) }
        defer { htmlFreeParserCtxt(parser) }
        let parsed = html.withCString { bytes in
            htmlCtxtReadMemory(parser, bytes, Int32(clamping: strlen(bytes)), nil, "UTF-8", options)
        }
        guard let parsed else { return .document(.empty) }
        defer { xmlFreeDoc(parsed) }
        if LibXML.stoppedAtDepthLimit(parser) { return .tooDeep }
        guard let root = xmlDocGetRootElement(parsed) else { return .document(.empty) }
        if budget?.isExhausted == true { return .abandoned }
        var reader = HTMLDocumentReader(context: context, prefersDark: prefersDark, budget: budget)
        let rootNode = HTMLNode(pointer: root)
        guard let emit, let body = reader.plainBody(of: rootNode) else {
            var collector = BlockCollector()
            reader.visit(rootNode, into: &collector, depth: 0)
            if reader.isAbandoned { return .abandoned }
            let document = Document(blocks: collector.finish(), anchors: reader.anchors)
            emit?(document.blocks, document.anchors)
            return .document(document)
        }
        var blocks: [Block] = []
        reader.walkInChunks(body) { chunk, anchors in
            // Bounded per chunk: `DocumentNesting.bounded` treats each top-level block on its own.
            let bounded = DocumentNesting.bounded(chunk)
            blocks += bounded
            emit(bounded, anchors)
        }
        if reader.isAbandoned { return .abandoned }
        return .document(Document(boundedBlocks: blocks, anchors: reader.anchors))
    }

    /// Top-level blocks handed out at once when walking in chunks: the first chunk is about a screenful, so the
    /// pane can paint it while the rest is read.
    static let firstChunkBlocks = 16
    static let chunkBlocks = 256

    /// The `<body>` of `<html><body>` when nothing else in the tree adds blocks or alignment, so that walking the
    /// body's children gives exactly the blocks the whole walk gives.
    private func plainBody(of root: HTMLNode) -> HTMLNode? {
        guard root.name == "html", alignment(of: root) == nil else { return nil }
        var body: HTMLNode?
        for child in root.children {
            if child.isElement, child.name == "body", body == nil, alignment(of: child) == nil {
                body = child
            } else if child.isElement, HTMLVocabulary.dropped.contains(child.name) {
                continue
            } else if child.isElement || (child.isText && !InlineWhitespace.collapse(child.text).allSatisfy { $0 == " " }) {
                return nil
            }
        }
        return body
    }

    /// Visits the body's children as the whole walk does (depth 2: html, body, child), giving the finished blocks
    /// to `emit` in chunks; loose inline content still waiting to become a paragraph stays for the next chunk.
    private mutating func walkInChunks(_ body: HTMLNode, emit: (_ blocks: [Block], _ anchors: [String]) -> Void) {
        var collector = BlockCollector()
        var wanted = Self.firstChunkBlocks
        var emittedAnchors = 0
        var child = body.firstChild
        while let current = child, !isAbandoned {
            visit(current, into: &collector, depth: 2)
            child = current.next
            if collector.readyCount >= wanted {
                emit(collector.takeReady(), Array(anchors[emittedAnchors...]))
                emittedAnchors = anchors.count
                wanted = Self.chunkBlocks
            }
        }
        if isAbandoned { return }
        let rest = collector.finish()
        if !rest.isEmpty || emittedAnchors < anchors.count { emit(rest, Array(anchors[emittedAnchors...])) }
    }

    // MARK: - Block context

    mutating func blocks(inChildrenOf node: HTMLNode, depth: Int) -> [Block] {
        var collector = BlockCollector()
        visitChildren(of: node, into: &collector, depth: depth)
        return collector.finish()
    }

    mutating func visitChildren(of node: HTMLNode, into collector: inout BlockCollector, depth: Int) {
        var child = node.firstChild
        while let current = child {
            visit(current, into: &collector, depth: depth + 1)
            child = current.next
        }
    }

    mutating func visit(_ node: HTMLNode, into collector: inout BlockCollector, depth: Int) {
        if isAbandoned || pollBudget() { return }
        if node.isText {
            collector.add(.text(node.text))
            return
        }
        guard node.isElement else { return }
        let name = node.name
        if HTMLVocabulary.dropped.contains(name) { return }
        if depth > DocumentLimits.maxDepth {
            // Short text stays in the paragraph around it; a long one becomes paragraphs of its own.
            let text = node.textContent
            if text.utf8.count <= 4_096 { collector.add(.text(text)) } else { collector.add(Self.paragraphs(of: text)) }
            return
        }
        if let level = HTMLVocabulary.headings[name] {
            let content = InlineWhitespace.normalize(inlines(inChildrenOf: node, depth: depth))
            let anchor = slugger.uniqueSlug(for: content.plainText)
            anchors.append(anchor)
            collector.add(aligned(node, [.heading(Heading(level: level, anchor: anchor, content: content))]))
            return
        }
        switch name {
        case "p":
            var paragraph = BlockCollector()
            visitChildren(of: node, into: &paragraph, depth: depth)
            collector.add(aligned(node, paragraph.finish()))
        case "div", "center", "section", "article", "main", "header", "footer", "nav", "aside", "figure", "body",
             "html", "dl", "dd", "address", "hgroup", "figcaption":
            let inner = blocks(inChildrenOf: node, depth: depth)
            if let alignment = alignment(of: node) {
                collector.add(.aligned(alignment, inner))
            } else {
                collector.add(inner)
            }
        case "dt":
            collector.add(.paragraph(InlineWhitespace.normalize([.strong(inlines(inChildrenOf: node, depth: depth))])))
        case "ul", "ol":
            collector.add(.list(list(node, depth: depth)))
        case "li":
            // A stray item outside any list still reads as one.
            collector.add(.list(ListBlock(ordered: false, start: 1, items: [listItem(node, depth: depth)])))
        case "blockquote":
            collector.add(.quote(blocks(inChildrenOf: node, depth: depth)))
        case "pre":
            collector.add(.code(codeBlock(node)))
        case "table":
            collector.add(.table(table(node, depth: depth)))
        case "hr":
            collector.add(.rule)
        case "details":
            collector.add(.details(details(node, depth: depth)))
        default:
            if let runs = inlineElement(node, depth: depth) {
                for run in runs { collector.add(run) }
            } else {
                // Unknown elements are transparent: their content stays, their meaning goes.
                visitChildren(of: node, into: &collector, depth: depth)
            }
        }
    }

    /// True (and the walk abandoned) once the budget is spent or the parse cancelled.
    mutating func pollBudget() -> Bool {
        guard let budget, budget.isExhausted else { return false }
        isAbandoned = true
        return true
    }

    /// A subtree past the depth limit: its text as one paragraph, read without recursion.
    func flattened(_ node: HTMLNode) -> [Block] {
        Self.paragraphs(of: node.textContent)
    }

    /// Flattened text as paragraphs of at most about 4 KB: one paragraph of hundreds of KB is slow for GTK to lay
    /// out, and the pane writes a nested block in one go.
    static func paragraphs(of text: String) -> [Block] {
        let collapsed = InlineWhitespace.collapse(text)
        var blocks: [Block] = []
        var rest = Substring(collapsed)
        while !rest.isEmpty {
            var end = rest.utf8.index(rest.startIndex, offsetBy: 4_096, limitedBy: rest.endIndex) ?? rest.endIndex
            while end < rest.endIndex, String.Index(end, within: rest) == nil { end = rest.utf8.index(after: end) }
            if end < rest.endIndex, let space = rest[..<end].lastIndex(of: " ") { end = rest.index(after: space) }
            let piece = InlineWhitespace.normalize([.text(String(rest[..<end]))])
            if !piece.isEmpty { blocks.append(.paragraph(piece)) }
            rest = rest[end...]
        }
        return blocks
    }

    /// `align="center"` or `style="text-align: center"`.
    func alignment(of node: HTMLNode) -> BlockAlignment? {
        if node.name == "center" { return .center }
        var value = node.attribute("align")?.lowercased()
        if value == nil, let style = node.attribute("style")?.lowercased().replacingOccurrences(of: " ", with: ""),
           let range = style.range(of: "text-align:") {
            value = String(style[range.upperBound...].prefix { $0.isLetter })
        }
        switch value?.trimmingCharacters(in: .whitespaces) {
        case "center", "middle": return .center
        case "right": return .right
        default: return nil
        }
    }

    private func aligned(_ node: HTMLNode, _ blocks: [Block]) -> [Block] {
        guard let alignment = alignment(of: node), !blocks.isEmpty else { return blocks }
        return [.aligned(alignment, blocks)]
    }
}

/// Gathers blocks, turning runs of loose inline content into paragraphs.
struct BlockCollector {
    private var blocks: [Block] = []
    private var pending: [Inline] = []

    mutating func add(_ inline: Inline) { pending.append(inline) }

    mutating func add(_ block: Block) {
        flush()
        blocks.append(block)
    }

    mutating func add(_ newBlocks: [Block]) {
        flush()
        blocks += newBlocks
    }

    mutating func finish() -> [Block] {
        flush()
        return blocks
    }

    /// Blocks already complete (loose inline content after them may still grow into a paragraph).
    var readyCount: Int { blocks.count }

    /// Hands out the complete blocks, keeping the loose inline content.
    mutating func takeReady() -> [Block] {
        defer { blocks = [] }
        return blocks
    }

    private mutating func flush() {
        guard !pending.isEmpty else { return }
        let content = InlineWhitespace.normalize(pending)
        pending = []
        guard !content.isEmpty else { return }
        if content.count == 1, case .image(let image) = content[0] {
            blocks.append(.image(image))
        } else {
            blocks.append(.paragraph(content))
        }
    }
}

enum LibXML {
    /// libxml2 wants its globals set up once before parsers run on several threads.
    private static let initialized: Void = { xmlInitParser() }()
    static func ensureInitialized() { _ = initialized }

    /// Whether the parse was halted by libxml2's "Excessive depth in document" (recorded even with NOERROR).
    static func stoppedAtDepthLimit(_ parser: htmlParserCtxtPtr) -> Bool {
        guard let message = parser.pointee.lastError.message else { return false }
        return String(cString: message).contains("Excessive depth")
    }
}
