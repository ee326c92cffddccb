@testable import MayunCore
import XCTest

final class AppEnvironmentTests: XCTestCase {
    func testXDGDirectoriesAreRespected() {
        let environment = AppEnvironment.fromXDG(server: AppEnvironment.defaultServer, environment: [
            "HOME": "/home/li", "XDG_CONFIG_HOME": "/tmp/c", "XDG_CACHE_HOME": "/tmp/k", "XDG_DATA_HOME": "/tmp/d",
        ])
        XCTAssertEqual(environment.configDirectory.path, "/tmp/c/mayun")
        XCTAssertEqual(environment.cacheDirectory.path, "/tmp/k/mayun")
        XCTAssertEqual(environment.dataDirectory.path, "/tmp/d/mayun")
    }

    func testXDGDefaultsAndRelativeValuesFallBackToHome() {
        let environment = AppEnvironment.fromXDG(server: AppEnvironment.defaultServer, environment: [
            "HOME": "/home/li", "XDG_CONFIG_HOME": "relative/ignored",
        ])
        XCTAssertEqual(environment.configDirectory.path, "/home/li/.config/mayun")
        XCTAssertEqual(environment.cacheDirectory.path, "/home/li/.cache/mayun")
        XCTAssertEqual(environment.dataDirectory.path, "/home/li/.local/share/mayun")
    }

    func testServerParsing() {
        XCTAssertEqual(AppEnvironment.parseServer("gitee.com")?.absoluteString, "https://gitee.com")
        XCTAssertEqual(AppEnvironment.parseServer("http://127.0.0.1:8080/")?.absoluteString, "http://127.0.0.1:8080")
        XCTAssertNil(AppEnvironment.parseServer("ftp://gitee.com"))
        XCTAssertNil(AppEnvironment.parseServer("https://"))
    }
}
