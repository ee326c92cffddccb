import Foundation
import GiteeKit
import Observation

/// An organisation's page (issue 28): name, description, avatar, then its Projects (private ones too for a member:
/// the list is fetched with the token and `type=all` when logged in) and its Members (each opens the person).
@MainActor
@Observable
public final class OrganizationViewModel {
    public let login: String
    public let profile: RemoteResource<Organization>
    public var state: ScreenState { profile.state }
    public var organization: Organization? { profile.value }
    public let projects: ProjectListViewModel
    public let members: PeopleListViewModel
    /// Which notebook page shows: 0 Projects, 1 Members.
    public private(set) var selectedList = 0
    @ObservationIgnored private weak var navigator: (any Navigator)?

    init(login: String, cached: CachedClient, makeList: ProjectListFactory, navigator: any Navigator) {
        self.login = login
        self.navigator = navigator
        profile = RemoteResource(cached.organization(login))
        projects = makeList(tr("Projects"), tr("This organisation has no projects you can see."),
                            cached.organizationProjects(login))
        members = PeopleListViewModel(title: tr("Members"), emptyText: tr("No members you can see."),
                                      pages: cached.organizationMembers(login), navigator: navigator)
    }

    // Outputs
    public var title: String { organization?.name.nonEmpty ?? login }
    public var name: String { organization?.name.nonEmpty ?? login }
    public var subtitle: String { organization.map { $0.name == $0.login ? "" : $0.login } ?? "" }
    public var about: String { organization?.description ?? "" }
    public var avatarURL: URL? { organization?.avatarURL.flatMap(URL.init(string:)) }
    public var pagesLabel: String { String(format: tr("Pages of %@"), login) }

    // Inputs
    public func start() {
        profile.start()
        projects.start()
    }

    public func refresh() {
        profile.refresh()
        selectedList == 0 ? projects.refresh() : members.refresh()
    }

    public func cancel() {
        profile.cancel()
        projects.cancel()
        members.cancel()
    }

    public func selectList(_ index: Int) {
        if selectedList != index { selectedList = index }
        if index == 1 { members.start() }
    }

    public func openInBrowser() {
        if let text = organization?.htmlURL, let url = URL(string: text), url.scheme == "https" || url.scheme == "http" {
            navigator?.openExternal(url)
        }
    }
}

/// The logged-in person's organisations (Mine); a row opens the organisation's page.
@MainActor
@Observable
public final class OrganizationListViewModel {
    public let title = tr("Organisations")
    public let organizations: PagedListViewModel<Organization>
    @ObservationIgnored private weak var navigator: (any Navigator)?

    init(pages: CachedPages<Organization>, navigator: any Navigator) {
        self.navigator = navigator
        organizations = PagedListViewModel(emptyText: tr("You do not belong to any organisation."), pages)
    }

    public func row(at index: Int) -> SimpleRow? {
        guard let org = organizations.item(at: index) else { return nil }
        return SimpleRow(iconName: "system-users-symbolic", title: org.name.nonEmpty ?? org.login,
                         subtitle: org.description ?? "", avatarURL: org.avatarURL.flatMap(URL.init(string:)))
    }

    public func start() { organizations.start() }
    public func refresh() { organizations.refresh() }
    public func cancel() { organizations.cancel() }

    public func activate(at index: Int) {
        guard let organization = organizations.item(at: index) else { return }
        navigator?.push(.organization(login: organization.login))
    }
}
