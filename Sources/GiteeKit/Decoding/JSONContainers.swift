import CSoup

/// Reads one scalar (or a nested value through `decode<T>`), converting tolerantly.
struct ScalarContainer: SingleValueDecodingContainer {
    let node: OpaquePointer?
    let codingPath: [CodingKey]

    func decodeNil() -> Bool { JSONScalar.isNull(node) }
    func decode(_ type: Bool.Type) throws -> Bool { try require(JSONScalar.bool(node)) }
    func decode(_ type: String.Type) throws -> String { try require(JSONScalar.string(node)) }
    func decode(_ type: Double.Type) throws -> Double { try require(JSONScalar.double(node)) }
    func decode(_ type: Float.Type) throws -> Float { Float(try require(JSONScalar.double(node))) }
    func decode(_ type: Int.Type) throws -> Int { Int(try require(JSONScalar.int64(node))) }
    func decode(_ type: Int8.Type) throws -> Int8 { try narrow(try require(JSONScalar.int64(node))) }
    func decode(_ type: Int16.Type) throws -> Int16 { try narrow(try require(JSONScalar.int64(node))) }
    func decode(_ type: Int32.Type) throws -> Int32 { try narrow(try require(JSONScalar.int64(node))) }
    func decode(_ type: Int64.Type) throws -> Int64 { try require(JSONScalar.int64(node)) }
    func decode(_ type: UInt.Type) throws -> UInt { try narrow(try require(JSONScalar.int64(node))) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try narrow(try require(JSONScalar.int64(node))) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try narrow(try require(JSONScalar.int64(node))) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try narrow(try require(JSONScalar.int64(node))) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try narrow(try require(JSONScalar.int64(node))) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: NodeDecoder(node: node, codingPath: codingPath)) }

    private func require<T>(_ value: T?) throws -> T {
        guard let value else {
            let what = node == nil ? "missing value" : "value of an unexpected type"
            throw DecodingError.typeMismatch(T.self, .init(codingPath: codingPath, debugDescription: what))
        }
        return value
    }

    private func narrow<T: FixedWidthInteger>(_ value: Int64) throws -> T {
        guard let narrowed = T(exactly: value) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "\(value) out of range"))
        }
        return narrowed
    }
}

/// A JSON object. `decodeIfPresent` never throws for a value that is present but unusable: it answers `nil`, because
/// an odd optional field must never fail a whole page.
struct ObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: OpaquePointer
    let codingPath: [CodingKey]

    var allKeys: [Key] {
        guard let list = json_object_get_members(object) else { return [] }
        defer { g_list_free(list) }
        var keys: [Key] = []
        var cursor: UnsafeMutablePointer<GList>? = list
        while let item = cursor {
            if let name = item.pointee.data?.assumingMemoryBound(to: CChar.self), let key = Key(stringValue: String(cString: name)) {
                keys.append(key)
            }
            cursor = item.pointee.next
        }
        return keys
    }

    func contains(_ key: Key) -> Bool { json_object_has_member(object, key.stringValue) != 0 }
    private func member(_ key: Key) -> OpaquePointer? { json_object_get_member(object, key.stringValue) }
    private func scalar(_ key: Key) -> ScalarContainer {
        ScalarContainer(node: member(key), codingPath: codingPath + [key])
    }

    func decodeNil(forKey key: Key) throws -> Bool { JSONScalar.isNull(member(key)) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try scalar(key).decode(type) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try scalar(key).decode(type) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try scalar(key).decode(type) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try scalar(key).decode(type) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try scalar(key).decode(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try scalar(key).decode(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try scalar(key).decode(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try scalar(key).decode(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try scalar(key).decode(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try scalar(key).decode(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try scalar(key).decode(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try scalar(key).decode(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try scalar(key).decode(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try scalar(key).decode(type) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let node = member(key)
        if let fast = FastScalar.read(T.self, node) {
            if let value = fast { return value }
            throw DecodingError.typeMismatch(T.self, .init(codingPath: codingPath + [key], debugDescription: "missing or unusable value"))
        }
        return try T(from: NodeDecoder(node: node, codingPath: codingPath + [key]))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { JSONScalar.bool(member(key)) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { JSONScalar.string(member(key)) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { JSONScalar.double(member(key)) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { JSONScalar.int64(member(key)).map { Int($0) } }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { JSONScalar.int64(member(key)) }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let node = member(key)
        if JSONScalar.isNull(node) { return nil }
        if let fast = FastScalar.read(T.self, node) { return fast }
        return try? T(from: NodeDecoder(node: node, codingPath: codingPath + [key]))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try NodeDecoder(node: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try NodeDecoder(node: member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }
    func superDecoder() throws -> Decoder { NodeDecoder(node: nil, codingPath: codingPath) }
    func superDecoder(forKey key: Key) throws -> Decoder { NodeDecoder(node: member(key), codingPath: codingPath + [key]) }
}

/// A JSON array, read front to back.
struct ArrayContainer: UnkeyedDecodingContainer {
    let array: OpaquePointer
    let codingPath: [CodingKey]
    private(set) var currentIndex = 0
    let count: Int?

    init(array: OpaquePointer, codingPath: [CodingKey]) {
        self.array = array
        self.codingPath = codingPath
        count = Int(json_array_get_length(array))
    }

    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    private mutating func next() throws -> NodeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, .init(codingPath: codingPath, debugDescription: "array ended"))
        }
        let node = json_array_get_element(array, guint(currentIndex))
        let decoder = NodeDecoder(node: node, codingPath: codingPath + [AnyKey(intValue: currentIndex)])
        currentIndex += 1
        return decoder
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { return false }
        if JSONScalar.isNull(json_array_get_element(array, guint(currentIndex))) {
            currentIndex += 1
            return true
        }
        return false
    }
    private mutating func scalar() throws -> ScalarContainer {
        let decoder = try next()
        return ScalarContainer(node: decoder.node, codingPath: decoder.codingPath)
    }
    mutating func decode(_ type: Bool.Type) throws -> Bool { try scalar().decode(type) }
    mutating func decode(_ type: String.Type) throws -> String { try scalar().decode(type) }
    mutating func decode(_ type: Double.Type) throws -> Double { try scalar().decode(type) }
    mutating func decode(_ type: Float.Type) throws -> Float { try scalar().decode(type) }
    mutating func decode(_ type: Int.Type) throws -> Int { try scalar().decode(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try scalar().decode(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try scalar().decode(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try scalar().decode(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try scalar().decode(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try scalar().decode(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try scalar().decode(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try scalar().decode(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try scalar().decode(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try scalar().decode(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = try next()
        if let fast = FastScalar.read(T.self, decoder.node) {
            if let value = fast { return value }
            throw DecodingError.typeMismatch(T.self, .init(codingPath: decoder.codingPath, debugDescription: "unusable value"))
        }
        return try T(from: decoder)
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next().container(keyedBy: type)
    }
    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer { try next().unkeyedContainer() }
    mutating func superDecoder() throws -> Decoder { try next() }
}
