import Foundation
import GiteeKit
import Observation

/// A project's releases, newest first (first page kept offline); a click opens the release with its notes, its files
/// and the source archives of its tag.
@MainActor
@Observable
public final class ReleasesViewModel {
    public let repo: RepositoryID
    public let releases: PagedListViewModel<Release>
    @ObservationIgnored private weak var navigator: (any Navigator)?

    init(repo: RepositoryID, pages: CachedPages<Release>, navigator: any Navigator) {
        self.repo = repo
        self.navigator = navigator
        releases = PagedListViewModel<Release>(emptyText: tr("This project has no releases yet."), pages)
    }

    public var title: String { tr("Releases") }

    /// "v1.2.0 — Name": the tag first (what people look for), the name when it says more.
    public static func heading(of release: Release) -> String {
        let name = release.name.trimmingCharacters(in: .whitespacesAndNewlines)
        return name.isEmpty || name == release.tagName ? release.tagName : "\(release.tagName) — \(name)"
    }

    /// "author  ·  3 days ago  ·  Pre-release" (the release page shows a badge instead: `withPrerelease: false`).
    public static func byline(of release: Release, withPrerelease: Bool = true, now: Date = Date()) -> String {
        var parts: [String] = []
        if let author = release.author { parts.append(author.name.nonEmpty ?? author.login) }
        if let when = RelativeTime.describe(release.createdAt?.date, now: now) { parts.append(when) }
        if withPrerelease, release.isPrerelease { parts.append(tr("Pre-release")) }
        return parts.joined(separator: "  ·  ")
    }

    public func row(at index: Int, now: Date = Date()) -> SimpleRow? {
        guard let release = releases.item(at: index) else { return nil }
        let files = release.assets.count
        return SimpleRow(iconName: release.isPrerelease ? "dialog-warning-symbolic" : "package-x-generic-symbolic",
                         title: Self.heading(of: release), subtitle: Self.byline(of: release, now: now),
                         trailing: files == 0 ? "" : String(format: trn("%d file", "%d files", count: files), files))
    }

    public func start() { releases.start() }
    public func refresh() { releases.refresh() }
    public func cancel() { releases.cancel() }

    public func activate(at index: Int) {
        guard let release = releases.item(at: index) else { return }
        navigator?.push(.release(repo, tag: release.tagName))
    }
}
