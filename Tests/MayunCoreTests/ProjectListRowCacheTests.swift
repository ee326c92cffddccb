import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Rows are formatted once per item and reformatted when the item changes in place or the list is replaced.
final class ProjectListRowCacheTests: XCTestCase {
    func testAChangedItemIsReformattedAndAReplacedListStartsOver() throws {
        try onMain {
            let sample = try Data(contentsOf: repositoryRoot.deletingLastPathComponent()
                .appendingPathComponent("shared/gitee/samples/repos.json"))
            let sampleProject = try XCTUnwrap(JSONDecoder().decode([Project].self, from: sample).first)
            let projects = ["a/one", "b/two", "c/three"].map { name -> Project in
                var project = sampleProject
                project.fullName = name
                project.isStarred = false
                return project
            }
            var answers = [Array(projects.prefix(2)), Array(projects.suffix(1))]
            let list = PagedListViewModel<Project>(emptyText: "") { _ in
                Page(items: answers.removeFirst(), next: nil, totalCount: nil, totalPages: nil, servedByFallback: false)
            }
            let model = ProjectListViewModel(title: "Popular", list: list, onOpen: { _ in })
            list.start()
            waitUntil("page 1") { list.items.count == 2 }
            let first = try XCTUnwrap(model.row(at: 0))
            XCTAssertEqual(first.fullName, projects[0].fullName)
            XCTAssertFalse(first.badges.contains(.starred))
            list.update(at: 0) { $0.isStarred = true }
            XCTAssertTrue(model.row(at: 0)?.badges.contains(.starred) == true, "the starred project shows its badge")
            list.refresh()
            waitUntil("the refreshed list") { list.items.count == 1 }
            XCTAssertEqual(model.row(at: 0)?.fullName, projects.last?.fullName, "a replaced list is not served stale")
            XCTAssertNil(model.row(at: 1))
        }
    }
}
