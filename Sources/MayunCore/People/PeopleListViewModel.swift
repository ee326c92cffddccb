import Foundation
import GiteeKit
import Observation

/// A list of people (followers, following); a click opens the person's page.
@MainActor
@Observable
public final class PeopleListViewModel {
    public let title: String
    public let people: PagedListViewModel<User>
    @ObservationIgnored private weak var navigator: (any Navigator)?

    init(title: String, emptyText: String, pages: CachedPages<User>, navigator: any Navigator) {
        self.title = title
        self.navigator = navigator
        people = PagedListViewModel<User>(emptyText: emptyText, pages)
    }

    public func row(at index: Int) -> SimpleRow? {
        guard people.items.indices.contains(index) else { return nil }
        let user = people.items[index]
        return SimpleRow(iconName: "avatar-default-symbolic", title: user.name.nonEmpty ?? user.login,
                         subtitle: user.name == user.login ? "" : user.login,
                         avatarURL: user.avatarURL.flatMap(URL.init(string:)))
    }

    public func start() { people.start() }

    public func activate(at index: Int) {
        guard people.items.indices.contains(index) else { return }
        navigator?.push(.user(login: people.items[index].login))
    }

    /// The row's context menu: Open Profile, Copy Link.
    public func menu(at index: Int) -> [RowMenuItem] {
        guard people.items.indices.contains(index) else { return [] }
        return RowMenuItem.standard(openTitle: tr("Open Profile"), open: { [weak self] in self?.activate(at: index) },
                                    webAddress: people.items[index].htmlURL, inBrowser: false, navigator: navigator)
    }
}

extension PeopleListViewModel {
    public func refresh() { people.refresh() }
}
