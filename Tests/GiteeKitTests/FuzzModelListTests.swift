import Foundation
import XCTest

/// The json fuzz target decodes every model of `Fuzz/models.list` (docs/FUZZING.md). A Decodable type added under
/// Sources/GiteeKit/Models without a line there fails here, and so does a generated decoder list that is out of
/// date with the list (run tests/fuzz/generate-models.sh).
final class FuzzModelListTests: XCTestCase {
    private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// `Name` or `Outer.Name` for every struct, enum or class declared Decodable or Codable in the model files,
    /// nesting read from indentation (the files are formatted: four spaces a level).
    static func declaredModels(in source: String) -> Set<String> {
        var found: Set<String> = []
        var enclosing: [(indent: Int, name: String)] = []
        let declaration = /^(\s*)(?:public |internal |fileprivate |private )?(?:final )?(struct|enum|class|extension) ([A-Za-z_][A-Za-z0-9_.]*)(?:<[^>]*>)?\s*(?::\s*([^{]*))?\{/
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            guard let match = String(line).firstMatch(of: declaration) else { continue }
            let indent = match.1.count
            while let last = enclosing.last, last.indent >= indent { enclosing.removeLast() }
            let name = (enclosing.map(\.name) + [String(match.3)]).joined(separator: ".")
            enclosing.append((indent, name))
            let conformances = (match.4.map(String.init) ?? "").split(separator: ",")
                .map { $0.trimmingCharacters(in: .whitespaces) }
            if match.2 != "extension", conformances.contains(where: { $0 == "Decodable" || $0 == "Codable" }) {
                found.insert(name)
            }
        }
        return found
    }

    private func listedModels() throws -> [String] {
        let list = try String(contentsOf: root.appendingPathComponent("Fuzz/models.list"), encoding: .utf8)
        return list.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }

    func testEveryDecodableModelIsInTheFuzzList() throws {
        let folder = root.appendingPathComponent("Sources/GiteeKit/Models")
        var declared: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            declared.formUnion(Self.declaredModels(in: try String(contentsOf: folder.appendingPathComponent(file),
                                                                  encoding: .utf8)))
        }
        XCTAssertTrue(declared.isSuperset(of: ["Project", "Commit.Stats", "NotificationList", "PullRequest"]),
                      "the scan finds top-level, nested and generic models: \(declared.sorted())")
        // A generic model is listed with its arguments: `NotificationList<PrivateMessage>` covers `NotificationList`.
        let listed = Set(try listedModels().map { String($0.prefix { $0 != "<" }) })
        let missing = declared.subtracting(listed)
        XCTAssertEqual(missing, [], "add these to Fuzz/models.list, then run tests/fuzz/generate-models.sh")
    }

    func testTheGeneratedDecodersFollowTheList() throws {
        let generated = try String(contentsOf: root.appendingPathComponent("Fuzz/Sources/FuzzJSON/Models.generated.swift"),
                                   encoding: .utf8)
        let decoded = generated.matches(of: /decodeBoth\((.+)\.self, \$0\)/).map { String($0.1) }
        XCTAssertEqual(decoded, try listedModels(), "run tests/fuzz/generate-models.sh")
    }

    func testTheScanReadsNestingAndConformances() {
        let source = """
            public struct Outer: Sendable, Decodable {
                public struct Inner: Hashable, Codable {
                    enum CodingKeys: String, CodingKey { case a }
                }
                struct NotAModel: Hashable {
                }
            }
            extension Outer {
                struct Later: Decodable {
                }
            }
            public struct Box<Item: Decodable>: Decodable {
            }
            """
        XCTAssertEqual(Self.declaredModels(in: source), ["Outer", "Outer.Inner", "Outer.Later", "Box"])
    }
}
