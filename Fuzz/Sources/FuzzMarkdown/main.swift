import Foundation
import Glibc
import FuzzSupport
import GiteeKit
import MayunDocument

/// Markdown -> Document through cmark-gfm and the HTML reader, exactly as a README or an issue body is parsed, and
/// again in chunks (`progress`), which must give the same blocks.
/// `MAYUN_FUZZ_MAX_DEPTH` (optional) skips inputs nested deeper than that, to explore past known depth crashes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzMarkdown(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard FuzzFilter.accepts(text) else { return -1 }
    let context = DocumentContext(repository: RepositoryID(owner: "o", name: "r"), ref: nil, folder: "docs",
                                  server: URL(string: "https://gitee.com")!)
    // The app's Swift walk stops at its budget (then the text is shown plain); what cannot be stopped is cmark-gfm
    // and libxml2, native code that runs at full speed here (not instrumented). So each parse gets a 1 s walk budget
    // like the app's, and `tests/fuzz/run.sh` gives the input 5 s: an input on which cmark-gfm and libxml2 take more
    // than about 1.5 s a parse is a finding (the worst known 64 KB input, `![[]()` repeated, takes 0.35 s).
    guard let document = DocumentParser.parse(text, format: .markdown, context: context, prefersDark: false,
                                              budget: ParseBudget(.seconds(1))) else { return 0 }
    _ = document == document
    // Read in chunks (what the pane shows progressively) it must be the same document, block for block.
    var chunks: [Block] = []
    guard let progressive = DocumentParser.parse(text, format: .markdown, context: context, prefersDark: false,
                                                 budget: ParseBudget(.seconds(1)), progress: { chunks += $0.blocks })
    else { return 0 }
    precondition(progressive == document && chunks == document.blocks, "the chunks differ from the whole parse")
    return 0
}

exit(FuzzDriver.run(fuzzMarkdown))
