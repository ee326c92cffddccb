import FuzzSupport
import Foundation
import Glibc
@testable import GiteeKit
import MayunCore

/// An HTTP answer that is not a success, as a stranger's server (or a proxy, a firewall, a captive portal) may send
/// it: the status from the first two bytes, then `Name: value` header lines up to an empty line, then the body.
/// Goes through `HTTPErrorMapping` (status, JSON or HTML body, Retry-After, X-RateLimit-*) and the text the UI
/// shows for it. Waits a server announces must come out clamped to 0...a day, whatever they said. The same bytes
/// also go through the clone output parsers as git's stderr (`CloneOutput.swift`).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzHTTPErrors(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: start, count: count))
    checkCloneOutput(bytes)
    guard bytes.count >= 2 else { return 0 }
    let status = 100 + (Int(bytes[0]) << 8 | Int(bytes[1])) % 500
    var headers: [String: String] = [:]
    var index = 2
    while index < bytes.count {
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        let line = String(decoding: bytes[index..<end], as: UTF8.self)
        index = end + 1
        if line.isEmpty { break }
        guard let colon = line.firstIndex(of: ":") else { continue }
        headers[String(line[..<colon])] = String(line[line.index(after: colon)...])
    }
    let body = index < bytes.count ? Data(bytes[index...]) : Data()
    let response = HTTPResponse(status: status, headers: headers, body: body)

    let now = Date(timeIntervalSince1970: 1_700_000_000)
    let error = HTTPErrorMapping.error(for: response)
    _ = HTTPErrorMapping.serverMessage(response)
    _ = HTTPErrorMapping.looksLikeHTML(response)
    if let wait = HTTPErrorMapping.retryAfterSeconds(response) {
        precondition(wait >= 0 && wait <= HTTPErrorMapping.longestAnnouncedWait, "Retry-After not clamped: \(wait)")
    }
    if let reset = HTTPErrorMapping.resetDate(response, now: now) {
        let wait = reset.timeIntervalSince(now)
        // Retry-After's date form is measured from the real clock, not `now`: allow for the difference.
        let slack = abs(Date().timeIntervalSince(now)) + 1
        precondition(wait >= -slack && wait <= HTTPErrorMapping.longestAnnouncedWait + slack, "reset not clamped: \(wait)")
    }
    _ = ErrorText.message(for: error)
    _ = ErrorText.banner(for: error, overSavedCopy: true)
    _ = ErrorText.banner(for: error, overSavedCopy: false)
    return 0
}

exit(FuzzDriver.run(fuzzHTTPErrors))
