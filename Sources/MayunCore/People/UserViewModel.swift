import Foundation
import GiteeKit
import MayunDocument
import Observation

/// A person or organisation: profile header and the Events, Projects, Starred and Watched lists
/// (an organisation has only Projects).
@MainActor
@Observable
public final class UserViewModel {
    public let login: String
    /// The profile (name, counts, links); the four lists page on their own.
    public let profile: RemoteResource<User>
    public var state: ScreenState { profile.state }
    public var user: User? { profile.value }
    public let events: PagedListViewModel<Event>
    public let projects: ProjectListViewModel
    public let starred: ProjectListViewModel
    public let watched: ProjectListViewModel
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private var switchedToOrganization = false

    /// Whether this is the logged-in person (Mine): their own lists include private projects.
    public let isMine: Bool
    /// Which notebook page shows (the Starred and Watched counts jump to theirs).
    public private(set) var selectedList = 0

    init(login: String, isMine: Bool = false, cached: CachedClient, makeList: ProjectListFactory,
         navigator: any Navigator) {
        self.login = login
        self.isMine = isMine
        self.navigator = navigator
        profile = RemoteResource(cached.user(login, isMine: isMine))
        events = PagedListViewModel<Event>(emptyText: tr("No activity yet."), cached.userEvents(login, isMine: isMine))
        projects = makeList(tr("Projects"), tr("No public projects."), cached.projects(.projects, of: login, isMine: isMine))
        starred = makeList(tr("Starred"), tr("No starred projects."), cached.projects(.starred, of: login, isMine: isMine))
        watched = makeList(tr("Watched"), tr("No watched projects."), cached.projects(.watched, of: login, isMine: isMine))
        // An organisation's projects come from another endpoint; the profile (saved or fresh) says which kind this
        // login is.
        profile.onShown = { [weak self] profile in
            guard let self, profile.isOrganization, !switchedToOrganization else { return }
            switchedToOrganization = true
            projects.list.replaceSource(cached.organizationProjects(login).fetch)
        }
    }

    // Outputs
    public var title: String { user?.name.nonEmpty ?? login }
    /// The notebook's accessible name: Mine embeds a user page too, so "Projects" alone is ambiguous to screen readers.
    public var pagesLabel: String { String(format: tr("Pages of %@"), login) }
    public var isOrganization: Bool { user?.isOrganization ?? false }
    public var name: String { user?.name.nonEmpty ?? login }
    public var subtitle: String { user.map { $0.name == $0.login ? "" : $0.login } ?? "" }
    public var bio: String { user?.bio ?? "" }
    public var avatarURL: URL? { user?.avatarURL.flatMap(URL.init(string:)) }
    /// The four counts, each a button: Followers and Following open their lists, Starred and Watched their pages.
    public enum Count: CaseIterable, Sendable { case followers, following, starred, watched }
    public func countTitle(_ count: Count) -> String {
        let number = countNumber(count)
        return switch count {
        case .followers: String(format: tr("%@ followers"), number)
        case .following: String(format: tr("%@ following"), number)
        case .starred: String(format: tr("%@ starred"), number)
        case .watched: String(format: tr("%@ watched"), number)
        }
    }

    /// The count's number alone ("1.2k", or "–" before the profile arrived): the big line of its button.
    public func countNumber(_ count: Count) -> String {
        let value: Int? = switch count {
        case .followers: user?.followers
        case .following: user?.following
        case .starred: user?.starred
        case .watched: user?.watched
        }
        return value.map(CompactCount.format) ?? "–"
    }

    /// What the count counts: the small line under its number (the button's accessible name is `countTitle`).
    public func countName(_ count: Count) -> String {
        switch count {
        case .followers: tr("Followers")
        case .following: tr("Following")
        case .starred: tr("Starred")
        case .watched: tr("Watched")
        }
    }

    public func open(_ count: Count) {
        switch count {
        case .followers: navigator?.push(.followers(login: login))
        case .following: navigator?.push(.following(login: login))
        case .starred: selectedList = 2
        case .watched: selectedList = 3
        }
    }

    public func selectList(_ index: Int) {
        if selectedList != index { selectedList = index }
    }
    /// The profile's blog and Weibo addresses, as a stranger typed them: each judged by `LinkPolicy` (a `file:` or
    /// custom-scheme address is shown, not opened).
    public var links: [ProfileLink] {
        guard let user else { return [] }
        return [(tr("Blog"), user.blog), (tr("Weibo"), user.weibo)].compactMap { title, text in
            guard let text = text?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty else { return nil }
            return ProfileLink(title: title, text: text, decision: LinkPolicy.decide(profileText: text))
        }
    }
    public var joined: String {
        guard let date = user?.createdAt?.date else { return "" }
        return String(format: tr("Joined %@"), DateFormatter.localizedString(from: date, dateStyle: .medium, timeStyle: .none))
    }

    public func event(at index: Int) -> EventRow? {
        events.item(at: index).map { EventRow(event: $0) }
    }

    // Inputs
    public func start() { profile.start() }
    public func refresh() { profile.refresh() }

    /// The page was left: its requests stop.
    public func cancel() {
        profile.cancel()
        events.cancel()
        for list in [projects, starred, watched] { list.cancel() }
    }

    public func openEvent(at index: Int) {
        guard let route = events.item(at: index)?.destination else { return }
        navigator?.push(route)
    }

    public func open(_ url: URL) { navigator?.openExternal(url) }
    public func open(_ link: ProfileLink) {
        if case .open(let url) = link.decision { open(url) }
    }
}

/// A link on a profile: its caption, the address as typed, and whether it opens.
public struct ProfileLink: Equatable, Sendable {
    public let title: String
    public let text: String
    public let decision: LinkPolicy.Decision
}
