import CGtk
import GLibRuntime
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// A link to a pull request's `/files` opens the pull request on Files changed; its plain link on Conversation.
final class PullRequestFilesLinkTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testALinkToItsFilesOpensTheFilesChangedTab() {
        onMain {
            let coordinator = Coordinator(testing: testEnvironment(), preferences: InMemoryPreferences(),
                                          services: testServices())
            for (link, tab) in [("https://gitee.com/kit101/drone-yml-test/pulls/6/files", 1),
                                ("https://gitee.com/kit101/drone-yml-test/pulls/6", 0)] {
                guard case .page(let route) = GiteeLink.outcome(for: link, server: AppEnvironment.defaultServer) else {
                    return XCTFail("\(link) is not a page")
                }
                coordinator.push(route)
                guard let top = coordinator.top else { return XCTFail("nothing pushed for \(link)") }
                let page = PageFactory(images: testImages()).makePage(for: top)
                let notebook = descendants(of: page.root).first { isA($0, gtk_notebook_get_type()) }
                XCTAssertEqual(notebook.map { gtk_notebook_get_current_page(OpaquePointer($0)) }, Int32(tab), link)
                coordinator.pop()
            }
        }
    }
}
