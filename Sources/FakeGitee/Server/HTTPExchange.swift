import Foundation
import GiteeKit

/// One request as the route handlers see it (decoded path segments, query and form fields, the caller).
struct FakeRequest {
    let method: String
    /// The path as SoupServer hands it over (already percent-decoded), for the log and fault patterns.
    let rawPath: String
    /// The segments of the path.
    let segments: [String]
    let query: [String: String]
    /// Fields of a form-encoded or JSON body.
    let form: [String: String]
    let headers: [String: String]
    /// The raw body (git's smart HTTP posts binary pkt-lines).
    let body: Data
    /// The token presented, and how ("bearer" header or "query" parameter).
    let token: String?
    let tokenSource: String?
    /// Filled by the server once the token is checked.
    var viewer: FakeUser? = nil
    var tokenExpired = false

    func field(_ name: String) -> String? { form[name] ?? query[name] }

    init(method: String, rawPath: String, rawQuery: String?, headers: [String: String], body: Data) {
        self.method = method
        self.rawPath = rawPath
        segments = rawPath.split(separator: "/").map(String.init)
        var query: [String: String] = [:]
        for item in FormEncoding.decode(rawQuery ?? "") { query[item.name] = item.value }
        self.query = query
        self.headers = headers
        self.body = body
        var form: [String: String] = [:]
        if body.count > FakeGiteeServer.maxRequestBodySize {
            // Refused before routing (413): not parsed.
        } else if headers["content-type"]?.contains("json") == true, let json = JSON.parse(body), case .object(let members) = json {
            for (key, value) in members { form[key] = value.stringValue ?? value.boolValue.map { $0 ? "true" : "false" } }
        } else if !body.isEmpty {
            for item in FormEncoding.decode(String(decoding: body, as: UTF8.self)) { form[item.name] = item.value }
        }
        self.form = form
        // Gitee takes `Authorization: Bearer X` and, as other clients send it, `Authorization: token X` (GITEE-API.md).
        if let authorization = headers["authorization"], authorization.lowercased().hasPrefix("bearer ") {
            token = String(authorization.dropFirst("bearer ".count)).trimmingCharacters(in: .whitespaces)
            tokenSource = "bearer"
        } else if let authorization = headers["authorization"], authorization.lowercased().hasPrefix("token ") {
            token = String(authorization.dropFirst("token ".count)).trimmingCharacters(in: .whitespaces)
            tokenSource = "token"
        } else if let parameter = query["access_token"] ?? form["access_token"], !parameter.isEmpty {
            token = parameter
            tokenSource = "query"
        } else {
            token = nil
            tokenSource = nil
        }
    }
}

/// A reply to send.
struct FakeResponse {
    var status: Int
    var contentType: String
    var headers: [(String, String)]
    var body: Data

    static func json(_ value: JSON, status: Int = 200, headers: [(String, String)] = []) -> FakeResponse {
        FakeResponse(status: status, contentType: "application/json; charset=utf-8", headers: headers, body: value.serialized())
    }

    /// Gitee's error shape: `{"message": "..."}`.
    static func error(_ status: Int, _ message: String) -> FakeResponse {
        json(.object([("message", .string(message))]), status: status)
    }

    static let noContent = FakeResponse(status: 204, contentType: "application/json", headers: [], body: Data())

    static func bytes(_ data: Data, type: String) -> FakeResponse {
        FakeResponse(status: 200, contentType: type, headers: [], body: data)
    }

    static func notFound(_ what: String = "Not Found") -> FakeResponse { error(404, "404 \(what)") }
}

/// Page/per_page and prev_id/limit slicing with the headers Gitee sends.
enum Paging {
    static func numbered<T>(_ items: [T], _ request: FakeRequest) -> ([T], [(String, String)]) {
        let perPage = min(100, max(1, Int(request.query["per_page"] ?? "") ?? 20))
        let page = max(1, Int(request.query["page"] ?? "") ?? 1)
        let start = (page - 1) * perPage
        let slice = start < items.count ? Array(items[start..<min(items.count, start + perPage)]) : []
        let totalPages = (items.count + perPage - 1) / perPage
        return (slice, [("total_count", "\(items.count)"), ("total_page", "\(totalPages)")])
    }

    /// `prev_id` is the id of the last item the client saw.
    /// Strict: `page`/`per_page` are ignored (the spec has only `prev_id`/`limit` for these lists), so a client paging
    /// by number gets the first items again and again. Lenient: plain pages work when no `limit` is given.
    static func afterID<T>(_ items: [T], id: (T) -> Int, _ request: FakeRequest, strict: Bool) -> ([T], [(String, String)]) {
        if !strict, request.query["limit"] == nil, request.query["prev_id"] == nil { return numbered(items, request) }
        let limit = min(100, max(1, Int(request.query["limit"] ?? "") ?? 20))
        var remaining = items[...]
        if let previous = request.query["prev_id"].flatMap(Int.init) {
            // After the item the client saw last, wherever it is (lists are ordered by recency, not by id).
            if let index = items.firstIndex(where: { id($0) == previous }) {
                remaining = items[(index + 1)...]
            } else {
                remaining = remaining.drop { id($0) >= previous }
            }
        }
        return (Array(remaining.prefix(limit)), [("total_count", "\(items.count)")])
    }
}
