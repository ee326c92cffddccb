import Foundation
import GiteeKit

/// What the search field looks for (issue 28, part B): projects, people or issues, each with the filters its API
/// offers and the same infinite list.
public enum SearchKind: Int, CaseIterable, Sendable {
    case projects, people, issues

    public var title: String {
        switch self {
        case .projects: tr("Projects")
        case .people: tr("People")
        case .issues: tr("Issues")
        }
    }

    var placeholder: String {
        switch self {
        case .projects: tr("Search projects")
        case .people: tr("Search people")
        case .issues: tr("Search issues")
        }
    }
}

extension Endpoints.IssueSearchState {
    /// As in "No open issues match ...".
    var title: String {
        switch self {
        case .open: tr("open")
        case .progressing: tr("in progress")
        case .closed: tr("closed")
        case .rejected: tr("rejected")
        }
    }
}

extension DiscoverViewModel {
    public var peopleSortOptions: [(sort: Endpoints.PeopleSearchSort, title: String)] {
        [(.bestMatch, tr("Best match")), (.newest, tr("Newest members")), (.oldest, tr("Oldest members"))]
    }
    public var issueStateOptions: [(state: Endpoints.IssueSearchState?, title: String)] {
        [(nil, tr("Any state")), (.open, tr("Open")), (.progressing, tr("In Progress")), (.closed, tr("Closed")),
         (.rejected, tr("Rejected"))]
    }
    public var issueSortOptions: [(sort: Endpoints.IssueSearchSort, title: String)] {
        [(.bestMatch, tr("Best match")), (.created, tr("Newest")), (.updated, tr("Recently updated")),
         (.comments, tr("Most comments"))]
    }

    /// Switches what is searched; a query already typed runs again for the new kind (and for each filter below).
    public func selectKind(_ kind: SearchKind) { choose(\.kind, kind) }
    public func selectPeopleSort(_ sort: Endpoints.PeopleSearchSort) { choose(\.peopleSort, sort) }
    public func selectIssueState(_ state: Endpoints.IssueSearchState?) { choose(\.issueState, state) }
    public func selectIssueSort(_ sort: Endpoints.IssueSearchSort) { choose(\.issueSort, sort) }

    /// A new choice searches again; the same choice again does nothing.
    func choose<Choice: Equatable>(_ setting: ReferenceWritableKeyPath<DiscoverViewModel, Choice>, _ choice: Choice) {
        guard self[keyPath: setting] != choice else { return }
        self[keyPath: setting] = choice
        reload()
    }

    /// The list the results of the current kind are in, for F5.
    public func refreshResults() {
        switch kind {
        case .projects: results.refresh()
        case .people: people.refresh()
        case .issues: issues.refresh()
        }
    }

    // MARK: Rows

    public func personRow(at index: Int) -> SimpleRow? { people.personRow(at: index) }
    public func openPerson(at index: Int) { people.openPerson(at: index, navigator: navigator) }
    public func personMenu(at index: Int) -> [RowMenuItem] { people.personMenu(at: index, navigator: navigator) }

    /// An issue found anywhere: its project is said, since results span projects.
    public func issueRow(at index: Int, now: Date = Date()) -> SimpleRow? {
        guard let issue = issues.item(at: index) else { return nil }
        let project = issue.repository?.fullName ?? ""
        let when = RelativeTime.describe(issue.createdAt?.date, now: now) ?? ""
        let state = issue.isOpen ? tr("Open") : tr("Closed")
        let subtitle = [state, project + "#" + issue.number, when].filter { !$0.isEmpty }.joined(separator: "  ·  ")
        let comments = String(format: trn("%d comment", "%d comments", count: issue.commentCount), issue.commentCount)
        return SimpleRow(iconName: issue.isOpen ? "dialog-information-symbolic" : "emblem-ok-symbolic",
                         title: issue.title, subtitle: subtitle, trailing: comments,
                         avatarURL: issue.author?.avatarURL.flatMap(URL.init(string:)))
    }

    public func openIssue(at index: Int) {
        guard let issue = issues.item(at: index), let project = issue.repository else { return }
        navigator?.push(.issue(RepositoryID(owner: project.ownerPath, name: project.repoPath), number: issue.number))
    }

    public func issueMenu(at index: Int) -> [RowMenuItem] {
        guard let issue = issues.item(at: index) else { return [] }
        return RowMenuItem.standard(openTitle: tr("Open Issue"), open: { [weak self] in self?.openIssue(at: index) },
                                    webAddress: issue.htmlURL, inBrowser: true, navigator: navigator)
    }
}
