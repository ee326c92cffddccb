import Foundation

/// Every generated project's labels: the names the generated issues carry, each in its own colour (six hex digits
/// without '#', as the recorded sample `samples/issue.json` has them: "B5CC18"). Light and dark colours both, so a
/// client's text contrast shows on both kinds.
public enum FakeLabels {
    public static let all: [(name: String, color: String)] = [
        ("bug", "d73a4a"), ("enhancement", "a2eeef"), ("question", "d876e3"), ("documentation", "0075ca"),
        ("good first issue", "7057ff"), ("feature", "B5CC18"), ("wontfix", "ffffff"),
    ]

    static func color(of name: String) -> String {
        all.first { $0.name == name }?.color ?? "0075ca"
    }

    /// A stable id for a label of a project (the same in the label list and on issues).
    static func id(of name: String, project: FakeProject) -> Int {
        let index = all.firstIndex { $0.name == name } ?? all.count
        return project.id &* 100 &+ index
    }

    /// The `labels` field of the update and the list: names separated by commas; blanks around a name dropped;
    /// an empty field means none.
    static func names(in field: String) -> [String] {
        field.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Names that are not among the project's labels (the site refuses an update naming one).
    static func unknown(_ names: [String]) -> [String] {
        names.filter { name in !all.contains { $0.name == name } }
    }
}

/// A project's collaborators and milestones, derived from its id (no stored state): the owner and three other
/// generated people; three open milestones. Shapes: the published description's `ProjectMember` and `Milestone`.
public enum FakeTriage {
    public static func collaboratorIDs(of project: FakeProject, userCount: Int) -> [Int] {
        guard userCount > 1 else { return [project.ownerID] }
        var ids = [project.ownerID]
        var next = project.id
        while ids.count < min(4, userCount) {
            next = next &* 31 &+ 7
            let id = 1 + abs(next % userCount)
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    public static let milestoneTitles = ["v1.0", "v1.1", "v2.0"]

    /// Milestone numbers are unique across the site (as on Gitee, where they look like ids).
    public static func milestones(of project: FakeProject) -> [(number: Int, title: String)] {
        milestoneTitles.enumerated().map { (project.id &* 10 &+ $0.offset &+ 1, $0.element) }
    }
}
