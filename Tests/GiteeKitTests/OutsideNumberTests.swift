import XCTest
@testable import GiteeKit

/// Numbers a server (or a stranger's payload) sends are clamped or refused, never converted with a trap. Each of
/// these trapped the test process before the fix (issue 10).
final class OutsideNumberTests: XCTestCase {
    private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
        try JSONNodeDecoding.decode(type, from: Data(text.utf8))
    }

    func testJSONValueStringOfNumbersPastInt64() throws {
        XCTAssertEqual(JSONValue.number(9.3e18).stringValue, "9.3e+18")
        XCTAssertEqual(JSONValue.number(-1e300).stringValue, "-1e+300")
        XCTAssertEqual(JSONValue.number(.infinity).stringValue, "inf")
        XCTAssertEqual(JSONValue.number(.nan).stringValue, "nan")
        XCTAssertEqual(JSONValue.number(42).stringValue, "42", "whole numbers still print without a fraction")
        XCTAssertEqual(JSONValue.number(2.5).stringValue, "2.5")
        // Through the app's decoder: json-glib reads 1e400 as infinity (and wraps 2^63 to an Int64).
        let payload = try decode(JSONValue.self, #"{"huge": 1e400, "big": 9223372036854775808, "ok": 7}"#)
        XCTAssertEqual(payload["huge"]?.stringValue, "inf")
        XCTAssertNil(payload["huge"]?.intValue)
        XCTAssertNotNil(payload["big"]?.stringValue)
        XCTAssertEqual(payload["ok"]?.intValue, 7)
    }

    /// Found by the json fuzzer (make fuzz) from the recorded user sample in 30 s, with the old `stringValue`:
    /// an id of -1e40038 is -infinity to json-glib, and reading it as text trapped.
    func testFuzzFoundUserWithAnInfiniteID() throws {
        let input = Data("""
        {"id":-1e40038, "login": "kit101", "name": "kit101", "avatar_url": "https://portrait01/orgs", "followers": 2,
         "created_at": "2017-09-15T11:34:30+08:0p", "updated_at": "20+1-08-06T16:34:48+08:00"}
        """.utf8)
        let value = try JSONNodeDecoding.decode(JSONValue.self, from: input)
        XCTAssertEqual(value["id"]?.stringValue, "-inf")
        XCTAssertNil(value["id"]?.intValue)
        let user = try JSONNodeDecoding.decode(User.self, from: input)
        XCTAssertEqual(user.id, 0, "tolerant decoding: an id that is no integer reads as none")
        XCTAssertEqual(user.login, "kit101")
    }

    func testIntegerFieldsRefuseWhatDoesNotFit() throws {
        struct Counts: Decodable { let n: Int?; let m: Int64? }
        for text in ["1e400", "-1e400", "9.3e18", "\"1e300\"", "\"9223372036854775808\"", "1e18"] {
            let counts = try decode(Counts.self, "{\"n\": \(text), \"m\": \(text)}")
            if text == "1e18" {
                XCTAssertEqual(counts.n, 1_000_000_000_000_000_000)
            } else {
                XCTAssertNil(counts.n, text)
                XCTAssertNil(counts.m, text)
            }
        }
    }

    func testRetryAfterIsClampedToADay() {
        func wait(_ value: String) -> TimeInterval? {
            HTTPErrorMapping.retryAfterSeconds(HTTPResponse(status: 429, headers: ["retry-after": value]))
        }
        XCTAssertEqual(wait("inf"), HTTPErrorMapping.longestAnnouncedWait)
        XCTAssertEqual(wait("1e308"), HTTPErrorMapping.longestAnnouncedWait)
        XCTAssertEqual(wait("-5"), 0)
        XCTAssertEqual(wait("-inf"), 0)
        XCTAssertNil(wait("nan"))
        XCTAssertEqual(wait("30"), 30)
    }

    func testRateLimitResetFarAwayOrHugeStaysWithinADay() throws {
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        for reset in ["1e300", "inf", "99999999999999999999", "-1e300"] {
            let response = HTTPResponse(status: 429, headers: ["x-ratelimit-reset": reset])
            let date = try XCTUnwrap(HTTPErrorMapping.resetDate(response, now: now), reset)
            XCTAssertLessThanOrEqual(date.timeIntervalSince(now), HTTPErrorMapping.longestAnnouncedWait, reset)
            XCTAssertGreaterThanOrEqual(date.timeIntervalSince(now), 0, reset)
        }
        let epoch = HTTPResponse(status: 429, headers: ["x-ratelimit-reset": "1700000120"])
        XCTAssertEqual(HTTPErrorMapping.resetDate(epoch, now: now)?.timeIntervalSince(now), 120)
        // The message says how long to wait: `Int(...)` of a date 1e300 s away trapped here.
        let error = HTTPErrorMapping.error(for: HTTPResponse(status: 429, headers: ["x-ratelimit-reset": "1e300"]))
        XCTAssertTrue(error.explanation.contains("asks to wait 86400 s"), error.explanation)
        XCTAssertTrue(GiteeError.rateLimited(resetAt: Date(timeIntervalSince1970: 1e300)).explanation.contains(" s."))
        XCTAssertTrue(GiteeError.rateLimited(resetAt: Date(timeIntervalSince1970: -1e300)).explanation.contains("1 s."))
    }

    /// Found by reading the decoders for `+` on server numbers: a commit's default total trapped.
    func testCommitStatsWithHugeCountsDoNotOverflow() throws {
        let stats = try decode(Commit.Stats.self, #"{"additions": 9223372036854775807, "deletions": 5}"#)
        XCTAssertEqual(stats.total, Int.max)
        let file = try decode(Commit.ChangedFile.self,
                              #"{"filename": "a", "additions": -9223372036854775807, "deletions": -9, "changes": 3}"#)
        XCTAssertEqual(file.changes, 3)
        XCTAssertEqual(Int.min.saturatingSum(-1), Int.min)
        XCTAssertEqual(40.saturatingSum(2), 42)
    }

    func testTokenExpiryDoesNotOverflow() throws {
        let token = Token(accessToken: "t", expiresIn: Int.max, createdAt: Int.max)
        XCTAssertFalse(token.isExpired(at: Date()))
        let decoded = try decode(Token.self, #"{"access_token":"t","expires_in":9223372036854775807,"created_at":9223372036854775807}"#)
        XCTAssertEqual(decoded.expiresIn, Int.max)
        XCTAssertFalse(decoded.isExpired())
        let past = Token(accessToken: "t", expiresIn: Int.min, createdAt: 0)
        XCTAssertTrue(past.isExpired())
    }
}
