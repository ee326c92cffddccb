import XCTest
@testable import GiteeKit

final class HTTPDateTests: XCTestCase {
    func testReadsTheFormNginxSends() {
        XCTAssertEqual(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT")?.timeIntervalSince1970, 784_111_777)
        XCTAssertEqual(HTTPDate.parse("Thu, 01 Jan 1970 00:00:00 GMT")?.timeIntervalSince1970, 0)
        XCTAssertEqual(HTTPDate.parse("Tue, 29 Feb 2028 23:59:60 GMT")?.timeIntervalSince1970, 1_835_481_600)
        XCTAssertEqual(HTTPDate.parse("Wed, 25 Nov 2026 21:58:45 UTC")?.timeIntervalSince1970, 1_795_643_925)
    }

    func testRefusesWhatIsNotAnHTTPDate() {
        for text in ["", "30", "Sun, 06 Nov 1994 08:49:37", "Sun, 06 Nov 1994 08:49:37 CET", "Sunday, 06-Nov-94 08:49:37 GMT",
                     "Sun Nov  6 08:49:37 1994", "Sun, 31 Feb 2026 00:00:00 GMT", "Sun, 29 Feb 2100 00:00:00 GMT",
                     "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, +6 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 99999 08:49:37 GMT",
                     "Sun, 06 Foo 1994 08:49:37 GMT", "Sun, 06 Nov 1994 08:49 GMT", "Xyz, 06 Nov 1994 08:49:37 GMT"] {
            XCTAssertNil(HTTPDate.parse(text), text)
        }
    }

    func testRetryAfterDateFormCountsFromNow() throws {
        let soon = Date().addingTimeInterval(120)
        let header = String(HTTPDate.format(soon))
        let wait = try XCTUnwrap(HTTPErrorMapping.retryAfterSeconds(HTTPResponse(status: 429, headers: ["retry-after": header])))
        XCTAssertEqual(wait, 120, accuracy: 2)
    }
}

private extension HTTPDate {
    /// The test's own writer, independent of the parser: C's `strftime` in the C locale.
    static func format(_ date: Date) -> String {
        var time = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&time, &parts)
        var buffer = [CChar](repeating: 0, count: 64)
        let length = strftime(&buffer, buffer.count, "%a, %d %b %Y %H:%M:%S GMT", &parts)
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
