import FakeGitee
import Foundation
@testable import GiteeKit
@testable import MayunCore
import XCTest

/// The download state machine and its figures, then real downloads over loopback: a slowly dripped release file
/// whose progress moves to 100 % and lands whole, a cancelled one that leaves nothing, a failed one that says why and
/// can be retried, and several at once under names that do not collide.
final class DownloadTests: XCTestCase {
    // MARK: The meter

    func testMeterFractionSpeedAndTimeLeft() {
        var meter = TransferMeter()
        XCTAssertNil(meter.fraction)
        meter.record(received: 0, total: 1_000_000, at: 10)
        XCTAssertEqual(meter.fraction, 0)
        XCTAssertNil(meter.bytesPerSecond, "no speed from one sample")
        meter.record(received: 250_000, total: 1_000_000, at: 11)
        XCTAssertEqual(meter.fraction, 0.25)
        XCTAssertEqual(meter.bytesPerSecond, 250_000)
        XCTAssertEqual(meter.secondsLeft, 3)
        XCTAssertEqual(meter.description, "244.1 KB of 976.6 KB  ·  244.1 KB/s  ·  3 seconds left")
        // The speed follows the last seconds (and the sample just before them): a stall shows as a slower speed.
        meter.record(received: 260_000, total: 1_000_000, at: 15)
        XCTAssertEqual(meter.bytesPerSecond, 2_500, "10 KB over the 4 s since the sample at 11 s")
        XCTAssertEqual(meter.secondsLeft, 296)
        XCTAssertEqual(TransferMeter.describe(secondsLeft: 296), "5 minutes left")
        meter.record(received: 285_000, total: 1_000_000, at: 25)
        XCTAssertEqual(meter.bytesPerSecond, 2_500, "measured over the stall since 15 s, not unknown")
        XCTAssertEqual(TransferMeter.describe(secondsLeft: 7_300), "3 hours left")
        // More than announced: the fraction stops at 1, and a nonsense total is dropped.
        meter.record(received: 2_000_000, total: 1_000_000, at: 15)
        XCTAssertEqual(meter.fraction, 1)
        meter.record(received: 10, total: -5, at: 16)
        XCTAssertNil(meter.total)
        XCTAssertNil(meter.secondsLeft)
    }

    func testNamesAreSafeAndNeverCollide() throws {
        XCTAssertEqual(DownloadCenter.safeName("../../.bashrc"), "bashrc")
        XCTAssertEqual(DownloadCenter.safeName("a\u{0}b\nc.zip"), "abc.zip")
        XCTAssertEqual(DownloadCenter.safeName("..."), "download")
        XCTAssertEqual(DownloadCenter.safeName(String(repeating: "x", count: 500)).count, 200)
        // Bytes, not characters, with the extension kept: 90 x "中" is 270 bytes.
        let chinese = DownloadCenter.safeName(String(repeating: "中", count: 90) + ".zip")
        XCTAssertLessThanOrEqual(chinese.utf8.count, DownloadCenter.maxNameBytes)
        XCTAssertTrue(chinese.hasSuffix("中.zip"), chinese)
        // Bidirectional overrides and C1 controls go: "gpj.exe" shown backwards would pass for a picture.
        XCTAssertEqual(DownloadCenter.safeName("photo\u{202E}gpj.exe"), "photogpj.exe")
        XCTAssertEqual(DownloadCenter.safeName("a\u{85}b\u{2066}c\u{200F}.txt"), "abc.txt")
        XCTAssertEqual(DownloadCenter.split("tool-v1.tar.gz").1, ".tar.gz")
        XCTAssertEqual(DownloadCenter.split(".hidden").1, "")
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data().write(to: folder.appendingPathComponent("app.tar.gz"))
        onMain {
            let center = DownloadCenter(folder: { folder.path })
            XCTAssertEqual(center.reserve("app.tar.gz"), folder.path + "/app (1).tar.gz")
            XCTAssertEqual(center.reserve("app.tar.gz"), folder.path + "/app (2).tar.gz", "a running one is taken too")
            center.release(folder.path + "/app (1).tar.gz")
            XCTAssertEqual(center.reserve("app.tar.gz"), folder.path + "/app (1).tar.gz")
        }
    }

