import Foundation
@testable import GiteeKit
@testable import MayunCore
@testable import MayunDocument
import XCTest

private let repo = RepositoryID(owner: "mayun", name: "desktop")
private let api = "/api/v5/repos/mayun/desktop"

/// A repository served by the stub: `files` are (path, size, body); folders are listed and their git trees answered
/// the way Gitee does (the size of a file is in its folder's tree, the folder's tree sha in its parent's listing).
@MainActor
private func fixture(files: [(path: String, size: Int, body: Data?, type: String)], readme: String? = nil,
                     store: OfflineStore? = nil) -> (Coordinator, StubTransport) {
    let transport = StubTransport()
    var folders: [String: [(name: String, size: Int?, isFolder: Bool)]] = [:]
    for file in files {
        var parts = file.path.split(separator: "/").map(String.init)
        let name = parts.removeLast()
        folders[parts.joined(separator: "/"), default: []].append((name, file.size, false))
        for depth in 0..<parts.count {
            let parent = parts[..<depth].joined(separator: "/")
            if !(folders[parent] ?? []).contains(where: { $0.name == parts[depth] }) {
                folders[parent, default: []].append((parts[depth], nil, true))
            }
        }
        if let body = file.body {
            transport.responses["\(api)/raw/\(file.path)"] = HTTPResponse(
                status: 200, headers: ["content-type": file.type], body: body)
        }
    }
    for (folder, entries) in folders {
        let sha = folder.isEmpty ? "master" : "tree-" + folder.replacingOccurrences(of: "/", with: "-")
        let tree = entries.map { entry in
            #"{"path":"\#(entry.name)","type":"\#(entry.isFolder ? "tree" : "blob")","sha":"x","size":\#(entry.size.map(String.init) ?? "null")}"#
        }
        transport.responses["\(api)/git/trees/\(sha)"] = HTTPResponse(
            status: 200, body: Data(#"{"sha":"\#(sha)","tree":[\#(tree.joined(separator: ","))],"truncated":false}"#.utf8))
        let listing = entries.map { entry -> String in
            let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
            let childSHA = "tree-" + path.replacingOccurrences(of: "/", with: "-")
            return #"{"type":"\#(entry.isFolder ? "dir" : "file")","name":"\#(entry.name)","path":"\#(path)","sha":"\#(childSHA)","size":null}"#
        }
        let listingPath = folder.isEmpty ? "\(api)/contents" : "\(api)/contents/\(folder)"
        transport.responses[listingPath] = HTTPResponse(status: 200, body: Data("[\(listing.joined(separator: ","))]".utf8))
    }
    if let readme {
        let encoded = Data(readme.utf8).base64EncodedString()
        transport.responses["\(api)/readme"] = HTTPResponse(status: 200, body: Data(
            #"{"type":"file","name":"README.md","path":"README.md","encoding":"base64","size":\#(readme.utf8.count),"content":"\#(encoded)"}"#.utf8))
    }
    let coordinator = Coordinator(testing: .fromXDG(server: AppEnvironment.defaultServer, environment: ["HOME": "/tmp"]),
                                  preferences: InMemoryPreferences(), services: makeServices(transport: transport, store: store))
    return (coordinator, transport)
}

@MainActor
private func open(_ route: Route, in coordinator: Coordinator) throws -> BlobViewModel {
    coordinator.push(route)
    let viewModel = try XCTUnwrap(coordinator.top?.model as? BlobViewModel)
    viewModel.start()
    waitUntil("the file loads") { viewModel.state != .loading }
    return viewModel
}

final class BlobViewModelTests: XCTestCase {
    func testSmallSourceFileIsHighlightedCode() throws {
        try onMain {
            let source = "import Foundation\nprint(\"hi\")\n"
            let (coordinator, transport) = fixture(files: [("src/App/main.swift", source.utf8.count, Data(source.utf8), "text/plain")])
            let viewModel = try open(.blob(repo, ref: "master", path: "src/App/main.swift"), in: coordinator)
            XCTAssertEqual(viewModel.content, .code(text: source, highlighted: true))
            XCTAssertEqual(viewModel.state, .content)
            XCTAssertEqual(viewModel.title, "main.swift")
            XCTAssertTrue(viewModel.info.contains("bytes"), viewModel.info)
            XCTAssertFalse(transport.requests.contains { $0.url.contains("/contents/src/App/main.swift") },
                           "the contents API (base64 body inline) is not used for files")
            XCTAssertEqual(viewModel.websiteURL?.absoluteString, "https://gitee.com/mayun/desktop/blob/master/src/App/main.swift")
        }
    }

    func testTwoMegabyteFileIsPlain() throws {
        try onMain {
            let text = String(repeating: "2024-01-01 12:00:00 INFO a line of the log\n", count: 48_000)
            let (coordinator, _) = fixture(files: [("data/large-log.txt", text.utf8.count, Data(text.utf8), "text/plain")])
            let viewModel = try open(.blob(repo, ref: "master", path: "data/large-log.txt"), in: coordinator)
            XCTAssertEqual(viewModel.content, .code(text: text, highlighted: false))
            XCTAssertTrue(viewModel.showsCode)
        }
    }

    func testTwentyMegabyteFileIsNotDownloaded() throws {
        try onMain {
            let (coordinator, transport) = fixture(files: [("data/dataset-20mb.bin", 20_000_000, nil, "")])
            transport.responses["\(api)/raw/data/dataset-20mb.bin"] = HTTPResponse(status: 500)
            let viewModel = try open(.blob(repo, ref: "master", path: "data/dataset-20mb.bin"), in: coordinator)
            XCTAssertEqual(viewModel.content, .tooLarge(size: 20_000_000))
            XCTAssertFalse(transport.requests.contains { $0.url.contains("/raw/") || $0.url.contains("/contents/data/dataset") },
                           "no request carries the body: \(transport.requests.map(\.url))")
            XCTAssertTrue(viewModel.notice?.detail.contains("19.1 MB") ?? false, viewModel.notice?.detail ?? "")
            XCTAssertFalse(viewModel.canCopy)
        }
    }

    func testBinaryFileShowsSizeAndType() throws {
        try onMain {
            let bytes = Data([0x7F, 0x45, 0x4C, 0x46, 0, 1, 2, 3] + [UInt8](repeating: 0, count: 292))
            let (coordinator, _) = fixture(files: [("assets/firmware.bin", 300, bytes, "application/octet-stream")])
            let viewModel = try open(.blob(repo, ref: "master", path: "assets/firmware.bin"), in: coordinator)
            XCTAssertEqual(viewModel.content, .binary(size: 300, type: "application/x-executable"))
            XCTAssertTrue(viewModel.info.contains("300 bytes"), viewModel.info)
        }
    }

    func testReadmeIsADocumentWithRelativeImagesFromTheAPI() throws {
        try onMain {
            let (coordinator, _) = fixture(files: [], readme: "# Desktop\n\n![logo](docs/logo.png)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
            let viewModel = try open(.readme(repo, ref: "master"), in: coordinator)
            guard case .document(let document, let source)? = viewModel.content else {
                return XCTFail("not a document: \(String(describing: viewModel.content))")
            }
            XCTAssertTrue(source.hasPrefix("# Desktop"))
            waitUntil("the whole document is read") { document.phase == .complete }
            XCTAssertEqual(imageSources(in: document.document?.blocks ?? []).map(\.absoluteString),
                           ["https://gitee.com/api/v5/repos/mayun/desktop/raw/docs/logo.png?ref=master"])
            XCTAssertTrue(viewModel.canToggleSource)
            viewModel.toggleSource()
            XCTAssertTrue(viewModel.showsSource && viewModel.showsCode)
        }
    }

    func testLinksGoToRoutesAndTheBrowser() throws {
        try onMain {
            let (coordinator, _) = fixture(files: [], readme: "x")
            let platform = RecordingPlatform()
            coordinator.platform = platform
            let viewModel = try open(.readme(repo, ref: "master"), in: coordinator)
            viewModel.activate(.blocked("javascript:alert(1)"))
            viewModel.activate(.external(URL(string: "https://example.com")!))
            viewModel.activate(.route(.blob(repo, ref: "master", path: "docs/guide.md")))
            XCTAssertEqual(platform.opened.map(\.absoluteString), ["https://example.com"])
            XCTAssertEqual(coordinator.routes.last, .blob(repo, ref: "master", path: "docs/guide.md"))
        }
    }

    func testFailureKeepsWhatWasShownAndOffersRetry() throws {
        try onMain {
            let source = "let x = 1\n"
            let (coordinator, transport) = fixture(files: [("a.swift", source.utf8.count, Data(source.utf8), "text/plain")])
            transport.failure = .offline
            let viewModel = try open(.blob(repo, ref: "master", path: "a.swift"), in: coordinator)
            guard case .failed = viewModel.state else { return XCTFail("\(viewModel.state)") }
            transport.failure = nil
            viewModel.refresh()
            waitUntil("retry loads") { viewModel.state == .content }
            XCTAssertEqual(viewModel.content, .code(text: source, highlighted: true))
            transport.failure = .offline
            viewModel.refresh()
            waitUntil("the banner") { viewModel.banner != nil }
            XCTAssertEqual(viewModel.state, .content)
            XCTAssertEqual(viewModel.content, .code(text: source, highlighted: true), "the file stays on screen")
        }
    }

    func testOpenedFilesAreShownFromTheOfflineStore() throws {
        try onMain {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent("blob-store-\(UUID())")
            defer { try? FileManager.default.removeItem(at: directory) }
            let store = try OfflineStore(directory: directory)
            let source = "fn main() {}\n"
            let (coordinator, transport) = fixture(files: [("main.rs", source.utf8.count, Data(source.utf8), "text/plain")],
                                                   store: store)
            _ = try open(.blob(repo, ref: "master", path: "main.rs"), in: coordinator)
            var flushed = false
            Task { await store.flush(); flushed = true }
            waitUntil("saved") { flushed }
            transport.failure = .offline
            coordinator.pop()
            coordinator.push(.blob(repo, ref: "master", path: "main.rs"))
            let again = try XCTUnwrap(coordinator.top?.model as? BlobViewModel)
            again.start()
            waitUntil("the saved copy") { again.content != nil }
            XCTAssertEqual(again.content, .code(text: source, highlighted: true), "shown from the offline store")
            waitUntil("the offline banner") { again.banner != nil }
        }
    }

    func testImageTooLargeIsNotDownloaded() throws {
        try onMain {
            let (coordinator, transport) = fixture(files: [("docs/huge.png", 60 * 1024 * 1024, nil, "")])
            coordinator.push(.image(repo, ref: "master", path: "docs/huge.png"))
            let viewModel = try XCTUnwrap(coordinator.top?.model as? ImageViewModel)
            viewModel.start()
            waitUntil("decided") { viewModel.state != .loading }
            XCTAssertNil(viewModel.data)
            XCTAssertNotNil(viewModel.refusal)
            XCTAssertFalse(transport.requests.contains { $0.url.contains("/raw/") })
        }
    }
}

private func imageSources(in blocks: [Block]) -> [URL] {
    blocks.flatMap { block -> [URL] in
        switch block {
        case .image(let image): image.source.map { [$0] } ?? []
        case .paragraph(let inlines): inlines.compactMap { if case .image(let image) = $0 { image.source } else { nil } }
        case .aligned(_, let inner), .quote(let inner): imageSources(in: inner)
        default: []
        }
    }
}
