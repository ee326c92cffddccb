import CSoup
import FakeGitee
import Foundation
import XCTest
@testable import GiteeKit

/// Figures for `make bench`, not pass/fail tests: they run only with `MAYUN_BENCH=1` (use a release build:
/// `MAYUN_BENCH=1 swift test -c release --filter GiteeKitBenchmarks`). Foundation's `JSONDecoder` on the same bytes
/// and the same models is the floor; the ratio is what to watch.
final class GiteeKitBenchmarks: XCTestCase {
    override func setUpWithError() throws {
        guard ProcessInfo.processInfo.environment["MAYUN_BENCH"] == "1" else { throw XCTSkip("set MAYUN_BENCH=1 to run benchmarks") }
    }

    fileprivate static func median(_ runs: Int, _ body: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            try body()
            times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
        }
        return times.sorted()[times.count / 2]
    }

    fileprivate static func compare<T: Decodable>(_ label: String, _ type: T.Type, _ data: Data, runs: Int = 30) throws {
        let glib = try median(runs) { _ = try JSONNodeDecoding.decode(type, from: data) }
        let foundation = try median(runs) { _ = try JSONDecoder().decode(type, from: data) }
        let parseOnly = median(runs) {
            let parser = json_parser_new_immutable()
            defer { g_object_unref(parser) }
            _ = data.withUnsafeBytes { json_parser_load_from_data(parser, $0.baseAddress?.assumingMemoryBound(to: CChar.self), gssize($0.count), nil) }
        }
        print(String(format: "bench %@: json-glib parsing alone %.2f ms", label, parseOnly))
        print(String(format: "bench %@ (%d KB): json-glib %.2f ms, Foundation %.2f ms, ratio %.2f",
                     label, data.count / 1024, glib, foundation, glib / foundation))
    }

    func testDecodeProjectPage() throws {
        onMainLoop {
            let page = try await Fake.client().send(Endpoint<Data>(.get, .v5, path: "/search/repositories",
                                                                   query: [QueryItem("q", "a"), QueryItem("per_page", "100")]) { $0.body })
            try GiteeKitBenchmarks.compare("100-project page", [Project].self, page)
        }
    }

    func testDecodeTwoMegabyteTree() throws {
        var text = #"{"sha": "root", "truncated": false, "tree": ["#
        var index = 0
        while text.utf8.count < 2 * 1024 * 1024 {
            if index > 0 { text += "," }
            text += #"{"path": "src/module\#(index / 50)/sub/file\#(index).swift", "mode": "100644", "type": "blob", "sha": "\#(String(repeating: "a", count: 40))", "size": \#(index * 13), "url": "https://gitee.com/api/v5/repos/o/r/git/blobs/\#(index)"}"#
            index += 1
        }
        text += "]}"
        try Self.compare("tree listing", Tree.self, Data(text.utf8), runs: 10)
    }

    func testPageEndToEndFromFakeGitee() {
        onMainLoop(timeout: 120) {
            let client = Fake.client()
            var times: [Double] = []
            for page in 1...50 {
                let start = DispatchTime.now().uptimeNanoseconds
                _ = try await client.page(Endpoints.popular(), at: Pagination(style: .numbered(perPage: 20), page: page))
                times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
            }
            print(String(format: "bench page end to end (20 projects, request to decoded values): median %.2f ms of 50", times.sorted()[25]))
        }
    }

    func testWorldGeneration() {
        let started = DispatchTime.now().uptimeNanoseconds
        let world = WorldGenerator.generate(seed: 99)
        print(String(format: "bench world generation (%d projects, %d users): %.1f ms", world.projects.count, world.users.count,
                     Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000))
    }
}
