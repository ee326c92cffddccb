import Foundation

/// The triage fields of a new issue (`POST /repos/{owner}/issues`): `labels` (names, comma-separated), `assignee`
/// (a login) and `milestone` (a number), as the published description lists them for the create call. Checked as the
/// update checks them (Routes+IssueWrites.swift); only members may set them (the website shows these fields to
/// members only), so a non-member sending any is refused 403 rather than silently ignored.
extension FakeGiteeServer {
    struct NewIssueTriage {
        var labels: [String]?
        var assigneeID: Int?
        var milestoneNumber: Int?
    }

    enum TriageCheck {
        case accepted(NewIssueTriage)
        case refused(FakeResponse)
    }

    func newIssueTriage(_ request: FakeRequest, project: FakeProject, viewerID: Int) -> TriageCheck {
        let labelField = request.field("labels").flatMap { $0.isEmpty ? nil : $0 }
        let assigneeField = request.field("assignee").flatMap { $0.isEmpty ? nil : $0 }
        let milestoneField = request.field("milestone").flatMap { $0.isEmpty || $0 == "0" ? nil : $0 }
        var triage = NewIssueTriage()
        guard labelField != nil || assigneeField != nil || milestoneField != nil else { return .accepted(triage) }
        guard viewerID == project.ownerID else {
            return .refused(.error(403, "403 Forbidden: 没有权限 (only members set labels, assignee or milestone)"))
        }
        if let labelField {
            let labels = FakeLabels.names(in: labelField)
            let unknown = FakeLabels.unknown(labels)
            guard unknown.isEmpty, labels.allSatisfy({ (2...20).contains($0.count) }) else {
                return .refused(.error(422, "标签不存在 (no such label: \((unknown.isEmpty ? labels : unknown).joined(separator: ", ")))"))
            }
            triage.labels = labels.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
        }
        if let assigneeField {
            guard let user = world.user(login: assigneeField),
                  FakeTriage.collaboratorIDs(of: project, userCount: world.users.count).contains(user.id) else {
                return .refused(.error(422, "负责人不是仓库成员 (not a collaborator: \(assigneeField))"))
            }
            triage.assigneeID = user.id
        }
        if let milestoneField {
            guard let number = Int(milestoneField) else { return .refused(.error(400, "milestone is not a number")) }
            guard FakeTriage.milestones(of: project).contains(where: { $0.number == number }) else {
                return .refused(.error(422, "里程碑不存在 (no such milestone: \(number))"))
            }
            triage.milestoneNumber = number
        }
        return .accepted(triage)
    }
}
