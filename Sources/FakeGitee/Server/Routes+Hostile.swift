import Foundation

/// `POST /__fake/hostile-readme?kind=KIND` (or `kind=` to go back to the generated READMEs): every project's README
/// becomes that `HostileReadme`, so one running server can serve each kind in turn.
extension FakeGiteeServer {
    func registerHostileReadmeRoutes() {
        router.add("POST", "/__fake/hostile-readme") { [unowned self] request, _ in
            let kind = request.field("kind") ?? ""
            if kind.isEmpty {
                hostileReadme = nil
            } else {
                guard let chosen = HostileReadme(rawValue: kind) else {
                    return .error(422, "unknown kind; use one of: "
                        + HostileReadme.allCases.map(\.rawValue).joined(separator: ", "))
                }
                hostileReadme = chosen
            }
            return .json(.object([("hostile_readme", hostileReadme.map { .string($0.rawValue) } ?? .null)]))
        }
    }

    /// The README file every project serves while a hostile kind is chosen.
    var hostileReadmeFile: RepositoryContent.File? {
        guard let hostileReadme else { return nil }
        let body = Data(hostileReadme.text.utf8)
        return RepositoryContent.File(path: "README.md", size: body.count, sha: "hostile-\(hostileReadme.rawValue)",
                                      body: { body })
    }
}
