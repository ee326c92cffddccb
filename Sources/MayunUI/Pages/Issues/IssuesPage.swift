import GtkKit
import MayunCore

/// A project's issues: the search, the state filter (Unfinished first), the label filter, New Issue, and the list.
@MainActor
final class IssuesPage: Page {
    private let viewModel: IssuesViewModel
    private let list: PagedListView<GiteeIssue>

    init(viewModel: IssuesViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        let bindings = BindingBag()
        list = makeSimpleList(viewModel, images: images, bindings: bindings)
        // Six filters (Unfinished, each of the site's four states, All) as buttons would hold a phone's window at
        // 540 px: a drop-down names the one shown.
        let options = viewModel.filters
        let filters = DropDown(options.map(\.title))
        filters.selectedIndex = options.firstIndex { $0.state == viewModel.filter } ?? 0
        filters.accessibleLabel = viewModel.filterTitle
        filters.tooltip = viewModel.filterTitle
        filters.onSelected { index in
            if options.indices.contains(index) { viewModel.selectFilter(options[index].state) }
        }
        let create = Button(label: viewModel.newIssueTitle, classes: ["suggested-action"])
        create.onClicked { viewModel.newIssue() }
        let labelFilter = Box(.horizontal)
        // Words to search for in this project's issues (the list's filters still apply).
        let search = SearchEntry(placeholder: viewModel.searchPlaceholder)
        search.accessibleLabel = viewModel.searchPlaceholder
        search.text = viewModel.searchText
        search.onSearchChanged { [unowned viewModel] in viewModel.search($0) }
        // Escape: the plain list again (the binding below empties the field).
        search.onStopSearch { [unowned viewModel] in viewModel.search("") }
        // Two lines over the list: the search (taking the spare width) and New Issue; then the state and label
        // filters and More Filters. In one flow box with the filters the search had 142 px on a phone and the
        // filters were spread apart on a desktop; each line now fits a 360 px window and reads the same at any width.
        search.hexpand = true
        let filterLine = Box(.horizontal, spacing: 8)
        filterLine.setMargins(bottom: 8, start: 8, end: 8)
        create.valign = .center
        // Assignee, milestone and order in a popover beside New Issue (a phone has no room for five drop-downs).
        let moreFilters = Box(.vertical, spacing: 8)
        moreFilters.setMargins(6)
        let more = PopoverButton(label: viewModel.moreFiltersTitle, iconName: "view-sort-descending-symbolic",
                                 content: moreFilters)
        more.valign = .center
        more.accessibleLabel = viewModel.moreFiltersTitle
        more.tooltip = viewModel.moreFiltersTitle
        let searchLine = Box(.horizontal, spacing: 8)
        searchLine.setMargins(8)
        searchLine.append(search, create)
        filterLine.append(filters, labelFilter, Box.spacer(), more)
        let bar = Box(.vertical, classes: ["path-bar"])
        bar.append(searchLine, filterLine)
        list.vexpand = true
        let root = Box(.vertical)
        root.append(bar)
        root.append(list)
        super.init(root: root, bindings: bindings)
        bindings.bind { [unowned viewModel] in
            if viewModel.searchText.isEmpty, !search.text.trimmingCharacters(in: .whitespaces).isEmpty { search.text = "" }
            search.tooltip = viewModel.milestoneIgnoredWhileSearching ?? viewModel.searchPlaceholder
        }
        bindings.bind { [unowned viewModel] in
            Self.showLabelFilter(in: labelFilter, options: viewModel.labelOptions, viewModel: viewModel)
        }
        bindings.bind { [unowned viewModel] in
            Self.showMoreFilters(in: moreFilters, assignees: viewModel.assigneeOptions,
                                 milestones: viewModel.milestoneOptions, viewModel: viewModel)
        }
        onMap { viewModel.start() }
    }

    /// The label filter: "Any label" and the project's labels, once they are read (hidden while there are none).
    private static func showLabelFilter(in holder: Box, options: [(label: String?, title: String)],
                                        viewModel: IssuesViewModel) {
        holder.removeAll()
        holder.isVisible = options.count > 1
        guard options.count > 1 else { return }
        let dropDown = DropDown(options.map(\.title))
        dropDown.selectedIndex = options.firstIndex { $0.label == viewModel.label } ?? 0
        dropDown.accessibleLabel = viewModel.labelFilterTitle
        dropDown.tooltip = viewModel.labelFilterTitle
        dropDown.onSelected { [unowned viewModel] index in
            if options.indices.contains(index) { viewModel.selectLabel(options[index].label) }
        }
        holder.append(dropDown)
    }

    /// The popover's drop-downs: order (always), assignee (logged in), milestone (when the project has some).
    private static func showMoreFilters(in holder: Box, assignees: [(filter: AssigneeFilter, title: String)],
                                        milestones: [(milestone: String?, title: String)], viewModel: IssuesViewModel) {
        holder.removeAll()
        let sorts = viewModel.sortOptions
        holder.append(choice(sorts.map(\.title), selected: sorts.firstIndex { $0.sort == viewModel.query.sort } ?? 0,
                             name: viewModel.sortTitle) { [unowned viewModel] in viewModel.selectSort(sorts[$0].sort) })
        if !assignees.isEmpty {
            holder.append(choice(assignees.map(\.title),
                                 selected: assignees.firstIndex { $0.filter == viewModel.assigneeFilter } ?? 0,
                                 name: viewModel.assigneeFilterTitle) { [unowned viewModel] in
                viewModel.selectAssignee(assignees[$0].filter)
            })
        }
        if !milestones.isEmpty {
            holder.append(choice(milestones.map(\.title),
                                 selected: milestones.firstIndex { $0.milestone == viewModel.query.milestone } ?? 0,
                                 name: viewModel.milestoneFilterTitle) { [unowned viewModel] in
                viewModel.selectMilestone(milestones[$0].milestone)
            })
        }
    }

    private static func choice(_ titles: [String], selected: Int, name: String,
                               _ pick: @escaping @MainActor (Int) -> Void) -> DropDown {
        let dropDown = DropDown(titles)
        dropDown.selectedIndex = selected
        dropDown.accessibleLabel = name
        dropDown.tooltip = name
        dropDown.onSelected { index in if titles.indices.contains(index) { pick(index) } }
        return dropDown
    }

    override var title: String { viewModel.title }
}

extension IssuesViewModel: SimpleRowList, RowMenus, RowInterest {
    var items: PagedListViewModel<GiteeIssue> { issues }
    func listRow(at index: Int) -> SimpleRow? { row(at: index) }
}
