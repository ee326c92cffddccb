import Foundation
import Glibc
import FuzzSupport
import MayunCore

/// Markdown -> Document through cmark-gfm and the HTML reader, exactly as a README or an issue body is parsed, and
/// again in chunks (`progress`), which must give the same blocks.
/// `MAYUN_FUZZ_MAX_DEPTH` (optional) skips inputs nested deeper than that, to explore past known depth crashes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzMarkdown(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard FuzzFilter.accepts(text) else { return -1 }
    let context = DocumentContext(repository: RepositoryID(owner: "o", name: "r"), ref: nil, folder: "docs",
                                  server: URL(string: "https://gitee.com")!)
    let document = DocumentParser.parseMarkdown(text, context: context)
    _ = document == document
    // Read in chunks (what the pane shows progressively) it must be the same document, block for block.
    var chunks: [Block] = []
    let progressive = DocumentParser.parse(text, format: .markdown, context: context, prefersDark: false,
                                           budget: nil) { chunks += $0.blocks }
    precondition(progressive == document && chunks == document.blocks, "the chunks differ from the whole parse")
    return 0
}

exit(FuzzDriver.run(fuzzMarkdown))
