import CGtk
import GLibRuntime
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import Observation
import XCTest

@MainActor
@Observable
private final class Choice {
    var index = 0
    var name = "one"
}

/// Emits a signal without arguments on `widget`, as GTK does (g_signal_emit_by_name is variadic, not callable).
@MainActor
private func emit(_ signal: String, on widget: Widget) {
    let type = typeOf(widget)
    var instance = GValue()
    g_value_init(&instance, type)
    g_value_set_object(&instance, raw(widget))
    g_signal_emitv(&instance, g_signal_lookup(signal, type), 0, nil)
    g_value_unset(&instance)
}

@MainActor
private func typeOf(_ widget: Widget) -> GType {
    UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
}

/// Sets a flag when `widget` is finalized.
@MainActor
private func watchFinalization(of widget: Widget, into flag: UnsafeMutablePointer<Bool>) {
    flag.pointee = false
    g_object_weak_ref(raw(widget).assumingMemoryBound(to: GObject.self), { data, _ in
        data?.assumingMemoryBound(to: Bool.self).pointee = true
    }, flag)
}

/// Entries, lists, notebooks and stacks follow their bindings and run their handlers; a page goes with its widget.
final class WidgetBindingsAndPageLifetimeTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testSearchEntryPlaceholderTextAndHandlers() {
        onMain {
            let entry = SearchEntry(placeholder: "Search projects")
            var value = GValue()
            g_value_init(&value, GTypes.string)
            g_object_get_property(raw(entry.widget).assumingMemoryBound(to: GObject.self), "placeholder-text", &value)
            XCTAssertEqual(g_value_get_string(&value).map { String(cString: $0) }, "Search projects")
            g_value_unset(&value)

            entry.text = "mayun"
            XCTAssertEqual(gtk_editable_get_text(opaque(entry.widget)).map { String(cString: $0) }, "mayun")
            var searched: [String] = []
            var stopped = 0
            entry.onActivate { searched.append(entry.text) }
            entry.onStopSearch { stopped += 1 }
            emit("activate", on: entry.widget)
            emit("stop-search", on: entry.widget)
            XCTAssertEqual(searched, ["mayun"])
            XCTAssertEqual(stopped, 1)
        }
    }

    func testABoxedListOfAnyWidgetsRunsTheActivatedRowsHandler() {
        onMain {
            let list = BoxedList()
            let window = gtk_window_new()!  // activating a row asks its window for the focus
            defer { gtk_window_destroy(typed(window)) }
            gtk_window_set_child(typed(window), list.widget)
            var activated: [String] = []
            for title in ["first", "second", "third"] { list.append(Label(title)) { activated.append(title) } }
            list.append(Label("shown only"))
            let second = gtk_list_box_get_row_at_index(opaque(list.widget), 1)!
            XCTAssertEqual(gtk_list_box_row_get_activatable(second), 1)
            let shown = gtk_list_box_get_row_at_index(opaque(list.widget), 3)!
            XCTAssertEqual(gtk_list_box_row_get_activatable(shown), 0, "GTK's own row for a widget without a handler")
            gtk_widget_activate(widget(second))
            XCTAssertEqual(activated, ["second"])
            list.removeAll()
            XCTAssertNil(gtk_widget_get_first_child(list.widget))
        }
    }

    /// A page binds its own root notebook (or stack) without holding it: the binding follows the model, and the
    /// widget still goes with its last owner.
    func testNotebookAndStackFollowTheirBindingsWithoutHoldingTheWidget() {
        onMain {
            let choice = Choice()
            let bindings = BindingBag()
            let finalized = UnsafeMutablePointer<Bool>.allocate(capacity: 2)
            defer { finalized.deallocate() }

            var notebook: Notebook? = Notebook()
            notebook!.isScrollable = false
            XCTAssertEqual(gtk_notebook_get_scrollable(opaque(notebook!.widget)), 0)
            for title in ["Featured", "Popular", "Latest"] {
                let page = Box(.vertical)  // held until the notebook has taken its widget
                notebook!.appendWithNamedTab(widget: page.widget, title: title)
            }
            notebook!.bindCurrentPage(in: bindings) { choice.index }
            var switched: [Int] = []
            notebook!.onSwitchPage { switched.append($0) }

            var stack: Stack? = Stack()
            stack!.add(Box(.vertical), name: "one")
            stack!.add(Box(.vertical), name: "two")
            stack!.bindVisibleChild(in: bindings) { choice.name }

            let window = gtk_window_new()!  // a notebook switching pages asks its window about the focus
            var column: Box? = Box(.vertical)
            column!.append(notebook!, stack!)
            gtk_window_set_child(typed(window), column!.widget)

            choice.index = 2
            choice.name = "two"
            waitUntil("the notebook follows") { notebook!.currentPage == 2 }
            waitUntil("the stack follows") { stack!.visibleChildName == "two" }
            XCTAssertEqual(switched, [2])

            gtk_window_destroy(typed(window))
            column = nil
            watchFinalization(of: notebook!.widget, into: finalized)
            watchFinalization(of: stack!.widget, into: finalized + 1)
            notebook = nil
            stack = nil
            XCTAssertTrue(finalized.pointee, "the binding holds no reference on the notebook")
            XCTAssertTrue(finalized[1], "the binding holds no reference on the stack")
            // The bag may outlive the widgets (a window keeps its Projects page after the notebook is destroyed):
            // a change then re-runs the bindings, which find the widgets gone and do nothing.
            var reran = 0
            bindings.bind { _ = choice.index; reran += 1 }
            choice.index = 1
            choice.name = "one"
            waitUntil("the bindings re-run") { reran == 2 }
            for _ in 0..<20 { g_main_context_iteration(nil, 0) }
            bindings.cancelAll()
        }
    }

    func testTypedBarOverListAndFilterButtons() {
        onMain {
            var picked: [String] = []
            let filters = FilterButtons.row([(state: "open", title: "Open"), (state: "closed", title: "Closed")],
                                            selected: "open") { picked.append($0) }
            let list = StatusView(iconName: "folder-symbolic", title: "Nothing")
            let root = BarOverList.make(leading: [filters], trailing: [Button(label: "New Issue")], spacing: 8, list: list)
            let bar = gtk_widget_get_first_child(root.widget)!
            XCTAssertEqual(gtk_widget_has_css_class(bar, "path-bar"), 1)
            XCTAssertEqual(gtk_widget_get_next_sibling(bar), list.root)
            XCTAssertTrue(list.vexpand)
            let toggles = descendants(of: filters.widget).filter { isA($0, gtk_toggle_button_get_type()) }
            XCTAssertEqual(toggles.count, 2)
            gtk_toggle_button_set_active(typed(toggles[1]), 1)
            XCTAssertEqual(picked, ["closed"])
            let buttons = descendants(of: bar).filter { isA($0, gtk_button_get_type()) && !isA($0, gtk_toggle_button_get_type()) }
            XCTAssertEqual(buttons.map { gtk_button_get_label(typed($0)).map { String(cString: $0) } }, ["New Issue"])
        }
    }
}

