import MayunCore

/// Cuts a long top-level block into a piece the pane writes in one slice and the rest, so a list of 100,000 items
/// or a quote of thousands of paragraphs does not stall the main loop in one go (nesting is bounded by
/// `DocumentLimits.maxDepth`, so each piece is small unless its items are themselves long lists).
enum DocumentSlicing {
    static let itemsPerPiece = 64

    static func split(_ block: Block) -> (piece: Block, rest: Block?) {
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
        default:
            return (block, nil)
        }
    }
}
