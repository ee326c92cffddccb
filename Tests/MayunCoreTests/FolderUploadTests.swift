import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// Uploading files into a folder (issue 27) against FakeGitee: one commit per file, a binary sent byte for byte, a
/// file of the same name replaced only after asking (with its current sha), the cap refused before anything is sent,
/// progress as libsoup writes the body, and FakeGitee's own limits.
final class FolderUploadTests: XCTestCase {
    @MainActor private static var server: FakeGiteeServer { IssueFixture.server }

    @MainActor private static func ownProject() throws -> RepositoryID {
        let demo = try XCTUnwrap(Self.server.world.user(login: "mayun-demo"))
        let found = try XCTUnwrap(Self.server.world.projects.first { $0.ownerID == demo.id && !$0.isEmpty && !$0.isPrivate })
        return RepositoryID(owner: Self.server.world.owner(of: found).login, name: found.path)
    }

    @MainActor private static func serverFile(_ repo: RepositoryID, _ path: String, client: GiteeClient) -> (Data?, String?) {
        var content: GiteeKit.Content?
        runUntilDone("read back") {
            content = try? await client.send(Endpoints.file(owner: repo.owner, repo: repo.name, path: path))
        }
        return (content?.decodedData, content?.sha)
    }

    /// A folder of its own holding `existing.txt`, opened as the app opens it, with its uploads.
    @MainActor private static func folderPage(_ app: IssueFixture.App) throws -> (TreeViewModel, FolderUploads, String) {
        let repo = try ownProject()
        let folder = "up-\(UUID().uuidString.prefix(8))"
        runUntilDone("seed") {
            _ = try? await app.client.send(Endpoints.createFile(owner: repo.owner, repo: repo.name, path: folder + "/existing.txt",
                                                                content: Data("old\n".utf8), message: "seed", branch: nil))
        }
        app.coordinator.push(.tree(repo, ref: nil, path: folder))
        let tree = try XCTUnwrap(app.coordinator.top?.model as? TreeViewModel)
        tree.start()
        waitUntil("the folder, with push rights") { tree.canWrite && !tree.entries.items.isEmpty }
        return (tree, try XCTUnwrap(tree.uploads), folder)
    }

    /// Where the local files of these tests are made; removed after the class.
    private static let localFiles = LocalTestFiles("upload-tests")

    override class func tearDown() {
        localFiles.removeAll()
        super.tearDown()
    }

    private static func localFile(_ name: String, _ bytes: Data) throws -> String { try localFiles.make(name, bytes) }

    private static let binary = LocalTestFiles.binarySample

