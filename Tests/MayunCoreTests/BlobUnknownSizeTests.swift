import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// A transport that serves raw files and behaves as `SoupTransport` does with a byte cap (which TokenOriginTests
/// checks over loopback): a body past `maxBodyBytes` is refused. It records the cap each request carried.
@MainActor
private final class CappingTransport: Transport {
    var files: [String: Data] = [:]
    private(set) var caps: [String: Int64?] = [:]
    private(set) var bytesHandedOut = 0

    func send(_ request: HTTPRequest, progress: TransferProgress?) async throws -> HTTPResponse {
        let path = URL(string: request.url)?.path ?? ""
        caps[path] = request.maxBodyBytes
        guard let body = files[path] else { return HTTPResponse(status: 404, body: Data(#"{"message":"404"}"#.utf8)) }
        if let cap = request.maxBodyBytes, Int64(body.count) > cap {
            bytesHandedOut += Int(cap)
            throw GiteeError.badResponse(.tooLarge(limit: cap))
        }
        bytesHandedOut += body.count
        return HTTPResponse(status: 200, headers: ["content-type": "text/plain"], body: body)
    }
}

/// A file whose size is not known before downloading (no ref, so the root's tree cannot be asked) is fetched with a
/// cap, so the size policy runs before a huge file is read whole.
final class BlobUnknownSizeTests: XCTestCase {
    private static let repo = RepositoryID(owner: "mayun", name: "desktop")
    private static let raw = "/api/v5/repos/mayun/desktop/raw/"

    @MainActor private static func coordinator(_ transport: CappingTransport) -> Coordinator {
        let client = GiteeClient(configuration: GiteeConfiguration(server: "http://127.0.0.1:9", retry: .none),
                                 transport: transport)
        return Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                           preferences: InMemoryPreferences(), services: AppServices(client: client))
    }

    func testHugeTextOfUnknownSizeStopsAtTheLimit() throws {
        try onMain {
            let transport = CappingTransport()
            let huge = Data(repeating: 0x61, count: BlobPresentation.textLimit + 4096)
            transport.files[Self.raw + "dump.log"] = huge
            let coordinator = Self.coordinator(transport)
            coordinator.push(.blob(Self.repo, ref: nil, path: "dump.log"))
            let viewModel = try XCTUnwrap(coordinator.top?.model as? BlobViewModel)
            viewModel.start()
            waitUntil("the decision") { viewModel.state != .loading }
            XCTAssertEqual(transport.caps[Self.raw + "dump.log"], Int64(BlobPresentation.textLimit))
            XCTAssertEqual(viewModel.content, .tooLarge(size: BlobPresentation.textLimit + 1))
            XCTAssertLessThanOrEqual(transport.bytesHandedOut, BlobPresentation.textLimit)
        }
    }

    func testSmallFileOfUnknownSizeStillShows() throws {
        try onMain {
            let transport = CappingTransport()
            transport.files[Self.raw + "notes.txt"] = Data("hello\n".utf8)
            let coordinator = Self.coordinator(transport)
            coordinator.push(.blob(Self.repo, ref: nil, path: "notes.txt"))
            let viewModel = try XCTUnwrap(coordinator.top?.model as? BlobViewModel)
            viewModel.start()
            waitUntil("the file") { viewModel.state != .loading }
            XCTAssertEqual(viewModel.content, .code(text: "hello\n", highlighted: true))
            XCTAssertNotNil(transport.caps[Self.raw + "notes.txt"] ?? nil, "asked with a cap all the same")
        }
    }

    func testHugeImageOfUnknownSizeIsRefusedAtTheLimit() throws {
        try onMain {
            let transport = CappingTransport()
            transport.files[Self.raw + "poster.png"] = Data(count: ImageLimits.maxBytes + 1)
            let coordinator = Self.coordinator(transport)
            coordinator.push(.image(Self.repo, ref: nil, path: "poster.png"))
            let viewModel = try XCTUnwrap(coordinator.top?.model as? ImageViewModel)
            viewModel.start()
            waitUntil("the decision") { viewModel.state != .loading }
            XCTAssertEqual(transport.caps[Self.raw + "poster.png"], Int64(ImageLimits.maxBytes))
            XCTAssertNil(viewModel.data)
            XCTAssertTrue(viewModel.refusal?.contains("50 MB") == true, viewModel.refusal ?? "")
        }
    }
}
