import Foundation
import Glibc
import FuzzSupport
import MayunCore

/// Markdown -> Document through cmark-gfm and the HTML reader, exactly as a README or an issue body is parsed.
/// `MAYUN_FUZZ_MAX_DEPTH` (optional) skips inputs nested deeper than that, to explore past known depth crashes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzMarkdown(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard FuzzFilter.accepts(text) else { return -1 }
    let context = DocumentContext(repository: RepositoryID(owner: "o", name: "r"), ref: nil, folder: "docs",
                                  server: URL(string: "https://gitee.com")!)
    let document = DocumentParser.parseMarkdown(text, context: context)
    _ = document == document
    return 0
}

exit(FuzzDriver.run(fuzzMarkdown))
