import CPango
import FuzzSupport
import Foundation
import GiteeKit
import MayunDocument

/// `MarkupText.escape`, the escaper for every stranger's text that reaches Pango markup (table cells, summaries,
/// toasts): its output must always parse with `pango_parse_markup`, alone and inside the tags the app wraps it
/// in, and show exactly the input (minus the characters it drops on purpose).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzMarkupEscape(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: UTF8.self)
    let escaped = MarkupText.escape(text)
    for markup in [escaped, "<b>" + escaped + "</b>", "<tt>" + escaped + "</tt>", "<u><i>" + escaped + "</i></u>"] {
        var shown: UnsafeMutablePointer<CChar>?
        var error: UnsafeMutablePointer<GError>?
        // The length in bytes: a NUL the escaper kept would end the string early and hide a failure.
        let parsed = pango_parse_markup(markup, Int32(markup.utf8.count), 0, nil, &shown, nil, &error)
        if parsed == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "?"
            preconditionFailure("escaped text did not parse: \(message) in \(markup.debugDescription)")
        }
        let text = shown.map { String(cString: $0) }
        g_free(shown)
        precondition(text == MarkupText.shown(String(decoding: UnsafeBufferPointer(start: start, count: count),
                                                       as: UTF8.self)),
                     "the markup shows something else than the text")
    }
    return 0
}

exit(FuzzDriver.run(fuzzMarkupEscape))
