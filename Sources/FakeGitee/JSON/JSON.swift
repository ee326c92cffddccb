import Foundation
import GiteeKit

/// A JSON value to send. Objects keep their key order (like Gitee's own output), which also makes replies
/// byte-for-byte deterministic for a given seed.
public indirect enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    public static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.serialized() == rhs.serialized() }

    /// `.string` or `.null` for optionals (Gitee sends `null` for absent values).
    static func text(_ value: String?) -> JSON { value.map(JSON.string) ?? .null }
    static func number(_ value: Int?) -> JSON { value.map(JSON.int) ?? .null }

    public func serialized() -> Data {
        var output = [UInt8]()
        output.reserveCapacity(4096)
        write(into: &output)
        return Data(output)
    }

    public var text: String { String(decoding: serialized(), as: UTF8.self) }

    private func write(into output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: Array("null".utf8))
        case .bool(let flag): output.append(contentsOf: Array((flag ? "true" : "false").utf8))
        case .int(let number): output.append(contentsOf: Array(String(number).utf8))
        case .double(let number): output.append(contentsOf: Array((number.isFinite ? String(number) : "null").utf8))
        case .string(let string): JSON.writeString(string, into: &output)
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.write(into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSON.writeString(member.0, into: &output)
                output.append(UInt8(ascii: ":"))
                member.1.write(into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeString(_ string: String, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): output.append(contentsOf: [92, 92])
            case 0x0A: output.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [92, UInt8(ascii: "t")])
            case 0..<0x20:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    // Reading (control requests, fixtures, the state file) goes through json-glib via GiteeKit's `JSONValue`.

    public static func parse(_ data: Data) -> JSON? {
        guard let value = try? JSONNodeDecoding.decode(JSONValue.self, from: data) else { return nil }
        return JSON(value)
    }

    init(_ value: JSONValue) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .number(let number):
            self = number.rounded() == number && abs(number) < 9e15 ? .int(Int(number)) : .double(number)
        case .string(let text): self = .string(text)
        case .array(let items): self = .array(items.map(JSON.init))
        case .object(let members): self = .object(members.keys.sorted().map { ($0, JSON(members[$0] ?? .null)) })
        }
    }

    public subscript(key: String) -> JSON? {
        if case .object(let members) = self { return members.first { $0.0 == key }?.1 }
        return nil
    }
    public var stringValue: String? {
        switch self {
        case .string(let text): return text
        case .int(let number): return String(number)
        default: return nil
        }
    }
    public var intValue: Int? {
        switch self {
        case .int(let number): return number
        case .double(let number): return Int(number)
        case .string(let text): return Int(text)
        default: return nil
        }
    }
    public var boolValue: Bool? {
        if case .bool(let flag) = self { return flag }
        return nil
    }
    public var arrayValue: [JSON] {
        if case .array(let items) = self { return items }
        return []
    }
}
