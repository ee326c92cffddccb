import GtkKit
import MayunCore

/// The Discover tab: a search field (Ctrl+F) with a sort choice above either the languages or the search results.
@MainActor
final class DiscoverPage: Page {
    private let viewModel: DiscoverViewModel
    private let entry: SearchEntry
    private let sort: DropDown
    private let content = Stack()
    private let languages: PagedListView<GiteeLanguage>
    private let results: ProjectListPage
    // Search for people and issues (issue 28, part B)
    private let kind: DropDown
    private let peopleSort: DropDown
    private let issueState: DropDown
    private let issueSort: DropDown
    private let people: PagedListView<GiteeUser>
    private let issues: PagedListView<GiteeIssue>

    init(viewModel: DiscoverViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        entry = SearchEntry(placeholder: viewModel.placeholder)
        entry.hexpand = true
        entry.accessibleLabel = viewModel.placeholder
        sort = DropDown(viewModel.sortOptions.map(\.title))
        sort.accessibleLabel = tr("Sort by")
        let languageAdapter = SimpleRowView.adapter(
            row: { index in viewModel.languageTitle(at: index).map { SimpleRow(title: $0) } },
            activate: { viewModel.openLanguage(at: $0) })
        languages = PagedListView(list: viewModel.languages, adapter: languageAdapter, accessibleName: tr("Languages"),
                                  bindings: bindings)
        results = ProjectListPage(viewModel: viewModel.results, images: images)
        kind = DropDown(SearchKind.allCases.map(\.title))
        kind.accessibleLabel = tr("Search for")
        peopleSort = DropDown(viewModel.peopleSortOptions.map(\.title))
        peopleSort.accessibleLabel = tr("Sort by")
        issueState = DropDown(viewModel.issueStateOptions.map(\.title))
        issueState.accessibleLabel = tr("State")
        issueSort = DropDown(viewModel.issueSortOptions.map(\.title))
        issueSort.accessibleLabel = tr("Sort by")
        people = PagedListView(list: viewModel.people, adapter: SimpleRowView.adapter(
            row: { viewModel.personRow(at: $0) }, activate: { viewModel.openPerson(at: $0) }, images: images),
            accessibleName: tr("People"), bindings: bindings)
        issues = PagedListView(list: viewModel.issues, adapter: SimpleRowView.adapter(
            row: { viewModel.issueRow(at: $0) }, activate: { viewModel.openIssue(at: $0) }, images: images),
            accessibleName: tr("Issues"), bindings: bindings)
        RowContextMenu.install(on: people) { viewModel.personMenu(at: $0) }
        RowContextMenu.install(on: issues) { viewModel.issueMenu(at: $0) }
        content.add(languages, name: "languages")
        content.add(results, name: "results")
        content.add(people, name: "people")
        content.add(issues, name: "issues")
        let root = Box(.vertical)
        super.init(root: root, bindings: bindings)

        let bar = Box(.vertical, spacing: 8, classes: ["search-bar"])
        bar.setMargins(8)
        // The filters wrap under the field on a narrow window.
        let filters = WrappingRow(spacing: 8)
        filters.append(kind, sort, peopleSort, issueState, issueSort)
        bar.append(entry, filters)
        root.append(bar, content)
        content.vexpand = true

        entry.onActivate { [unowned self] in viewModel.search(entry.text) }
        entry.onStopSearch { [unowned self] in
            entry.text = ""
            viewModel.search("")
        }
        sort.onSelected { index in
            if viewModel.sortOptions.indices.contains(index) { viewModel.selectSort(viewModel.sortOptions[index].sort) }
        }
        kind.onSelected { index in
            if SearchKind.allCases.indices.contains(index) { viewModel.selectKind(SearchKind.allCases[index]) }
        }
        peopleSort.onSelected { index in
            if viewModel.peopleSortOptions.indices.contains(index) { viewModel.selectPeopleSort(viewModel.peopleSortOptions[index].sort) }
        }
        issueState.onSelected { index in
            if viewModel.issueStateOptions.indices.contains(index) { viewModel.selectIssueState(viewModel.issueStateOptions[index].state) }
        }
        issueSort.onSelected { index in
            if viewModel.issueSortOptions.indices.contains(index) { viewModel.selectIssueSort(viewModel.issueSortOptions[index].sort) }
        }
        onMap { viewModel.start() }
        bindings.bind { [unowned self] in
            let searching = viewModel.isSearching, kind = viewModel.kind
            self.kind.selectedIndex = kind.rawValue  // also when the kind is chosen elsewhere (tests, a link)
            content.visibleChildName = !searching ? "languages"
                : kind == .projects ? "results" : kind == .people ? "people" : "issues"
            sort.isVisible = searching && kind == .projects
            peopleSort.isVisible = searching && kind == .people
            issueState.isVisible = searching && kind == .issues
            issueSort.isVisible = searching && kind == .issues
            entry.setPlaceholder(viewModel.placeholder)
            entry.accessibleLabel = viewModel.placeholder
        }
        bindings.bind { [unowned self] in
            if viewModel.focusRequests > 0 { entry.grabFocus() }
        }
    }

    override var title: String { tr("Discover") }
}
