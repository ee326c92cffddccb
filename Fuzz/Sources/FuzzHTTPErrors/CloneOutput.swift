import Foundation
import MayunCore

/// What a server says back through `git clone` (issue 36): the same bytes as git's stderr, `remote:` lines included,
/// read by `CloneProgressParser` whole and in chunks cut by the bytes themselves, then `CloneFailure.explain` on the
/// lines kept. Asserts the parser's promises: the fraction stays in 0...1 and never goes back, the percentage in
/// 0...100, the detail and kept lines within their caps, and a read that stops mid-line changes nothing.
func checkCloneOutput(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var whole = CloneProgressParser()
    whole.feed(text)
    check(whole)

    // Chunks at Character boundaries (the app decodes each read; a read splitting a UTF-8 sequence is its own input).
    var chunked = CloneProgressParser()
    var rest = Substring(text)
    var sizes = bytes.makeIterator()
    var lastFraction = 0.0
    while !rest.isEmpty {
        let size = 1 + Int(sizes.next() ?? 255) % 64
        chunked.feed(String(rest.prefix(size)))
        rest = rest.dropFirst(size)
        check(chunked)
        precondition(chunked.progress.fraction >= lastFraction, "the progress went back")
        lastFraction = chunked.progress.fraction
    }
    precondition(chunked.progress == whole.progress && chunked.messages == whole.messages
                 && chunked.lastMessage == whole.lastMessage, "reading in chunks changed what was read")

    if let said = CloneFailure.explain(whole.messages) {
        precondition(!said.isEmpty && said.count <= 1_000, "a clone failure explained in \(said.count) characters")
    }
    _ = CloneFailure.explain(text.components(separatedBy: "\n"))
}

private func check(_ parser: CloneProgressParser) {
    let progress = parser.progress
    precondition((0...1).contains(progress.fraction), "fraction \(progress.fraction) outside 0...1")
    precondition((0...100).contains(progress.percent), "percent \(progress.percent) outside 0...100")
    precondition(progress.detail.count <= 80, "a detail of \(progress.detail.count) characters")
    precondition(parser.lastMessage.count <= 500 && parser.messages.count <= 12
                 && parser.messages.allSatisfy { $0.count <= 500 }, "kept lines past their caps")
    _ = progress.description
}
