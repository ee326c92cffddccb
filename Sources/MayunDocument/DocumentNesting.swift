/// Nesting depth of a document's blocks and inline runs, measured and bounded without recursion past the limit.
public enum DocumentNesting {
    /// What a `Document` may hold: the reader's own limit plus the levels its inline runs add under a block.
    public static let limit = DocumentLimits.maxDepth + 8

    private enum Level {
        case blocks([Block])
        case inlines([Inline])
    }

    /// Deepest level of blocks and inlines (a paragraph of plain text is 2), with an explicit stack.
    public static func depth(of blocks: [Block]) -> Int {
        var deepest = 0
        var stack: [(Level, Int)] = [(.blocks(blocks), 1)]
        while let (level, depth) = stack.popLast() {
            switch level {
            case .blocks(let blocks):
                guard !blocks.isEmpty else { continue }
                deepest = max(deepest, depth)
                for block in blocks { stack += children(of: block).map { ($0, depth + 1) } }
            case .inlines(let inlines):
                guard !inlines.isEmpty else { continue }
                deepest = max(deepest, depth)
                for inline in inlines { if let inner = children(of: inline) { stack.append((.inlines(inner), depth + 1)) } }
            }
        }
        return deepest
    }

    /// `blocks` unchanged when within `limit`, else with every level at the limit replaced by its text.
    static func bounded(_ blocks: [Block], limit: Int = limit) -> [Block] {
        guard depth(of: blocks) > limit else { return blocks }
        return blocks.map { bound($0, remaining: limit - 1) }
    }

    /// Recursion here is at most `limit` levels: below that, subtrees become text with `plainText`.
    private static func bound(_ block: Block, remaining: Int) -> Block {
        if remaining <= 1 { return .paragraph([.text(plainText(.blocks([block])))]) }
        let inner = remaining - 1
        switch block {
        case .heading(var heading):
            heading.content = bound(heading.content, remaining: inner)
            return .heading(heading)
        case .paragraph(let inlines): return .paragraph(bound(inlines, remaining: inner))
        case .list(var list):
            list.items = list.items.map { ListItem(task: $0.task, blocks: $0.blocks.map { bound($0, remaining: inner) }) }
            return .list(list)
        case .quote(let blocks): return .quote(blocks.map { bound($0, remaining: inner) })
        case .aligned(let alignment, let blocks): return .aligned(alignment, blocks.map { bound($0, remaining: inner) })
        case .details(var details):
            details.summary = bound(details.summary, remaining: inner)
            details.blocks = details.blocks.map { bound($0, remaining: inner) }
            return .details(details)
        case .table(var table):
            table.header = table.header.map { bound($0, remaining: inner) }
            table.rows = table.rows.map { $0.map { bound($0, remaining: inner) } }
            return .table(table)
        case .code, .rule, .image: return block
        }
    }

    private static func bound(_ inlines: [Inline], remaining: Int) -> [Inline] {
        if remaining <= 1 { return [.text(plainText(.inlines(inlines)))] }
        return inlines.map { inline in
            switch inline {
            case .emphasis(let inner): return .emphasis(bound(inner, remaining: remaining - 1))
            case .strong(let inner): return .strong(bound(inner, remaining: remaining - 1))
            case .strike(let inner): return .strike(bound(inner, remaining: remaining - 1))
            case .link(let link, let inner): return .link(link, bound(inner, remaining: remaining - 1))
            default: return inline
            }
        }
    }

    /// All text below a level, in document order, with an explicit stack (the subtree may be any depth).
    private static func plainText(_ root: Level) -> String {
        var result = ""
        var stack: [Level] = [root]
        while let level = stack.popLast() {
            switch level {
            case .blocks(let blocks):
                // Pushed in reverse so they pop in document order; a space after each block.
                for block in blocks.reversed() {
                    stack.append(.inlines([.text(" ")]))
                    switch block {
                    case .code(let code): stack.append(.inlines([.text(code.text)]))
                    case .image(let image): stack.append(.inlines([.text(image.alt)]))
                    default: stack += children(of: block).reversed()
                    }
                }
            case .inlines(let inlines):
                for inline in inlines.reversed() {
                    switch inline {
                    case .text(let text), .code(let text), .keyboard(let text):
                        if inlines.count == 1 { result += text } else { stack.append(.inlines([inline])) }
                    case .image(let image): stack.append(.inlines([.text(image.alt)]))
                    case .lineBreak: stack.append(.inlines([.text(" ")]))
                    case .emphasis(let inner), .strong(let inner), .strike(let inner), .link(_, let inner):
                        stack.append(.inlines(inner))
                    }
                }
            }
        }
        return result
    }

    private static func children(of block: Block) -> [Level] {
        switch block {
        case .heading(let heading): return [.inlines(heading.content)]
        case .paragraph(let inlines): return [.inlines(inlines)]
        case .list(let list): return list.items.map { .blocks($0.blocks) }
        case .quote(let blocks), .aligned(_, let blocks): return [.blocks(blocks)]
        case .details(let details): return [.inlines(details.summary), .blocks(details.blocks)]
        case .table(let table): return (table.header + table.rows.flatMap { $0 }).map { .inlines($0) }
        case .code, .rule, .image: return []
        }
    }

    private static func children(of inline: Inline) -> [Inline]? {
        switch inline {
        case .emphasis(let inner), .strong(let inner), .strike(let inner), .link(_, let inner): return inner
        default: return nil
        }
    }
}
