import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

final class MineViewModelTests: XCTestCase {
    func testAccountPageUsesThePrivateListsAndLogOutForgetsThem() throws {
        try onMain {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-mine-\(getpid())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try OfflineStore(directory: directory)
            let transport = StubTransport()
            transport.responses["/api/v5/user"] = HTTPResponse(status: 200, body: Data(#"{"id":7,"login":"li","name":"李雷"}"#.utf8))
            let services = makeServices(transport: transport, store: store)
            let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                                          preferences: InMemoryPreferences(), services: services)
            let mine = coordinator.mineTab
            XCTAssertNil(mine.currentAccount(), "no account page while logged out")
            store.save(["kept"], key: "list:explore/featured")  // fetched without a token: public
            Task { try await services.session.logIn(personalToken: "token") }
            waitUntil("logged in") { mine.isLoggedIn && services.session.user != nil }
            let account = try XCTUnwrap(mine.currentAccount())
            XCTAssertTrue(account.isMine)
            XCTAssertTrue(mine.currentAccount() === account, "the same page while the same person is logged in")

            store.save(["saved"], key: "list:mine/starred")
            store.save(["fetched with the token"], key: "list:explore/popular")
            waitUntil("saved") { store.loadBlocking([String].self, key: "list:explore/popular") != nil }
            mine.logOut()
            XCTAssertFalse(mine.isLoggedIn)
            XCTAssertNil(mine.currentAccount())
            waitUntil("personal lists forgotten") { store.loadBlocking([String].self, key: "list:mine/starred") == nil }
            XCTAssertNotNil(store.loadBlocking([String].self, key: "list:explore/featured"), "lists fetched without a token stay")
            XCTAssertNil(store.loadBlocking([String].self, key: "list:explore/popular"),
                         "whatever was fetched with the token goes with it (it may hold private repositories)")
        }
    }
}
