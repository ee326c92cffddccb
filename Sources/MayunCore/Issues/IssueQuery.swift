import Foundation
import GiteeKit

/// What narrows and orders an issue list besides its state: one label, an assignee (a login), a milestone (by title,
/// as the list's `milestone` parameter takes it), and the sort. Each combination keeps its own saved first page.
public struct IssueQuery: Equatable, Sendable {
    public var label: String?
    public var assignee: String?
    public var milestone: String?
    public var sort: Endpoints.IssueSort = .created

    public init(label: String? = nil, assignee: String? = nil, milestone: String? = nil,
                sort: Endpoints.IssueSort = .created) {
        self.label = label
        self.assignee = assignee
        self.milestone = milestone
        self.sort = sort
    }

    /// Empty for the plain list, so its key stays the one earlier versions saved under.
    var keySuffix: String {
        var parts: [String] = []
        if let label { parts.append("label=\(label)") }
        if let assignee { parts.append("assignee=\(assignee)") }
        if let milestone { parts.append("milestone=\(milestone)") }
        if sort != .created { parts.append("sort=\(sort.rawValue)") }
        return parts.isEmpty ? "" : ":" + parts.joined(separator: ":")
    }

    /// Whether an issue changed on its page still belongs in a list narrowed by this query.
    func admits(_ issue: Issue) -> Bool {
        (label.map { name in issue.labels.contains { $0.name == name } } ?? true)
            && (assignee.map { $0 == issue.assignee?.login } ?? true)
            && (milestone.map { $0 == issue.milestone?.title } ?? true)
    }
}

/// The assignee filter's choices.
public enum AssigneeFilter: Equatable, Sendable {
    case anyone, me
}
