import Foundation
import GiteeKit
import Observation

/// A project's branches or tags: one row per ref with the commit at its tip (and its date when the answer carries
/// one: tags do, branch lists do not); a row opens the project's files at that ref, as the branch picker does.
@MainActor
@Observable
public final class RefListViewModel<Item: Sendable> {
    public let title: String
    public let repo: RepositoryID
    public let refs: PagedListViewModel<Item>
    @ObservationIgnored private let describe: @MainActor (Item, Date) -> SimpleRow
    @ObservationIgnored private let refName: (Item) -> String
    @ObservationIgnored private weak var navigator: (any Navigator)?

    init(title: String, repo: RepositoryID, emptyText: String, pages: CachedPages<Item>, navigator: any Navigator,
         refName: @escaping (Item) -> String, describe: @escaping @MainActor (Item, Date) -> SimpleRow) {
        self.title = title
        self.repo = repo
        self.navigator = navigator
        self.refName = refName
        self.describe = describe
        refs = PagedListViewModel<Item>(emptyText: emptyText, pages)
    }

    public func row(at index: Int, now: Date = Date()) -> SimpleRow? {
        refs.item(at: index).map { describe($0, now) }
    }

    public func start() { refs.start() }
    public func refresh() { refs.refresh() }
    public func cancel() { refs.cancel() }

    /// Opens the project's files at this branch or tag.
    public func activate(at index: Int) {
        guard let ref = refs.item(at: index) else { return }
        navigator?.push(.tree(repo, ref: refName(ref), path: ""))
    }

    /// The row's context menu: Browse Files, Commits.
    public func menu(at index: Int) -> [RowMenuItem] {
        guard let ref = refs.item(at: index) else { return [] }
        let name = refName(ref), repo = repo
        return [RowMenuItem(tr("Browse Files")) { [weak self] in self?.activate(at: index) },
                RowMenuItem(tr("Commits")) { [weak navigator] in navigator?.push(.commits(repo, ref: name)) }]
    }
}

extension RefListViewModel where Item == Branch {
    /// Branches as the site lists them (`commit` carries only the sha, so no date: asking each branch's commit
    /// would cost a request per row against a 60-an-hour anonymous limit).
    convenience init(branchesOf repo: RepositoryID, cached: CachedClient, navigator: any Navigator) {
        self.init(title: tr("Branches"), repo: repo, emptyText: tr("This project has no branches."),
                  pages: cached.branches(repo), navigator: navigator, refName: \.name) { branch, _ in
            SimpleRow(iconName: "media-playlist-consecutive-symbolic", title: branch.name,
                      subtitle: branch.isProtected ? tr("Protected") : "", trailing: String(branch.commitSHA.prefix(8)))
        }
    }
}

extension RefListViewModel where Item == Tag {
    /// Tags, newest first, with the tagged commit and its date.
    convenience init(tagsOf repo: RepositoryID, cached: CachedClient, navigator: any Navigator) {
        self.init(title: tr("Tags"), repo: repo, emptyText: tr("This project has no tags."),
                  pages: cached.tags(repo), navigator: navigator, refName: \.name) { tag, now in
            let when = RelativeTime.describe(tag.date?.date, now: now) ?? ""
            let message = tag.message.split(separator: "\n").first.map(String.init) ?? ""
            let subtitle = [message, when].filter { !$0.isEmpty }.joined(separator: "  ·  ")
            return SimpleRow(iconName: "bookmark-new-symbolic", title: tag.name, subtitle: subtitle,
                             trailing: String(tag.commitSHA.prefix(8)))
        }
    }
}
