/// A check run on a pull request's head commit, in the published description's terms (`CheckRun`: status, conclusion,
/// output title and summary) with its annotations (`CheckAnnotation`).
struct FakeCheckRun: Sendable {
    let id: Int
    let name: String
    let headSHA: String
    /// The description's enum: "queued", "in_progress" or "completed".
    let status: String
    /// nil until completed; then one of the description's conclusions.
    let conclusion: String?
    let title: String
    let summary: String
    let startedAt: Int
    let completedAt: Int?
    let annotations: [FakeCheckAnnotation]
}

struct FakeCheckAnnotation: Sendable {
    let path: String
    let startLine: Int
    let endLine: Int
    /// "notice", "warning" or "failure" (the create call's `annotation_level` enum).
    let level: String
    let title: String
    let message: String
}

/// Check runs, deterministic from the pull request's number, so every kind of page can be opened in the demo:
/// number % 4 == 1: `build` succeeded, `lint` failed with two annotations on lines the diff shows (its first file's
/// first hunk), `test` in progress; == 2: `build` succeeded only; == 3: `build` succeeded, `test` in progress;
/// == 0: no checks at all. Only the head commit has runs (the commit the site runs checks on).
enum CheckRuns {
    static func of(_ pull: FakePullRequest) -> [FakeCheckRun] {
        guard let head = pull.commits.first?.sha else { return [] }
        let start = pull.updatedAt + 60
        let build = FakeCheckRun(id: pull.id * 10 + 1, name: "build", headSHA: head, status: "completed",
                                 conclusion: "success", title: "Build passed", summary: "Compiled in 42 s without warnings.",
                                 startedAt: start, completedAt: start + 42, annotations: [])
        let test = FakeCheckRun(id: pull.id * 10 + 3, name: "test", headSHA: head, status: "in_progress", conclusion: nil,
                                title: "Running tests", summary: "128 of 412 tests run so far.", startedAt: start,
                                completedAt: nil, annotations: [])
        switch pull.number % 4 {
        case 1: return [build, lint(pull, head: head, start: start), test]
        case 2: return [build]
        case 3: return [build, test]
        default: return []
        }
    }

    /// The runs of `ref` (a head commit's sha or its branch) among the project's pull requests.
    static func of(ref: String, in pulls: [FakePullRequest]) -> [FakeCheckRun] {
        guard let pull = pulls.first(where: { $0.commits.first?.sha == ref }) ?? pulls.first(where: { $0.headBranch == ref })
        else { return [] }
        return of(pull)
    }

    /// `lint` failed: a failure on the first added line of the first file's first hunk, a warning on the context line
    /// above it (both lines are in the pull request's diff).
    private static func lint(_ pull: FakePullRequest, head: String, start: Int) -> FakeCheckRun {
        var annotations: [FakeCheckAnnotation] = []
        if let file = pull.files.first, let first = firstNewLine(of: file.patch) {
            annotations = [
                FakeCheckAnnotation(path: file.path, startLine: first + 1, endLine: first + 1, level: "failure",
                                    title: "unused variable", message: "variable `count` is assigned but never used"),
                FakeCheckAnnotation(path: file.path, startLine: first, endLine: first, level: "warning",
                                    title: "style", message: "comment should start with a capital letter"),
            ]
        }
        return FakeCheckRun(id: pull.id * 10 + 2, name: "lint", headSHA: head, status: "completed", conclusion: "failure",
                            title: "\(annotations.count) problems", summary: "The linter found \(annotations.count) problems.",
                            startedAt: start, completedAt: start + 15, annotations: annotations)
    }

    /// The new side's first line number in a patch's first `@@ -a,b +c,d @@` header (c), or nil.
    static func firstNewLine(of patch: String) -> Int? {
        guard let header = patch.split(separator: "\n").first(where: { $0.hasPrefix("@@") }),
              let plus = header.split(separator: " ").first(where: { $0.hasPrefix("+") }) else { return nil }
        return Int(plus.dropFirst().split(separator: ",").first ?? "")
    }
}
