import Foundation

/// An optional pre-filter for local runs only (never in `make test`): with `MAYUN_FUZZ_MAX_DEPTH=N`, inputs whose
/// bracket/list/quote nesting could exceed N are skipped (and so are runs of ten digits or more), so a fuzzer stuck on a known deep-nesting crash in
/// the document reader can still explore the rest. Returning -1 tells libFuzzer not to add the input to the corpus.
public enum FuzzFilter {
    static let maxDepth: Int? = ProcessInfo.processInfo.environment["MAYUN_FUZZ_MAX_DEPTH"].flatMap { Int($0) }

    public static func accepts(_ text: String) -> Bool {
        guard let maxDepth else { return true }
        // A cheap over-estimate: every opener of an HTML element or markdown container counts one level.
        var openers = 0, digitRun = 0
        for byte in text.utf8 {
            // Ten digits or more: a list number past Int32 (the known `<ol start=huge>` overflow).
            digitRun = (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? digitRun + 1 : 0
            if digitRun >= 10 { return false }
            if byte == UInt8(ascii: "<") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: "*") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "[") {
                openers += 1
                if openers > maxDepth { return false }
            }
        }
        return true
    }
}
