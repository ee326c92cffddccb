import Foundation

extension RepositoryContent {
    /// The generated files with the contents API's writes laid over them: a written file replaces (or adds) the
    /// generated one, with a sha made from its bytes (like git, the same bytes give the same blob sha); nil deletes.
    func applying(_ writes: [String: Data?], seed: UInt64, branch: String) -> RepositoryContent {
        guard !writes.isEmpty else { return self }
        var byPath = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for (path, data) in writes {
            guard let data else {
                byPath[path] = nil
                continue
            }
            let sha = fakeSHA(seed, stableHash(path), stableHash(data.base64EncodedString()))
            byPath[path] = File(path: path, size: data.count, sha: sha, body: { data })
        }
        var folders: Set<String> = [""]
        for path in byPath.keys {
            var parts = path.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        return RepositoryContent(files: byPath.values.sorted { $0.path < $1.path }, folders: folders)
    }
}
