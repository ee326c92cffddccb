import Foundation

/// A project's releases: deterministic tags, notes and attached files (their bytes are generated from the seed too,
/// so a download can be checked byte for byte).
public struct FakeRelease: Sendable {
    public let id: Int
    public let tag: String
    public let name: String
    public let body: String
    public let isPrerelease: Bool
    public let authorID: Int
    public let time: Int
    public let assets: [FakeAsset]
}

public struct FakeAsset: Sendable {
    public let id: Int
    public let name: String
    public let size: Int
}

public enum Releases {
    /// Newest first. About half the non-empty projects have releases, from 1 to 30 (more than a page of 20).
    public static func of(_ project: FakeProject, world: World) -> [FakeRelease] {
        guard !project.isEmpty else { return [] }
        var random = SeededRandom(seed: world.seed, UInt64(project.id), 11)
        // A private project always has releases, its newest with a file: tests need one whose website address
        // answers the login page while the API hands out its bytes.
        guard random.chance(0.5) || project.isPrivate else { return [] }
        let count = random.int(1...30)
        var time = project.pushedAt
        var (major, minor, patch) = (random.int(0...3), random.int(0...9), random.int(0...9))
        return (0..<count).map { index in
            let isPrerelease = index == 0 && random.chance(0.3)
            let tag = "v\(major).\(minor).\(patch)" + (isPrerelease ? "-rc.1" : "")
            let id = project.id * 1_000 + (count - index)
            let fileCount = random.int(0...3)
            let assets = (0..<(index == 0 && project.isPrivate ? max(1, fileCount) : fileCount)).map { number in
                FakeAsset(id: id * 10 + number, name: assetName(project: project, tag: tag, number: number),
                          size: random.int(2_000...400_000))
            }
            let notes = (0..<random.int(1...5)).map { _ in "- " + random.pick(Vocabulary.commitMessages) }
            let release = FakeRelease(
                id: id, tag: tag, name: isPrerelease ? "\(tag) (preview)" : "\(project.name) \(tag)",
                body: "## What's new\n\n" + notes.joined(separator: "\n") + "\n\nSee **CHANGELOG.md** for details.",
                isPrerelease: isPrerelease, authorID: random.chance(0.8) ? project.ownerID : random.int(1...world.users.count),
                time: time, assets: assets)
            time -= random.int(86_400...86_400 * 40)
            if patch > 0 { patch -= 1 } else if minor > 0 { (minor, patch) = (minor - 1, 9) } else { (major, minor, patch) = (max(0, major - 1), 9, 9) }
            return release
        }
    }

    /// The bytes of an attached file: `size` bytes, the same for the same file every time.
    public static func bytes(of asset: FakeAsset) -> Data {
        var random = SeededRandom(seed: UInt64(asset.id), 12)
        var data = Data(capacity: asset.size)
        while data.count < asset.size {
            withUnsafeBytes(of: random.next()) { data.append(contentsOf: $0.prefix(asset.size - data.count)) }
        }
        return data
    }

    private static func assetName(project: FakeProject, tag: String, number: Int) -> String {
        let kinds = ["linux-x86_64.tar.gz", "windows-x64.zip", "macos-universal.dmg", "checksums.txt"]
        return "\(project.path)-\(tag)-\(kinds[number % kinds.count])"
    }
}
