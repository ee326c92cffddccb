import Foundation

// Encoding in Gitee's v5 shape, so a saved copy (the app's offline store) decodes through the same tolerant
// initialisers as a fresh answer: `decode(encode(x)) == x`.

extension Event.RepositoryReference: Encodable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(fullName, forKey: .fullName)
        try c.encodeIfPresent(humanName, forKey: .humanName)
    }
}

extension JSONValue: Encodable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let flag): try c.encode(flag)
        case .number(let number): try c.encode(number)
        case .string(let text): try c.encode(text)
        case .array(let items): try c.encode(items)
        case .object(let members): try c.encode(members)
        }
    }
}