    // MARK: Over loopback

    @MainActor private static let server = FakeGiteeServer.smallWorldForTests()

    /// The biggest attached file of the world, with its address.
    @MainActor private static func asset() -> (FakeAsset, URL) {
        let world = server.world
        var best: (FakeProject, FakeRelease, FakeAsset)?
        for project in world.projects {
            for release in Releases.of(project, world: world) {
                for asset in release.assets where asset.size > (best?.2.size ?? 0) { best = (project, release, asset) }
            }
        }
        let (project, release, asset) = best!
        let url = "\(server.baseURL)/\(world.owner(of: project).login)/\(project.path)/releases/download/\(release.tag)/\(asset.name)"
        return (asset, URL(string: url)!)
    }

    @MainActor private static func client() -> GiteeClient {
        GiteeClient(configuration: GiteeConfiguration(server: server.baseURL, appVersion: "test", timeout: 5, retry: .none))
    }

    private static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mayun-downloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    private static func names(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
    }

    @MainActor private static func start(_ center: DownloadCenter, _ url: URL, name: String) -> Download {
        let client = client()
        return center.start(key: url.absoluteString, fileName: name) { temporary, progress in
            try await client.download(from: url, to: temporary, progress: progress)
        }
    }

    func testDrippedFileShowsProgressAndLandsWhole() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        onMain {
            let (asset, url) = Self.asset()
            Self.server.addFault(Fault(kind: .slow, path: "/*/*/releases/download/**", delayMs: 80, count: 1))
            defer { Self.server.clearFaults() }
            let center = DownloadCenter(folder: { folder.path })
            var ended: [Download.State] = []
            center.onEnded = { ended.append($0.state) }
            let download = Self.start(center, url, name: asset.name)
            var fractions: [Double] = [], launcher: [Double] = []
            waitUntil("the download ends", timeout: 20) {
                if let fraction = download.meter.fraction, fraction != fractions.last { fractions.append(fraction) }
                if let overall = center.launcherProgress, overall != launcher.last { launcher.append(overall) }
                return !download.isRunning
            }
            XCTAssertGreaterThanOrEqual(launcher.count, 2, "the launcher's progress followed: \(launcher)")
            XCTAssertNil(center.launcherProgress, "nothing runs: the launcher's bar goes")
            XCTAssertEqual(download.state, .finished(path: folder.path + "/" + asset.name))
            XCTAssertGreaterThanOrEqual(fractions.count, 3, "the bar moved in steps: \(fractions)")
            XCTAssertEqual(fractions, fractions.sorted(), "never backwards")
            XCTAssertEqual(fractions.last, 1)
            XCTAssertEqual(download.meter.total, Int64(asset.size), "the total was announced")
            XCTAssertEqual(try? Data(contentsOf: folder.appendingPathComponent(asset.name)), Releases.bytes(of: asset))
            XCTAssertEqual(Self.names(in: folder), [asset.name], "no temporary file left")
            XCTAssertEqual(ended, [.finished(path: folder.path + "/" + asset.name)])
        }
    }

    func testCancelledDownloadLeavesNothing() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        onMain {
            let (asset, url) = Self.asset()
            Self.server.addFault(Fault(kind: .slow, path: "/*/*/releases/download/**", delayMs: 300, count: 1))
            defer { Self.server.clearFaults() }
            let center = DownloadCenter(folder: { folder.path })
            let download = Self.start(center, url, name: asset.name)
            waitUntil("some bytes arrived", timeout: 10) { download.meter.received > 0 }
            XCTAssertTrue(Self.names(in: folder).contains { $0.hasPrefix(".\(asset.name).part-") }, "\(Self.names(in: folder))")
            download.cancel()
            waitUntil("the download stops", timeout: 10) { !download.isRunning }
            XCTAssertEqual(download.state, .cancelled)
            XCTAssertEqual(Self.names(in: folder), [], "nothing left, not even the temporary file")
        }
    }

    func testFailureSaysWhyAndRetryFinishes() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        onMain {
            let (asset, url) = Self.asset()
            Self.server.addFault(Fault(kind: .status, path: "/*/*/releases/download/**", status: 503, count: 1))
            defer { Self.server.clearFaults() }
            let center = DownloadCenter(folder: { folder.path })
            let download = Self.start(center, url, name: asset.name)
            waitUntil("the download fails", timeout: 10) { !download.isRunning }
            guard case .failed(let reason) = download.state else { return XCTFail("\(download.state)") }
            XCTAssertFalse(reason.isEmpty)
            XCTAssertTrue(download.statusText.hasPrefix("Download failed: "), download.statusText)
            XCTAssertEqual(Self.names(in: folder), [])
            download.retry()
            waitUntil("the retry ends", timeout: 10) { !download.isRunning }
            XCTAssertEqual(download.state, .finished(path: folder.path + "/" + asset.name))
            // Two more at once: each gets its own name.
            let second = Self.start(center, url, name: asset.name), third = Self.start(center, url, name: asset.name)
            waitUntil("both end", timeout: 10) { !second.isRunning && !third.isRunning }
            let (stem, suffix) = DownloadCenter.split(asset.name)
            XCTAssertEqual(Set([second.finishedPath, third.finishedPath]),
                           Set([folder.path + "/\(stem) (1)\(suffix)", folder.path + "/\(stem) (2)\(suffix)"]))
            XCTAssertEqual(Self.names(in: folder).count, 3)
        }
    }

    // MARK: Release files of a private project (issue 39)

    /// From its page, a private project's release file comes through the API byte for byte (the page's `assets`
    /// carry no id: the client looks it up). Its website address answers the login page, which the row reports in
    /// words ("needs signing in"), and nothing of it is left in the folder, not even the temporary file.
    func testPrivateReleaseFileFromItsPageAndTheLoginPageRefused() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try onMain {
            let world = Self.server.world
            let project = try XCTUnwrap(world.project(owner: "mayun-demo", repo: "private-notes"))
            let fake = try XCTUnwrap(Releases.of(project, world: world).first)
            let file = try XCTUnwrap(fake.assets.first)
            let configuration = GiteeConfiguration(server: Self.server.baseURL, appVersion: "test", timeout: 5, retry: .none)
            let client = GiteeClient(configuration: configuration, auth: GiteeAuth(credential: .personalToken("mayun-demo-token")))
            let center = DownloadCenter(folder: { folder.path })
            let page = ReleaseViewModel(repo: RepositoryID(owner: "mayun-demo", name: "private-notes"), tag: fake.tag,
                                        client: client, downloads: center, markdown: nil, navigator: RecordingNavigator())
            page.start()
            waitUntil("the release") { page.release != nil }
            let row = try XCTUnwrap(page.assets.first { $0.title == file.name })
            page.download(row)
            let download = try XCTUnwrap(page.download(of: row))
            waitUntil("the download ends", timeout: 10) { !download.isRunning }
            XCTAssertEqual(download.state, .finished(path: folder.path + "/" + file.name))
            XCTAssertEqual(FileManager.default.contents(atPath: folder.path + "/" + file.name), Releases.bytes(of: file))

            guard case .asset(let asset) = row.source, let website = URL(string: asset.url) else { return XCTFail("\(row)") }
            let refused = center.start(key: "website", fileName: "website-" + file.name) { temporary, progress in
                try await client.download(from: website, to: temporary, progress: progress)
            }
            waitUntil("the website's answer is refused", timeout: 10) { !refused.isRunning }
            XCTAssertEqual(refused.state, .failed(ErrorText.message(for: .badResponse(.webPage))))
            XCTAssertTrue(refused.statusText.contains("needs signing in on the website"), refused.statusText)
            XCTAssertEqual(Self.names(in: folder), [file.name], "the login page was not saved")
        }
    }
}
