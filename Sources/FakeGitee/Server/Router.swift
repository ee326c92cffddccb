/// Matches request paths against patterns such as `/api/v5/repos/:owner/:repo/contents/*path`.
/// `:name` takes one segment; `*name` takes the rest (possibly empty).
struct Router {
    typealias Handler = @MainActor (FakeRequest, [String: String]) -> FakeResponse

    private struct Route {
        let method: String
        let pattern: [Substring]
        let text: String
        let handler: Handler
    }

    private var routes: [Route] = []

    mutating func add(_ method: String, _ pattern: String, _ handler: @escaping Handler) {
        routes.append(Route(method: method, pattern: pattern.split(separator: "/"), text: pattern, handler: handler))
    }

    /// The handler and its parameters, or why nothing matched (404 unknown path, 405 wrong method).
    func match(_ request: FakeRequest) -> (Handler, [String: String])? {
        matchWithPattern(request).map { ($0.0, $0.1) }
    }

    /// The same, with the pattern the route was registered under (for `ParameterRules`).
    func matchWithPattern(_ request: FakeRequest) -> (Handler, [String: String], String)? {
        for route in routes where route.method == request.method {
            if let parameters = Router.match(route.pattern, request.segments) { return (route.handler, parameters, route.text) }
        }
        return nil
    }

    private static func match(_ pattern: [Substring], _ segments: [String]) -> [String: String]? {
        var parameters: [String: String] = [:]
        for (index, part) in pattern.enumerated() {
            if part.hasPrefix("*") {
                parameters[String(part.dropFirst())] = segments.dropFirst(index).joined(separator: "/")
                return parameters
            }
            guard index < segments.count else { return nil }
            if part.hasPrefix(":") {
                parameters[String(part.dropFirst())] = segments[index]
            } else if part != segments[index] {
                return nil
            }
        }
        return pattern.count == segments.count ? parameters : nil
    }
}

/// Glob patterns for fault rules: `*` is any text within one segment, `**` any text at all.
enum Glob {
    static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(Array(pattern.utf8)[...], Array(text.utf8)[...])
    }

    private static func matches(_ pattern: ArraySlice<UInt8>, _ text: ArraySlice<UInt8>) -> Bool {
        guard let first = pattern.first else { return text.isEmpty }
        if first == UInt8(ascii: "*") {
            let doubleStar = pattern.dropFirst().first == UInt8(ascii: "*")
            let rest = pattern.dropFirst(doubleStar ? 2 : 1)
            var candidate = text
            while true {
                if matches(rest, candidate) { return true }
                guard let next = candidate.first, doubleStar || next != UInt8(ascii: "/") else { return false }
                candidate = candidate.dropFirst()
            }
        }
        guard let head = text.first, head == first else { return false }
        return matches(pattern.dropFirst(), text.dropFirst())
    }
}
