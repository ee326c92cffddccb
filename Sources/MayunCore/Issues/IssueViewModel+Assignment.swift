import Foundation
import GiteeKit

/// Who an issue is assigned to and which milestone it belongs to: shown to everyone, set by members through the
/// update call (`assignee` a collaborator's login, `milestone` a milestone's number), optimistic like every write.
extension IssueViewModel {
    public var assigneeText: String {
        guard let person = issue?.assignee else { return tr("No one assigned") }
        return String(format: tr("Assigned to %@"), person.name.isEmpty ? person.login : person.name)
    }

    public var milestoneText: String {
        guard let milestone = issue?.milestone, !milestone.title.isEmpty else { return tr("No milestone") }
        return String(format: tr("Milestone: %@"), milestone.title)
    }

    public var canAssign: Bool { canChangeState && !projectCollaborators.isEmpty }
    public var canSetMilestone: Bool { canChangeState && !projectMilestones.isEmpty }
    public var assigneeTitle: String { tr("Assignee") }
    public var milestoneTitle: String { tr("Milestone") }

    /// "No one", then each collaborator (login nil: remove the assignee). Empty for everyone but members.
    public var assigneeChoices: [(login: String?, title: String)] {
        guard canAssign else { return [] }
        return [(nil, tr("No one"))] + projectCollaborators.map { ($0.login, $0.name.isEmpty ? $0.login : "\($0.name) (\($0.login))") }
    }

    /// "No milestone", then each open milestone (number nil: remove it). Empty for everyone but members.
    public var milestoneChoices: [(number: Int?, title: String)] {
        guard canSetMilestone else { return [] }
        return [(nil, tr("No milestone"))] + projectMilestones.map { ($0.number, $0.title) }
    }

    public func setAssignee(_ login: String?) {
        guard canAssign, let current = issue, current.assignee?.login != login else { return }
        let person = login.flatMap { login in projectCollaborators.first { $0.login == login } }
        guard login == nil || person != nil else { return }
        let before = current.assignee, previousWritten = writtenAssignee
        let endpoint = Endpoints.setIssueAssignee(owner: repo.owner, repo: repo.name, number: number, login: login)
        let client = client
        writes.send(key: "assignee", failure: tr("Could not change the assignee: %@"),
                    apply: { showChange { $0.assignee = person }; writtenAssignee = .some(person) },
                    request: { try await client.send(endpoint) },
                    settle: { [weak self] answer in self?.settleTriage(answer) { $0.writtenAssignee = .some(answer.assignee) } },
                    rollBack: { [weak self] _ in
                        self?.showChange { $0.assignee = before }
                        self?.writtenAssignee = previousWritten
                    })
    }

    public func setMilestone(_ milestoneNumber: Int?) {
        guard canSetMilestone, let current = issue, current.milestone?.number != milestoneNumber else { return }
        let milestone = milestoneNumber.flatMap { number in projectMilestones.first { $0.number == number } }
        guard milestoneNumber == nil || milestone != nil else { return }
        let before = current.milestone, previousWritten = writtenMilestone
        let endpoint = Endpoints.setIssueMilestone(owner: repo.owner, repo: repo.name, number: number,
                                                   milestone: milestoneNumber)
        let client = client
        writes.send(key: "milestone", failure: tr("Could not change the milestone: %@"),
                    apply: { showChange { $0.milestone = milestone }; writtenMilestone = .some(milestone) },
                    request: { try await client.send(endpoint) },
                    settle: { [weak self] answer in self?.settleTriage(answer) { $0.writtenMilestone = .some(answer.milestone) } },
                    rollBack: { [weak self] _ in
                        self?.showChange { $0.milestone = before }
                        self?.writtenMilestone = previousWritten
                    })
    }

    func showChange(_ change: (inout Issue) -> Void) {
        guard var shown = issue else { return }
        change(&shown)
        resource.show(shown)
    }

    private func settleTriage(_ answer: Issue, _ remember: (IssueViewModel) -> Void) {
        remember(self)
        resource.show(answer)
        onChanged(answer)
    }
}
