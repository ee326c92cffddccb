import Observation

/// The Projects tab: a notebook of the Featured, Popular and Latest lists.
@MainActor
@Observable
public final class ProjectsTabViewModel {
    public internal(set) var lists: [ProjectListViewModel]
    public var selectedIndex = 0

    public init(lists: [ProjectListViewModel]) { self.lists = lists }

    public func select(index: Int) {
        guard lists.indices.contains(index), index != selectedIndex else { return }
        selectedIndex = index
    }
}
