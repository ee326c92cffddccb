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
            activate: { viewModel.openLanguage(at: $0) },
            retryMore: { viewModel.languages.retry() })
        languages = PagedListView(list: viewModel.languages, adapter: languageAdapter, accessibleName: tr("Languages"),
                                  bindings: bindings)
        results = ProjectListPage(viewModel: viewModel.results, images: images)
        content.add(languages, name: "languages")
        content.add(results, name: "results")
        let root = Box(.vertical)
        super.init(root: root, bindings: bindings)

        let bar = Box(.horizontal, spacing: 8, classes: ["search-bar"])
        bar.setMargins(8)
        bar.append(entry, sort)
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
        onMap { viewModel.start() }
        bindings.bind { [unowned self] in
            content.visibleChildName = viewModel.isSearching ? "results" : "languages"
            sort.isVisible = viewModel.isSearching
        }
        bindings.bind { [unowned self] in
            if viewModel.focusRequests > 0 { entry.grabFocus() }
        }
    }

    override var title: String { tr("Discover") }
}
