import Foundation
import GiteeKit
import Observation

/// A person or organisation: profile header and the Events, Projects, Starred and Watched lists
/// (an organisation has only Projects).
@MainActor
@Observable
public final class UserViewModel {
    public let login: String
    public private(set) var state: ScreenState = .loading
    public private(set) var user: User?
    public let events: PagedListViewModel<Event>
    public let projects: ProjectListViewModel
    public let starred: ProjectListViewModel
    public let watched: ProjectListViewModel
    @ObservationIgnored private weak var coordinator: Coordinator?
    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private var started = false

    init(login: String, coordinator: Coordinator) {
        self.login = login
        self.coordinator = coordinator
        let client = coordinator.services.client
        self.client = client
        events = PagedListViewModel<Event>(emptyText: tr("No activity yet.")) { pagination in
            try await client.page(Endpoints.userEvents(login), at: pagination)
        }
        projects = coordinator.makeProjectList(
            title: tr("Projects"), emptyText: tr("No public projects."), endpoint: Endpoints.userProjects(login),
            cacheKey: "user/\(login)/projects")
        starred = coordinator.makeProjectList(
            title: tr("Starred"), emptyText: tr("No starred projects."), endpoint: Endpoints.userStarred(login),
            cacheKey: "user/\(login)/starred")
        watched = coordinator.makeProjectList(
            title: tr("Watched"), emptyText: tr("No watched projects."), endpoint: Endpoints.userWatched(login),
            cacheKey: "user/\(login)/watched")
    }

    // Outputs
    public var title: String { user?.name.nonEmpty ?? login }
    public var isOrganization: Bool { user?.isOrganization ?? false }
    public var name: String { user?.name.nonEmpty ?? login }
    public var subtitle: String { user.map { $0.name == $0.login ? "" : $0.login } ?? "" }
    public var bio: String { user?.bio ?? "" }
    public var avatarURL: URL? { user?.avatarURL.flatMap(URL.init(string:)) }
    public var counts: String {
        guard let user else { return "" }
        var parts: [String] = []
        if let value = user.followers { parts.append(String(format: tr("%@ followers"), CompactCount.format(value))) }
        if let value = user.following { parts.append(String(format: tr("%@ following"), CompactCount.format(value))) }
        if let value = user.starred { parts.append(String(format: tr("%@ starred"), CompactCount.format(value))) }
        if let value = user.watched { parts.append(String(format: tr("%@ watched"), CompactCount.format(value))) }
        return parts.joined(separator: "  ·  ")
    }
    public var links: [(title: String, url: URL)] {
        guard let user else { return [] }
        return [(tr("Blog"), user.blog), (tr("Weibo"), user.weibo)].compactMap { title, text in
            guard let text, !text.isEmpty else { return nil }
            let url = URL(string: text.contains("://") ? text : "https://" + text)
            return url.map { (title, $0) }
        }
    }
    public var joined: String {
        guard let date = user?.createdAt?.date else { return "" }
        return String(format: tr("Joined %@"), DateFormatter.localizedString(from: date, dateStyle: .medium, timeStyle: .none))
    }

    public func event(at index: Int) -> EventRow? {
        events.items.indices.contains(index) ? EventRow(event: events.items[index]) : nil
    }

    // Inputs
    public func start() {
        guard !started else { return }
        started = true
        refresh()
    }

    public func refresh() {
        if user == nil { state = .loading }
        let client = client
        Task {
            do {
                let fresh = try await client.send(Endpoints.user(login))
                if fresh.isOrganization, user?.isOrganization != true {
                    let endpoint = Endpoints.organizationProjects(login)
                    projects.list.replaceSource { pagination in try await client.page(endpoint, at: pagination) }
                }
                user = fresh
                state = .content
            } catch let error as GiteeError {
                if error != .cancelled, user == nil { state = .failed(message: ErrorText.message(for: error)) }
            } catch {}
        }
    }

    public func openEvent(at index: Int) {
        guard events.items.indices.contains(index), let route = events.items[index].destination else { return }
        coordinator?.push(route)
    }

    public func open(_ url: URL) { coordinator?.openExternal(url) }
}

extension UserViewModel: Refreshable {}
