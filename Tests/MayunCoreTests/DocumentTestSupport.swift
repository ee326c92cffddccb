import Foundation
import GiteeKit
@testable import MayunCore
@testable import MayunDocument
import XCTest

let giteeServer = URL(string: "https://gitee.com")!
let mayunRepository = RepositoryID(owner: "mayun", name: "desktop")

func readmeContext(folder: String = "") -> DocumentContext {
    DocumentContext(repository: mayunRepository, ref: "master", folder: folder, server: giteeServer)
}

func fixture(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/readmes").appendingPathComponent(name)
    return try String(contentsOf: url, encoding: .utf8)
}

/// Every block of a document, depth first (tests only look; the documents here are shallow).
func allBlocks(_ blocks: [Block]) -> [Block] {
    var result: [Block] = []
    for block in blocks {
        result.append(block)
        switch block {
        case .quote(let children), .aligned(_, let children): result += allBlocks(children)
        case .details(let details): result += allBlocks(details.blocks)
        case .list(let list): result += list.items.flatMap { allBlocks($0.blocks) }
        default: break
        }
    }
    return result
}

/// Every inline run of the blocks, depth first, containers before their children.
func allInlines(_ blocks: [Block]) -> [Inline] {
    func walk(_ inlines: [Inline]) -> [Inline] {
        inlines.flatMap { inline -> [Inline] in
            switch inline {
            case .emphasis(let c), .strong(let c), .strike(let c), .link(_, let c): return [inline] + walk(c)
            default: return [inline]
            }
        }
    }
    return allBlocks(blocks).flatMap { block -> [Inline] in
        switch block {
        case .paragraph(let inlines): return walk(inlines)
        case .heading(let heading): return walk(heading.content)
        case .details(let details): return walk(details.summary)
        case .image(let image): return [.image(image)]
        case .table(let table): return (table.header + table.rows.flatMap { $0 }).flatMap(walk)
        default: return []
        }
    }
}

func links(in document: Document) -> [(text: String, link: Link)] {
    allInlines(document.blocks).compactMap { inline in
        if case .link(let link, let content) = inline { return (content.plainText, link) }
        return nil
    }
}

func images(in document: Document) -> [DocumentImage] {
    allInlines(document.blocks).compactMap { inline in
        if case .image(let image) = inline { return image }
        return nil
    }
}

func plainText(of document: Document) -> String {
    allInlines(document.blocks).compactMap { inline -> String? in
        switch inline {
        case .text(let text), .code(let text), .keyboard(let text): return text
        default: return nil
        }
    }.joined(separator: " ") + allBlocks(document.blocks).compactMap { block -> String? in
        if case .code(let code) = block { return code.text }
        return nil
    }.joined(separator: " ")
}
