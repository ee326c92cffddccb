import CSoup
import GLibRuntime

/// Tolerant reads of json-glib scalar nodes. Each returns `nil` when the node is absent, `null`, or cannot be
/// converted sensibly; callers decide whether that is an error (required field) or simply "no value" (optional field).
enum JSONScalar {
    private static let int64Type = GTypes.int64
    private static let booleanType = GTypes.boolean
    private static let doubleType = GTypes.double
    private static let stringType = GTypes.string

    static func isNull(_ node: OpaquePointer?) -> Bool {
        guard let node else { return true }
        return json_node_get_node_type(node) == JSON_NODE_NULL
    }

    private static func valueType(_ node: OpaquePointer?) -> GType? {
        guard let node, json_node_get_node_type(node) == JSON_NODE_VALUE else { return nil }
        return json_node_get_value_type(node)
    }

    static func string(_ node: OpaquePointer?) -> String? {
        switch valueType(node) {
        case stringType: return json_node_get_string(node).map { String(cString: $0) }
        case int64Type: return String(json_node_get_int(node))
        case doubleType: return String(json_node_get_double(node))
        case booleanType: return json_node_get_boolean(node) != 0 ? "true" : "false"
        default: return nil
        }
    }

    static func int64(_ node: OpaquePointer?) -> Int64? {
        switch valueType(node) {
        case int64Type: return Int64(json_node_get_int(node))
        case doubleType:
            return Int64(exactly: json_node_get_double(node))
        case booleanType: return json_node_get_boolean(node) != 0 ? 1 : 0
        case stringType:
            guard let text = string(node)?.trimmingWhitespace else { return nil }
            return Int64(text) ?? Double(text).flatMap { Int64(exactly: $0) }
        default: return nil
        }
    }

    static func double(_ node: OpaquePointer?) -> Double? {
        switch valueType(node) {
        case doubleType: return json_node_get_double(node)
        case int64Type: return Double(json_node_get_int(node))
        case stringType: return string(node).flatMap { Double($0.trimmingWhitespace) }
        default: return nil
        }
    }

    static func bool(_ node: OpaquePointer?) -> Bool? {
        switch valueType(node) {
        case booleanType: return json_node_get_boolean(node) != 0
        case int64Type: return json_node_get_int(node) != 0
        case stringType:
            switch string(node)?.trimmingWhitespace.lowercased() {
            case "true", "1", "yes": return true
            case "false", "0", "no", "": return false
            default: return nil
            }
        default: return nil
        }
    }
}

extension String {
    var trimmingWhitespace: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}

/// Reads common scalar types without going through `Decoder` (no container boxes, no coding-path arrays): most
/// fields of a Gitee object are strings, integers, booleans and times, and this is where decoding time goes.
enum FastScalar {
    /// `nil` when `T` is not handled here; otherwise the value, or `.some(nil)` when the node cannot be read as `T`.
    @inline(__always)
    static func read<T>(_ type: T.Type, _ node: OpaquePointer?) -> T?? {
        if T.self == String.self { return .some(JSONScalar.string(node) as? T) }
        if T.self == Int.self { return .some(JSONScalar.int64(node).map { Int($0) } as? T) }
        if T.self == Bool.self { return .some(JSONScalar.bool(node) as? T) }
        if T.self == Double.self { return .some(JSONScalar.double(node) as? T) }
        if T.self == Int64.self { return .some(JSONScalar.int64(node) as? T) }
        if T.self == Timestamp.self { return .some(JSONScalar.string(node).map(Timestamp.init) as? T) }
        return nil
    }
}
