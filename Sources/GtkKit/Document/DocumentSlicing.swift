import MayunCore
import MayunDocument

/// Cuts a long top-level block into a piece the pane writes in one slice and the rest, so a list of 100,000 items,
/// a quote of thousands of paragraphs or a paragraph of a megabyte does not stall the main loop in one go (nesting
/// is bounded by `DocumentLimits.maxDepth`, so each piece is small unless its items are themselves long lists).
package enum DocumentSlicing {
    static let itemsPerPiece = 64
    /// Characters of one paragraph written at once. A giant paragraph becomes several (GTK lays out a paragraph
    /// as a whole, so a 1 MB one is slow to lay out at every change anyway).
    static let charactersPerPiece = 4_096

    package static func split(_ block: Block) -> (piece: Block, rest: Block?) {
        switch block {
        case .list(let list) where list.items.count > itemsPerPiece:
            var head = list, tail = list
            head.items = Array(list.items.prefix(itemsPerPiece))
            tail.items = Array(list.items.dropFirst(itemsPerPiece))
            tail.start = DocumentLimits.itemNumber(start: list.start, index: itemsPerPiece)
            return (.list(head), .list(tail))
        case .quote(let blocks) where blocks.count > itemsPerPiece:
            return (.quote(Array(blocks.prefix(itemsPerPiece))), .quote(Array(blocks.dropFirst(itemsPerPiece))))
        case .aligned(let alignment, let blocks) where blocks.count > itemsPerPiece:
            return (.aligned(alignment, Array(blocks.prefix(itemsPerPiece))),
                    .aligned(alignment, Array(blocks.dropFirst(itemsPerPiece))))
        case .paragraph(let inlines):
            guard let (head, tail) = splitInlines(inlines), !head.isEmpty, !tail.isEmpty else { return (block, nil) }
            return (.paragraph(head), .paragraph(tail))
        case .table(let table) where table.rows.count * max(table.columnCount, 1) > maxGridCells:
            var head = table, tail = table
            let rows = rowsPerPiece(table)
            head.rows = Array(table.rows.prefix(rows))
            head.omittedRows = 0
            tail.rows = Array(table.rows.dropFirst(rows))
            tail.header = []
            return (.table(head), .table(tail))
        default:
            return (block, nil)
        }
    }

    /// Cells of a table written in one slice (each is measured with Pango). Only tables too big for a grid
    /// (`maxGridCells`) are cut, and their pieces are written as text rows.
    static let cellsPerPiece = 128
    /// A wide table becomes a grid of labels only up to this many cells: GTK re-allocates every embedded widget at
    /// each change of the view.
    static let maxGridCells = 512

    private static func rowsPerPiece(_ table: Table) -> Int { max(1, cellsPerPiece / max(table.columnCount, 1)) }

    /// The runs up to about `budget` characters and the rest; nil when short enough already. A text run longer than
    /// that is cut at a space (or anywhere, when it has none); a styled run is cut inside, both halves keeping the
    /// style (recursion bounded by the document's nesting limit).
    static func splitInlines(_ inlines: [Inline], budget: Int = charactersPerPiece) -> ([Inline], [Inline])? {
        var total = 0
        for (index, inline) in inlines.enumerated() {
            let length: Int
            if case .text(let text) = inline { length = text.utf8.count } else { length = [inline].plainText.utf8.count }
            if total + length <= budget {
                total += length
                continue
            }
            let before = Array(inlines[..<index]), after = Array(inlines[(index + 1)...])
            let remaining = budget - total
            switch inline {
            case .text(let text):
                if let cut = cutPoint(in: text, after: remaining) {
                    return (before + [.text(String(text[..<cut]))], [.text(String(text[cut...]))] + after)
                }
            case .emphasis(let children), .strong(let children), .strike(let children), .link(_, let children):
                if let (head, tail) = splitInlines(children, budget: max(remaining, 1)), !head.isEmpty {
                    return (before + [restyled(inline, head)], [restyled(inline, tail)] + after)
                }
            default:
                break
            }
            // Cannot cut inside: cut before this run, unless it is the first (then after it).
            let at = index == 0 ? 1 : index
            guard at < inlines.count else { return nil }
            return (Array(inlines[..<at]), Array(inlines[at...]))
        }
        return nil
    }

    private static func restyled(_ styled: Inline, _ children: [Inline]) -> Inline {
        switch styled {
        case .emphasis: return .emphasis(children)
        case .strong: return .strong(children)
        case .strike: return .strike(children)
        case .link(let link, _): return .link(link, children)
        default: return styled
        }
    }

    private static func cutPoint(in text: String, after budget: Int) -> String.Index? {
        let utf8 = text.utf8
        guard budget > 0, utf8.count > budget else { return nil }
        var end = utf8.index(utf8.startIndex, offsetBy: budget)
        while end > utf8.startIndex, String.Index(end, within: text) == nil { end = utf8.index(before: end) }
        let space = text[..<end].lastIndex { $0 == " " || $0 == "\n" }
        let cut = space.map { text.index(after: $0) } ?? end
        return cut > text.startIndex && cut < text.endIndex ? cut : nil
    }
}
