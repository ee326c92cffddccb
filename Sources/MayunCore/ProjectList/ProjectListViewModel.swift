import Foundation
import GiteeKit
import Observation

/// A list of projects (Featured, Popular, Latest, a language, search results, a user's projects): the generic paged
/// list plus the row formatting and "open this project".
/// Makes a project list that opens projects, over pages the cached client gives (the Coordinator's
/// `makeProjectList`): what a page that shows project lists of its own is given instead of the whole Coordinator.
public typealias ProjectListFactory = @MainActor (_ title: String, _ emptyText: String, _ pages: CachedPages<Project>)
    -> ProjectListViewModel

@MainActor
@Observable
public final class ProjectListViewModel {
    public let title: String
    public let list: PagedListViewModel<Project>
    @ObservationIgnored private let onOpen: @MainActor (Project) -> Void

    public init(title: String, list: PagedListViewModel<Project>, onOpen: @escaping @MainActor (Project) -> Void) {
        self.title = title
        self.list = list
        self.onOpen = onOpen
    }

    public var count: Int { list.items.count }

    /// Rows as the list shows them, formatted once per item: formatting (relative time, counts, `String(format:)`,
    /// translations) was most of a bind's CPU time, and GTK 4.8 binds a row several times while it scrolls past.
    @ObservationIgnored private var formatted: [Int: ProjectRow] = [:]
    @ObservationIgnored private var formattedRevision = -1
    private static let formattedLimit = 1_000

    public func row(at index: Int, now: Date = Date()) -> ProjectRow? {
        guard list.items.indices.contains(index) else { return nil }
        if formattedRevision != list.itemRevision || formatted.count >= Self.formattedLimit {
            formatted.removeAll(keepingCapacity: true)
            formattedRevision = list.itemRevision
        }
        if let row = formatted[index] { return row }
        let row = ProjectRow(project: list.items[index], now: now)
        formatted[index] = row
        return row
    }

    /// A click or Enter on a row.
    public func activate(at index: Int) {
        guard list.items.indices.contains(index) else { return }
        onOpen(list.items[index])
    }
}
