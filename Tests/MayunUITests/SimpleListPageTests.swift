import CGtk
import Foundation
import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// The list pages built from one `makeSimpleList` (issue 37): a row context menu where the view model has one
/// (`RowMenus`) and none where it has not, and the list named by the page's title.
final class SimpleListPageTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testEachListHasItsMenuOnlyWhereItsViewModelHasOne() {
        onMain {
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices())
            let factory = PageFactory(images: testImages())
            let repo = RepositoryID(owner: "oschina", name: "git-osc")
            let routes: [(Route, hasMenu: Bool)] = [
                (.issues(repo), true), (.pullRequests(repo), false), (.releases(repo), false),
                (.stargazers(repo), true), (.branches(repo), true), (.tags(repo), true), (.contributors(repo), true),
            ]
            for (route, hasMenu) in routes {
                coordinator.push(route)
                let page = factory.makePage(for: coordinator.top!)
                // The page's own list (a private property: found by reflection, as the menu is attached to it).
                guard let list = Mirror(reflecting: page).children.first(where: { $0.label == "list" })?.value
                    as? any ListWidgetOwner else {
                    XCTFail("\(route): no list")
                    continue
                }
                XCTAssertEqual(RowContextMenu.of(list.listWidget) != nil, hasMenu, "\(route)")
            }
        }
    }
}

/// A `PagedListView` of any item type, for reading its list widget.
@MainActor
private protocol ListWidgetOwner {
    var listWidget: Widget { get }
}

extension PagedListView: ListWidgetOwner {}