/// The migrated pages keep no reference to their own root and no handler holds them strongly: each goes away with
/// its widget after being shown (and having started its load).
final class MigratedPagesLifetimeTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testEachPageGoesAwayWithItsWidget() {
        onMain {
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices())
            let factory = PageFactory(images: testImages())
            let repo = RepositoryID(owner: "oschina", name: "git-osc")
            let routes: [(Route, GtkKit.Page.Type)] = [
                (.issues(repo), IssuesPage.self), (.issue(repo, number: "I1"), IssuePage.self),
                (.createIssue(repo), CreateIssuePage.self), (.pullRequests(repo), PullRequestsPage.self),
                (.pullRequest(repo, number: 6), PullRequestPage.self), (.tree(repo, ref: nil, path: ""), TreePage.self),
                (.commits(repo, ref: nil), CommitsPage.self), (.commit(repo, sha: "abc"), CommitPage.self),
                (.projects(.featured), ProjectListPage.self),
                // The generic list pages (one class for several view models): their closures hold no page alive.
                (.releases(repo), SimpleListPage<ReleasesViewModel>.self),
                (.stargazers(repo), SimpleListPage<PeopleListViewModel>.self),
                (.branches(repo), RepositoryListPage<RefListViewModel<GiteeKit.Branch>>.self),
                (.contributors(repo), RepositoryListPage<ContributorsViewModel>.self),
            ]
            var makers: [(String, @MainActor () -> GtkKit.Page)] = routes.map { route, type in
                ("\(type)", { @MainActor in
                    coordinator.push(route)
                    let page = factory.makePage(for: coordinator.top!)
                    XCTAssertTrue(Swift.type(of: page) == type, "\(route) made a \(Swift.type(of: page))")
                    return page
                })
            }
            makers.append(("ProjectsTabPage", { factory.makeProjectsTab(coordinator.projectsTab) }))
            makers.append(("DiscoverPage", { factory.makeDiscoverTab(coordinator.discoverTab) }))
            makers.append(("MinePage", { factory.makeMineTab(coordinator.mineTab) }))
            for (name, make) in makers {
                weak var weakPage: GtkKit.Page?
                do {
                    let window = gtk_window_new()!
                    gtk_window_set_default_size(typed(window), 800, 600)
                    let page = make()
                    weakPage = page
                    gtk_window_set_child(typed(window), page.root)
                    gtk_window_present(typed(window))
                    for _ in 0..<20 { g_main_context_iteration(nil, 0) }
                    gtk_window_destroy(typed(window))
                }
                for _ in 0..<20 { g_main_context_iteration(nil, 0) }
                XCTAssertNil(weakPage, "\(name) goes away with its widget")
            }
        }
    }
}
