import CGtk
import GLibRuntime
import MayunCore

/// The Discover tab: a search field (Ctrl+F) with a sort choice above either the languages or the search results.
@MainActor
final class DiscoverPage: Page {
    private let viewModel: DiscoverViewModel
    private let entry: Widget
    private let sort: Widget
    private let content: Widget
    private let languages: PagedListView<GiteeLanguage>
    private let results: ProjectListPage

    init(viewModel: DiscoverViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        entry = widget(gtk_search_entry_new())
        gtk_widget_set_hexpand(entry, 1)
        setStringProperty(raw(entry), "placeholder-text", viewModel.placeholder)
        Accessibility.setLabel(entry, viewModel.placeholder)
        sort = withCStringArray(viewModel.sortOptions.map(\.title)) { widget(gtk_drop_down_new_from_strings($0)) }
        Accessibility.setLabel(sort, tr("Sort by"))
        let languageAdapter = SimpleRowView.adapter(
            row: { index in viewModel.languageTitle(at: index).map { SimpleRow(title: $0) } },
            activate: { viewModel.openLanguage(at: $0) },
            retryMore: { viewModel.languages.retry() })
        languages = PagedListView(list: viewModel.languages, adapter: languageAdapter, accessibleName: tr("Languages"),
                                  bindings: bindings)
        results = ProjectListPage(viewModel: viewModel.results, images: images)
        content = widget(gtk_stack_new())
        gtk_stack_add_named(opaque(content), languages.root, "languages")
        gtk_stack_add_named(opaque(content), results.root, "results")
        let root = Build.box(GTK_ORIENTATION_VERTICAL)
        super.init(root: root, bindings: bindings)

        let bar = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8, classes: ["search-bar"])
        Build.margins(bar, 8)
        Build.append(bar, entry, sort)
        Build.append(root, bar, content)
        gtk_widget_set_vexpand(content, 1)

        connect(raw(entry), "activate", main: { [unowned self] in viewModel.search(text(of: entry)) })
        connect(raw(entry), "stop-search", main: { [unowned self] in
            gtk_editable_set_text(OpaquePointer(entry), "")
            viewModel.search("")
        })
        connect(raw(sort), "notify::selected", main: { [unowned self] in
            let index = Int(gtk_drop_down_get_selected(opaque(sort)))
            if viewModel.sortOptions.indices.contains(index) { viewModel.selectSort(viewModel.sortOptions[index].sort) }
        })
        connect(raw(root), "map", main: { viewModel.start() })
        bindings.bind { [unowned self] in
            gtk_stack_set_visible_child_name(opaque(content), viewModel.isSearching ? "results" : "languages")
            gtk_widget_set_visible(sort, viewModel.isSearching ? 1 : 0)
        }
        bindings.bind { [unowned self] in
            if viewModel.focusRequests > 0 { gtk_widget_grab_focus(entry) }
        }
    }

    override var title: String { tr("Discover") }

    private func text(of entry: Widget) -> String {
        gtk_editable_get_text(OpaquePointer(entry)).map { String(cString: $0) } ?? ""
    }
}