    func testEachFileIsItsOwnCommitAndAnExistingOneIsReplacedOnlyAfterAsking() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let (tree, uploads, folder) = try Self.folderPage(app)
            let repo = tree.repo
            let (_, oldSHA) = Self.serverFile(repo, "\(folder)/existing.txt", client: app.client)
            XCTAssertTrue(uploads.capText.contains("10.0 MB"), uploads.capText)
            let image = try Self.localFile("picture.png", Self.binary)
            let same = try Self.localFile("existing.txt", Data("new\n".utf8))
            Self.server.clearLog()
            uploads.add(paths: [image, same])
            waitUntil("the second file asks") { uploads.question != nil }
            XCTAssertEqual(uploads.uploads.map(\.state).first, .done)
            let post = try XCTUnwrap(Self.server.requestLog.first { $0.method == "POST" })
            XCTAssertEqual(post.path, "/api/v5/repos/\(repo.owner)/\(repo.name)/contents/\(folder)/picture.png")
            XCTAssertEqual(post.status, 201)
            XCTAssertEqual(post.fields["message"], "Upload picture.png")
            XCTAssertEqual(Self.serverFile(repo, "\(folder)/picture.png", client: app.client).0, Self.binary,
                           "the binary arrived byte for byte")
            XCTAssertEqual(uploads.uploads.last?.state, .asking)
            XCTAssertTrue(uploads.question?.heading.contains("existing.txt") == true)
            XCTAssertNil(Self.server.requestLog.first { $0.method == "PUT" }, "nothing replaced while the question is open")
            uploads.answer(replace: true)
            waitUntil("replaced") { uploads.uploads.last?.state == .done }
            let put = try XCTUnwrap(Self.server.requestLog.first { $0.method == "PUT" })
            XCTAssertEqual(put.fields["sha"], oldSHA, "the existing file's sha, read just before")
            XCTAssertEqual(put.status, 200)
            XCTAssertEqual(Self.serverFile(repo, "\(folder)/existing.txt", client: app.client).0, Data("new\n".utf8))
            XCTAssertEqual(Self.server.requestLog.filter { $0.method == "POST" || $0.method == "PUT" }.count, 2,
                           "two files, two commits")
            waitUntil("the folder shows the upload") { tree.entries.items.contains { $0.name == "picture.png" } }
            XCTAssertFalse(uploads.isBusy)
            uploads.clearFinished()
            XCTAssertTrue(uploads.uploads.isEmpty)
        }
    }

    func testKeepingTheExistingFileSendsNothing() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let (tree, uploads, folder) = try Self.folderPage(app)
            Self.server.clearLog()
            uploads.add(paths: [try Self.localFile("existing.txt", Data("mine\n".utf8))])
            waitUntil("asks") { uploads.question != nil }
            uploads.answer(replace: false)
            waitUntil("skipped") { uploads.uploads.first?.state == .skipped }
            XCTAssertTrue(Self.server.requestLog.allSatisfy { $0.method == "GET" }, "no write was sent")
            XCTAssertEqual(Self.serverFile(tree.repo, "\(folder)/existing.txt", client: app.client).0, Data("old\n".utf8))
        }
    }

    func testTooLargeAndFoldersAreRefusedWithTheReasonBeforeSending() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let (_, uploads, _) = try Self.folderPage(app)
            XCTAssertEqual(FolderUploads.maxFileSize, FakeGiteeServer.maxWrittenFileSize, "the app's cap is the server's")
            // A sparse file: its size says 10 MB + 1 without writing it.
            let big = try Self.localFile("big.bin", Data())
            let handle = try XCTUnwrap(FileHandle(forWritingAtPath: big))
            try handle.truncate(atOffset: UInt64(FolderUploads.maxFileSize + 1))
            try handle.close()
            let folder = (big as NSString).deletingLastPathComponent
            Self.server.clearLog()
            uploads.add(paths: [big, folder])
            XCTAssertEqual(uploads.uploads.count, 2)
            guard case .failed(let reason)? = uploads.uploads.first?.state else { return XCTFail("\(uploads.uploads)") }
            XCTAssertTrue(reason.contains("10.0 MB"), reason)
            XCTAssertTrue(uploads.line(for: uploads.uploads[0]).contains("big.bin"))
            guard case .failed? = uploads.uploads.last?.state else { return XCTFail("a folder is refused") }
            drainMainQueue()
            XCTAssertTrue(Self.server.requestLog.isEmpty, "nothing was read or sent: \(Self.server.requestLog.map(\.path))")
            XCTAssertFalse(uploads.isBusy)
        }
    }

    func testUploadProgressComesFromLibsoupAsTheBodyIsWritten() throws {
        try onMain {
            let app = IssueFixture.makeApp(drafts: DraftStore(directory: IssueFixture.makeDrafts()))
            let repo = try Self.ownProject()
            let bytes = Data((0..<(3 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            var reports: [(Int64, Int64?)] = []
            var answer: CommitContent?
            // 4 MB of base64 through a debug build: 5 s was too short on a machine running several builds.
            runUntilDone("the upload", timeout: 30) {
                answer = try? await app.client.send(Endpoints.createFile(owner: repo.owner, repo: repo.name,
                                                                         path: "big-\(UUID().uuidString).bin",
                                                                         content: bytes, message: "big", branch: nil),
                                                    uploaded: { sent, total in reports.append((sent, total)) })
            }
            XCTAssertNotNil(answer?.content?.sha)
            XCTAssertGreaterThan(reports.count, 2, "several reports while the 4 MB body went out")
            let total = try XCTUnwrap(reports.last?.1)
            XCTAssertGreaterThan(total, Int64(bytes.count), "the form-encoded base64 body")
            XCTAssertEqual(reports.last?.0, total, "all of it")
            XCTAssertEqual(reports.map(\.0), reports.map(\.0).sorted(), "never backwards")
        }
    }

    func testFakeGiteeRefusesAnOversizedBodyBeforeRouting() throws {
        try onMain {
            let repo = try Self.ownProject()
            // A raw body one byte over the cap (a 10 MB file as form-encoded base64 stays under it).
            let transport = SoupTransport(configuration: GiteeConfiguration(server: Self.server.baseURL, appVersion: "test"))
            let url = Self.server.baseURL + "/api/v5/repos/\(repo.owner)/\(repo.name)/contents/huge.bin"
            let request = HTTPRequest(method: "POST", url: url, headers: [HTTPHeader("Authorization", "Bearer mayun-demo-token")],
                                      body: Data(repeating: 0x41, count: FakeGiteeServer.maxRequestBodySize + 1),
                                      contentType: "application/x-www-form-urlencoded")
            Self.server.clearLog()
            var status: Int?
            runUntilDone("the oversized request", timeout: 30) { status = try? await transport.send(request, progress: nil).status }
            XCTAssertEqual(status, 413)
            XCTAssertEqual(Self.server.requestLog.last?.status, 413)
            XCTAssertGreaterThan(FakeGiteeServer.maxRequestBodySize, (FakeGiteeServer.maxWrittenFileSize + 2) / 3 * 4 * 106 / 100,
                                 "a file at the contents cap still fits as form-encoded base64")
        }
    }

    func testProgressRedrawsOncePerPercentAndAtTheEnd() {
        onMain {
            let total: Int64 = 10_000
            XCTAssertTrue(FolderUploads.isWorthShowing(sent: 0, total: total, over: .waiting), "the first report")
            XCTAssertFalse(FolderUploads.isWorthShowing(sent: 99, total: total, over: .sending(sent: 0, total: total)))
            XCTAssertTrue(FolderUploads.isWorthShowing(sent: 100, total: total, over: .sending(sent: 99, total: total)))
            XCTAssertFalse(FolderUploads.isWorthShowing(sent: 9_999, total: total, over: .sending(sent: 9_900, total: total)))
            XCTAssertTrue(FolderUploads.isWorthShowing(sent: total, total: total, over: .sending(sent: 9_999, total: total)),
                          "all of it is always shown")
            XCTAssertTrue(FolderUploads.isWorthShowing(sent: 5, total: 20_000, over: .sending(sent: 5, total: total)),
                          "a new total (a resend) is shown")
        }
    }
}
