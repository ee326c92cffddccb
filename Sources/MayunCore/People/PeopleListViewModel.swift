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

    public func row(at index: Int) -> SimpleRow? { people.personRow(at: index) }

    public func start() { people.start() }

    public func activate(at index: Int) { people.openPerson(at: index, navigator: navigator) }

    /// The row's context menu: Open Profile, Copy Link.
    public func menu(at index: Int) -> [RowMenuItem] { people.personMenu(at: index, navigator: navigator) }
}

extension PeopleListViewModel {
    public func refresh() { people.refresh() }
}
