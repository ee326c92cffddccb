import CSoup
import Foundation

/// Decodes `Decodable` values straight from json-glib's `JsonNode` tree.
///
/// Why not Foundation's `JSONDecoder`: the project standardises on json-glib (the same parser the GTK side uses), and a
/// decoder of our own can be *tolerant* the way real Gitee data needs: numbers sent as strings, strings sent as numbers,
/// `null` for fields the spec calls required. One parser per call, so decoding can run on any thread.
public enum JSONNodeDecoding {
    /// Parses `data` and decodes a `T`. Throws `JSONDecodingFailure`.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        guard let parser = json_parser_new_immutable() else { throw JSONDecodingFailure.malformed("no parser") }
        defer { g_object_unref(parser) }
        var error: UnsafeMutablePointer<GError>?
        let loaded = data.withUnsafeBytes { raw -> gboolean in
            guard let base = raw.baseAddress else { return 0 }
            return json_parser_load_from_data(parser, base.assumingMemoryBound(to: CChar.self), gssize(raw.count), &error)
        }
        if let error {
            let message = error.pointee.message.map { String(cString: $0) } ?? "invalid JSON"
            g_error_free(error)
            throw JSONDecodingFailure.malformed(message)
        }
        guard loaded != 0, let root = json_parser_get_root(parser) else { throw JSONDecodingFailure.malformed("empty body") }
        do {
            return try T(from: NodeDecoder(node: root, codingPath: []))
        } catch let failure as DecodingError {
            throw JSONDecodingFailure.unexpectedShape(String(describing: failure))
        }
    }
}

public enum JSONDecodingFailure: Error, Sendable, Equatable {
    /// Not JSON at all (an HTML page, a truncated body, garbage).
    case malformed(String)
    /// Valid JSON, but not the shape the model needs (for example an object where a list was expected).
    case unexpectedShape(String)
}

/// A coding key made from any string or index (for dictionaries and error paths).
struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue; intValue = nil }
    init(intValue: Int) { stringValue = "\(intValue)"; self.intValue = intValue }
}

struct NodeDecoder: Decoder {
    /// `nil` means "no value here" (a missing member).
    let node: OpaquePointer?
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let node, json_node_get_node_type(node) == JSON_NODE_OBJECT, let object = json_node_get_object(node) else {
            throw DecodingError.typeMismatch([String: Any].self, .init(codingPath: codingPath, debugDescription: "expected an object"))
        }
        return KeyedDecodingContainer(ObjectContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        guard let node, json_node_get_node_type(node) == JSON_NODE_ARRAY, let array = json_node_get_array(node) else {
            throw DecodingError.typeMismatch([Any].self, .init(codingPath: codingPath, debugDescription: "expected an array"))
        }
        return ArrayContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer { ScalarContainer(node: node, codingPath: codingPath) }
}
