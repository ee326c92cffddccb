import Foundation
import GiteeKit
import Observation

/// Who committed to a project, most commits first. The site names them by the commits' name and e-mail, not by a
/// Gitee account, so a row opens nothing (no chevron) and its menu copies the e-mail.
@MainActor
@Observable
public final class ContributorsViewModel {
    public let title = tr("Contributors")
    public let repo: RepositoryID
    public let contributors: PagedListViewModel<Contributor>
    @ObservationIgnored private weak var navigator: (any Navigator)?

    init(repo: RepositoryID, cached: CachedClient, navigator: any Navigator) {
        self.repo = repo
        self.navigator = navigator
        contributors = PagedListViewModel(emptyText: tr("No one has committed to this project yet."),
                                          cached.contributors(repo))
    }

    public func row(at index: Int) -> SimpleRow? {
        guard let person = contributors.item(at: index) else { return nil }
        return SimpleRow(iconName: "avatar-default-symbolic", title: person.name.nonEmpty ?? person.email,
                         subtitle: person.name.isEmpty ? "" : person.email,
                         trailing: String(format: trn("%d commit", "%d commits", count: person.contributions), person.contributions),
                         showsDisclosure: false)
    }

    public func start() { contributors.start() }
    public func refresh() { contributors.refresh() }
    public func cancel() { contributors.cancel() }

    /// A contributor is not an account: nothing to open.
    public func activate(at index: Int) {}

    public func menu(at index: Int) -> [RowMenuItem] {
        guard let email = contributors.item(at: index)?.email, !email.isEmpty else { return [] }
        return [RowMenuItem(tr("Copy E-mail")) { [weak navigator] in navigator?.copy(email, announcing: tr("E-mail copied")) }]
    }
}
