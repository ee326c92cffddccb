/// Any JSON value, kept as data. Used where Gitee's payloads vary by type (event payloads), so an unknown shape is
/// carried along instead of failing the page.
public enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(from decoder: Decoder) throws {
        if let node = (decoder as? NodeDecoder)?.node {
            self = JSONValue.read(node)
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let value = try? container.decode(Bool.self) { self = .bool(value) }
        else if let value = try? container.decode(Double.self) { self = .number(value) }
        else if let value = try? container.decode(String.self) { self = .string(value) }
        else if let value = try? container.decode([JSONValue].self) { self = .array(value) }
        else { self = .object(try container.decode([String: JSONValue].self)) }
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let members) = self { return members[key] }
        return nil
    }
    public var stringValue: String? {
        switch self {
        case .string(let text): return text
        // Whole numbers print without ".0"; beyond Int64 (1e300, inf) `Int64(exactly:)` refuses instead of trapping.
        case .number(let number): return Int64(exactly: number).map { String($0) } ?? String(number)
        case .bool(let flag): return flag ? "true" : "false"
        default: return nil
        }
    }
    public var intValue: Int? {
        switch self {
        case .number(let number): return Int(exactly: number)
        case .string(let text): return Int(text)
        default: return nil
        }
    }
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }
    public var arrayValue: [JSONValue] {
        if case .array(let items) = self { return items }
        return []
    }
}

import CSoup
import GLibRuntime

extension JSONValue {
    /// Reads a json-glib node directly (faster than probing through a container, and keeps integer precision).
    static func read(_ node: OpaquePointer) -> JSONValue {
        switch json_node_get_node_type(node) {
        case JSON_NODE_OBJECT:
            guard let object = json_node_get_object(node), let list = json_object_get_members(object) else { return .object([:]) }
            defer { g_list_free(list) }
            var members: [String: JSONValue] = [:]
            var cursor: UnsafeMutablePointer<GList>? = list
            while let item = cursor {
                if let name = item.pointee.data?.assumingMemoryBound(to: CChar.self),
                   let child = json_object_get_member(object, name) {
                    members[String(cString: name)] = read(child)
                }
                cursor = item.pointee.next
            }
            return .object(members)
        case JSON_NODE_ARRAY:
            guard let array = json_node_get_array(node) else { return .array([]) }
            let count = json_array_get_length(array)
            return .array((0..<count).compactMap { json_array_get_element(array, $0).map(read) })
        case JSON_NODE_VALUE:
            if let flag = JSONScalar.bool(node), json_node_get_value_type(node) == GTypes.boolean { return .bool(flag) }
            if json_node_get_value_type(node) == GTypes.string { return .string(JSONScalar.string(node) ?? "") }
            return .number(JSONScalar.double(node) ?? 0)
        default:
            return .null
        }
    }
}
