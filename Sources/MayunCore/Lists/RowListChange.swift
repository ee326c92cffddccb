/// Where two row lists differ: the rows before `start` and the rows after the changed stretch are the same in both,
/// so a list view replaces only `removed` rows at `start` with `added` new ones (what is above and below keeps its
/// place). The Notifications page's rows and a diff's rows change this way.
public struct RowListChange: Equatable, Sendable {
    public let start: Int
    public let removed: Int
    public let added: Int

    public var isEmpty: Bool { removed == 0 && added == 0 }

    public init(start: Int, removed: Int, added: Int) {
        self.start = start
        self.removed = removed
        self.added = added
    }

    /// Every row replaced: `old` rows by `new` ones.
    public static func replacingAll(_ old: Int, with new: Int) -> RowListChange {
        RowListChange(start: 0, removed: old, added: new)
    }

    public init<Row: Equatable>(from old: [Row], to new: [Row]) {
        var head = 0
        while head < old.count, head < new.count, old[head] == new[head] { head += 1 }
        var tail = 0
        while tail < old.count - head, tail < new.count - head, old[old.count - 1 - tail] == new[new.count - 1 - tail] {
            tail += 1
        }
        start = head
        removed = old.count - head - tail
        added = new.count - head - tail
    }
}
