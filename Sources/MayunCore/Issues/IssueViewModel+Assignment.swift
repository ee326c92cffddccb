import Foundation
import GiteeKit

/// Who an issue is assigned to and which milestone it belongs to: shown to everyone, set by members through the
/// update call (`assignee` a collaborator's login, `milestone` a milestone's number), optimistic like every write.
/// Made while the server cannot be reached, the change waits in the outbox (IssueViewModel+Outbox.swift), and a
/// further choice replaces what waits.
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
        guard canAssign, let current = issue else { return }
        let person = login.flatMap { login in projectCollaborators.first { $0.login == login } }
        guard login == nil || person != nil else { return }
        let choice = OutboxEntry.Choice(id: login, title: person.map { $0.name.isEmpty ? $0.login : $0.name } ?? tr("No one"))
        if let row = waitingRow(.issueAssignee) { return replaceWaiting(row, with: choice) }
        guard current.assignee?.login != login else { return }
        let before = current.assignee, previousWritten = writtenAssignee
        sendTriage(.issueAssignee, choice, seen: before?.login ?? "",
                   endpoint: Endpoints.setIssueAssignee(owner: repo.owner, repo: repo.name, number: number, login: login),
                   failure: tr("Could not change the assignee: %@"),
                   kept: tr("Gitee kept the assignee: the change did not take."),
                   apply: { $0.showChange { $0.assignee = person }; $0.writtenAssignee = .some(person) },
                   took: { $0.assignee?.login == login },
                   settled: { $0.writtenAssignee = .some($1.assignee) },
                   undo: { $0.undoAssignee(before, previousWritten) })
    }

    public func setMilestone(_ milestoneNumber: Int?) {
        guard canSetMilestone, let current = issue else { return }
        let milestone = milestoneNumber.flatMap { number in projectMilestones.first { $0.number == number } }
        guard milestoneNumber == nil || milestone != nil else { return }
        let choice = OutboxEntry.Choice(id: milestoneNumber.map(String.init), title: milestone?.title ?? tr("No milestone"))
        if let row = waitingRow(.issueMilestone) { return replaceWaiting(row, with: choice) }
        guard current.milestone?.number != milestoneNumber else { return }
        let before = current.milestone, previousWritten = writtenMilestone
        sendTriage(.issueMilestone, choice, seen: before.map { String($0.number) } ?? "",
                   endpoint: Endpoints.setIssueMilestone(owner: repo.owner, repo: repo.name, number: number,
                                                         milestone: milestoneNumber),
                   failure: tr("Could not change the milestone: %@"),
                   kept: tr("Gitee kept the milestone: the change did not take."),
                   apply: { $0.showChange { $0.milestone = milestone }; $0.writtenMilestone = .some(milestone) },
                   took: { $0.milestone?.number == milestoneNumber },
                   settled: { $0.writtenMilestone = .some($1.milestone) },
                   undo: { $0.undoMilestone(before, previousWritten) })
    }

    /// One triage change (`kind`: the assignee or the milestone), sent as every change to the issue is
    /// (`sendChange`): an answer that was lost is settled by reading the issue again (`took` says whether it holds
    /// the change), and an unchanged issue is refused with `kept`.
    private func sendTriage(_ kind: OutboxEntry.Kind, _ choice: OutboxEntry.Choice, seen: String,
                            endpoint: Endpoint<Issue>, failure: String, kept: String,
                            apply: @escaping @MainActor (IssueViewModel) -> Void,
                            took: @escaping @Sendable (Issue) -> Bool,
                            settled: @escaping @MainActor (IssueViewModel, Issue) -> Void,
                            undo: @escaping @MainActor (IssueViewModel) -> Void) {
        let client = client, reread = reread
        sendChange(key: kind == .issueAssignee ? "assignee" : "milestone", failure: failure, waiting: kind,
                   payload: choice.payload, seen: seen, apply: { apply(self) },
                   request: {
                       try Self.took(await SettledWrite.perform({ try await client.send(endpoint) },
                                                                check: { taken(try await client.send(reread), if: took) }),
                                     took, else: kept)
                   },
                   settled: { [weak self] answer in self?.settleTriage(answer) { settled($0, answer) } },
                   undo: { [weak self] in if let self { undo(self) } })
    }

    private func undoAssignee(_ before: User?, _ previousWritten: User??) {
        showChange { $0.assignee = before }
        writtenAssignee = previousWritten
    }

    private func undoMilestone(_ before: Milestone?, _ previousWritten: Milestone??) {
        showChange { $0.milestone = before }
        writtenMilestone = previousWritten
    }

    /// The issue as the server has it now (the check of a write whose answer was lost).
    var reread: Endpoint<Issue> { Endpoints.issue(owner: repo.owner, repo: repo.name, number: number) }

    /// The description does not say how a field is cleared (an empty `assignee`, `milestone` 0: FAKE-GITEE.md's
    /// "Assumed rules"), so the answer is read: a site that ignored the value answers the issue unchanged, and the
    /// page says so instead of showing a change that did not happen.
    nonisolated static func took(_ answer: Issue, _ asked: (Issue) -> Bool, else message: String) throws -> Issue {
        guard asked(answer) else { throw GiteeError.validation(message) }
        return answer
    }

    func showChange(_ change: (inout Issue) -> Void) {
        guard var shown = issue else { return }
        change(&shown)
        resource.show(shown)
    }

    /// The answer is the whole issue as the server had it when this write ran: another triage write answered later
    /// may have changed another field since, so what the page's own writes settled is laid over it.
    private func settleTriage(_ answer: Issue, _ remember: (IssueViewModel) -> Void) {
        remember(self)
        let shown = resource.keepWritten(answer)
        resource.show(shown)
        onChanged(shown)
    }
}
