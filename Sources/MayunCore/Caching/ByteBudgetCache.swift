/// A least-recently-used cache bounded by bytes, not by entries: `ImageLoader`'s decoded images, where an avatar
/// thumbnail costs 4 KiB and a README screenshot 30 MB, and a thread's parsed comments (`RenderedComments`). Adding past the budget evicts the least recently used
/// entries first; an entry larger than the whole budget is not kept at all (whoever asked for it still gets it).
/// Reads and writes are O(1): a dictionary over a doubly linked list in use order.
package struct ByteBudgetCache<Key: Hashable, Value> {
    package let budget: Int
    package private(set) var totalBytes = 0
    private var nodes: [Key: Node] = [:]
    /// Least recently used at `oldest`, most recently used at `newest`.
    /// Weak like the links: the dictionary alone owns the nodes (no cycles, no recursive release of a long chain).
    private weak var oldest: Node?
    private weak var newest: Node?

    private final class Node {
        let key: Key
        var value: Value
        var bytes: Int
        weak var older: Node?
        weak var newer: Node?
        init(key: Key, value: Value, bytes: Int) {
            self.key = key
            self.value = value
            self.bytes = bytes
        }
    }

    package init(budget: Int) { self.budget = max(budget, 0) }

    package var count: Int { nodes.count }
    package func contains(_ key: Key) -> Bool { nodes[key] != nil }

    /// The value, its place in the use order unchanged (a read that must not count as a use, or mutate).
    package func peek(_ key: Key) -> Value? { nodes[key]?.value }

    /// The value, now the most recently used.
    package mutating func value(for key: Key) -> Value? {
        guard let node = nodes[key] else { return nil }
        unlink(node)
        append(node)
        return node.value
    }

    /// Keeps `value` as the most recently used, then evicts the oldest until the total fits the budget. Returns
    /// false when `bytes` alone exceed the budget (nothing is kept, nothing else evicted).
    @discardableResult
    package mutating func insert(_ value: Value, bytes: Int, for key: Key) -> Bool {
        var evicted: [Key] = []
        return insert(value, bytes: bytes, for: key, evicted: &evicted)
    }

    /// `insert`, telling which keys it evicted for the new entry.
    @discardableResult
    package mutating func insert(_ value: Value, bytes: Int, for key: Key, evicted: inout [Key]) -> Bool {
        remove(key)
        let bytes = max(bytes, 0)
        guard bytes <= budget else { return false }
        let node = Node(key: key, value: value, bytes: bytes)
        nodes[key] = node
        append(node)
        totalBytes += bytes
        while totalBytes > budget, let victim = oldest {
            evicted.append(victim.key)
            remove(victim.key)
        }
        return true
    }

    package mutating func remove(_ key: Key) {
        guard let node = nodes.removeValue(forKey: key) else { return }
        unlink(node)
        totalBytes -= node.bytes
    }

    package mutating func removeAll() {
        nodes = [:]
        totalBytes = 0
    }

    /// Keys from least to most recently used (tests).
    package var keysByAge: [Key] {
        var keys: [Key] = []
        var node = oldest
        while let current = node {
            keys.append(current.key)
            node = current.newer
        }
        return keys
    }

    private mutating func append(_ node: Node) {
        node.older = newest
        node.newer = nil
        newest?.newer = node
        newest = node
        if oldest == nil { oldest = node }
    }

    private mutating func unlink(_ node: Node) {
        if let older = node.older { older.newer = node.newer } else { oldest = node.newer }
        if let newer = node.newer { newer.older = node.older } else { newest = node.older }
        node.older = nil
        node.newer = nil
    }
}
