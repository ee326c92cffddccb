extension KeyedDecodingContainer {
    /// The value for `key`, or `fallback` when it is missing, `null` or unusable.
    func value<T: Decodable>(_ key: Key, or fallback: T) -> T {
        ((try? decodeIfPresent(T.self, forKey: key)) ?? nil) ?? fallback
    }

    /// The value for `key`, or `nil` when it is missing, `null` or unusable.
    func optional<T: Decodable>(_ key: Key) -> T? {
        (try? decodeIfPresent(T.self, forKey: key)) ?? nil
    }

    /// A non-empty string for `key`, or `nil` (Gitee sends `""` and `null` interchangeably for "none").
    func text(_ key: Key) -> String? {
        guard let string: String = optional(key), !string.isEmpty else { return nil }
        return string
    }

    /// A list for `key`, or an empty list when missing, `null` or not a list.
    func list<T: Decodable>(_ key: Key) -> [T] {
        value(key, or: [T]())
    }
}
