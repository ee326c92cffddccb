import Foundation
import Glibc
import FuzzSupport
import GiteeKit
import MayunDocument

/// HTML -> Document through libxml2's HTML parser and the structure reader, as an `.html` file is shown.
/// `MAYUN_FUZZ_MAX_DEPTH` (optional) skips inputs nested deeper than that, to explore past known depth crashes.
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzHTML(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    guard FuzzFilter.accepts(text) else { return -1 }
    let context = DocumentContext(repository: RepositoryID(owner: "o", name: "r"), ref: "main", folder: "",
                                  server: URL(string: "https://gitee.com")!)
    let document = DocumentParser.parseHTML(text, context: context)
    _ = document == document
    return 0
}

exit(FuzzDriver.run(fuzzHTML))
