import Foundation

/// Lists, tables, code and details for `HTMLDocumentReader`.
extension HTMLDocumentReader {
    mutating func list(_ node: HTMLNode, depth: Int) -> ListBlock {
        let ordered = node.name == "ol"
        // Clamped: `start="9223372036854775807"` once trapped when the pane added the item index to it.
        let start = DocumentLimits.listStart(node.attribute("start")) ?? 1
        var items: [ListItem] = []
        for child in node.elementChildren where !HTMLVocabulary.dropped.contains(child.name) {
            if isAbandoned { break }
            if depth + 1 > DocumentLimits.maxDepth {
                // `<ul><ul><ul>...` a million deep recursed here with no check and froze the window: past the limit
                // the rest of the list is its text, read without recursion.
                items.append(ListItem(task: nil, blocks: flattened(child)))
            } else if child.name == "li" {
                items.append(listItem(child, depth: depth + 1))
            } else if child.name == "ul" || child.name == "ol" {
                // `<ul><li>a</li><ul>...</ul></ul>`: invalid, common, and meant as a sub-list of the item before.
                let nested = Block.list(list(child, depth: depth + 1))
                if items.isEmpty { items.append(ListItem(task: nil, blocks: [])) }
                items[items.count - 1].blocks.append(nested)
            } else {
                items.append(ListItem(task: nil, blocks: blocks(inChildrenOf: child, depth: depth + 1)))
            }
        }
        return ListBlock(ordered: ordered, start: start, items: items)
    }

    mutating func listItem(_ node: HTMLNode, depth: Int) -> ListItem {
        ListItem(task: taskState(of: node), blocks: blocks(inChildrenOf: node, depth: depth))
    }

    /// cmark-gfm writes task items as `<li><input type="checkbox" checked="" disabled="" /> text` (or inside the
    /// item's first `<p>` when the list is loose); hand-written HTML does the same.
    private func taskState(of item: HTMLNode) -> TaskState? {
        var candidate = item.firstElementChild
        if candidate?.name == "p" { candidate = candidate?.firstElementChild }
        guard let input = candidate, input.name == "input", input.attribute("type")?.lowercased() == "checkbox"
        else { return nil }
        return input.hasAttribute("checked") ? .done : .open
    }

    func codeBlock(_ node: HTMLNode) -> CodeBlock {
        let code = node.elementChildren.first { $0.name == "code" }
        var language = node.attribute("lang")
        if language == nil, let classes = code?.attribute("class") ?? node.attribute("class") {
            language = classes.split(separator: " ").lazy.compactMap { name -> String? in
                for prefix in ["language-", "lang-"] where name.hasPrefix(prefix) {
                    return String(name.dropFirst(prefix.count))
                }
                return nil
            }.first
        }
        var text = node.textContent
        if text.hasSuffix("\n") { text.removeLast() }
        let cleaned = language?.trimmingCharacters(in: .whitespaces).lowercased()
        return CodeBlock(language: cleaned?.isEmpty == false ? cleaned : nil, text: text)
    }

    mutating func details(_ node: HTMLNode, depth: Int) -> Details {
        var summary: [Inline] = []
        var collector = BlockCollector()
        var child = node.firstChild
        while let current = child {
            if current.isElement, current.name == "summary", summary.isEmpty {
                summary = InlineWhitespace.normalize(inlines(inChildrenOf: current, depth: depth + 1))
            } else {
                visit(current, into: &collector, depth: depth + 1)
            }
            child = current.next
        }
        if summary.isEmpty { summary = [.text(tr("Details"))] }
        return Details(summary: summary, blocks: collector.finish(), isOpen: node.hasAttribute("open"))
    }

    mutating func table(_ node: HTMLNode, depth: Int) -> Table {
        var headerRow: [HTMLNode]?
        var bodyRows: [[HTMLNode]] = []
        var omitted = 0
        var rowLimit = DocumentLimits.maxTableRows
        for (row, inHead) in tableRows(of: node) {
            let cells = row.elementChildren.filter { $0.name == "td" || $0.name == "th" }
            guard !cells.isEmpty else { continue }
            // Rows x columns is capped too: the widest row seen so far decides how many rows still fit.
            let width = min(cells.count, DocumentLimits.maxTableColumns)
            rowLimit = min(rowLimit, DocumentLimits.maxTableCells / max(width, 1))
            let allHeaderCells = cells.allSatisfy { $0.name == "th" }
            if headerRow == nil, bodyRows.isEmpty, inHead || allHeaderCells {
                headerRow = cells
            } else if bodyRows.count < rowLimit {
                bodyRows.append(cells)
            } else {
                omitted += 1
            }
        }
        if bodyRows.count > rowLimit {
            omitted += bodyRows.count - rowLimit
            bodyRows.removeLast(bodyRows.count - rowLimit)
        }
        let widest = ([headerRow?.count ?? 0] + bodyRows.map(\.count)).max() ?? 0
        let columns = min(widest, DocumentLimits.maxTableColumns)
        let alignmentSource = headerRow ?? bodyRows.first ?? []
        let alignments = (0..<columns).map { index in
            index < alignmentSource.count ? columnAlignment(of: alignmentSource[index]) : .none
        }
        func cells(_ row: [HTMLNode]) -> [[Inline]] {
            (0..<columns).map { index in
                index < row.count ? InlineWhitespace.normalize(inlines(inChildrenOf: row[index], depth: depth + 2)) : []
            }
        }
        return Table(alignments: alignments, header: headerRow.map(cells) ?? [], rows: bodyRows.map(cells),
                     omittedRows: omitted)
    }

    /// Rows in document order from `<thead>`, `<tbody>`, `<tfoot>` or straight under `<table>`, with whether they
    /// came from the head.
    private func tableRows(of table: HTMLNode) -> [(HTMLNode, Bool)] {
        var rows: [(HTMLNode, Bool)] = []
        for child in table.elementChildren {
            switch child.name {
            case "tr": rows.append((child, false))
            case "thead", "tbody", "tfoot":
                rows += child.elementChildren.filter { $0.name == "tr" }.map { ($0, child.name == "thead") }
            default: continue
            }
        }
        return rows
    }

    private func columnAlignment(of cell: HTMLNode) -> ColumnAlignment {
        switch alignment(of: cell) {
        case .center: return .center
        case .right: return .right
        case .left: return .left
        case nil:
            let explicit = cell.attribute("align")?.lowercased() ?? cell.attribute("style")?.lowercased() ?? ""
            return explicit.contains("left") ? .left : .none
        }
    }
}
