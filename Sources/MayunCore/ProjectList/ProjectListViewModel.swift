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
    /// For the rows' context menus (browser, clipboard); the Coordinator sets it.
    @ObservationIgnored public weak var navigator: (any Navigator)?
    /// Where a row's project is asked for early (the Coordinator's `Prefetcher`); nil: nothing is.
    @ObservationIgnored public weak var prefetcher: Prefetcher?

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
        if formattedRevision != list.itemRevision || formatted.count >= Self.formattedLimit {
            formatted.removeAll(keepingCapacity: true)
            formattedRevision = list.itemRevision
        }
        // A row formatted in this revision is still that item (the revision grows whenever an index changes
        // meaning), so a bind of it does not read the observed `items` (each read goes through the observation
        // registrar: a third of this function's time while a list scrolls).
        if let row = formatted[index] { return row }
        let items = list.items
        guard items.indices.contains(index) else { return nil }
        let row = ProjectRow(project: items[index], now: now)
        formatted[index] = row
        return row
    }

    /// A click or Enter on a row.
    public func activate(at index: Int) {
        guard let project = list.item(at: index) else { return }
        prefetcher?.opening()
        onOpen(project)
    }

    /// The pointer rests on (or keyboard focus reached) the row at `index`; nil: it left the rows.
    public func interest(at index: Int?) {
        let project = list.item(at: index)
        prefetcher?.interest(in: project.map { .project(RepositoryID(owner: $0.ownerPath, name: $0.repoPath)) })
    }

    /// The row's context menu: Open Project, Open in Browser, Copy Link.
    public func menu(at index: Int) -> [RowMenuItem] {
        guard let project = list.item(at: index) else { return [] }
        // Gitee's html_url of a project ends in ".git" (the clone address); the page is without it.
        let web = project.htmlURL.map { $0.hasSuffix(".git") ? String($0.dropLast(4)) : $0 }
        return RowMenuItem.standard(openTitle: tr("Open Project"), open: { [weak self] in self?.activate(at: index) },
                                    webAddress: web, inBrowser: true, navigator: navigator)
    }
}
