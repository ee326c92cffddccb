import Foundation
import GiteeKit

/// A new issue's labels, assignee and milestone: offered to members only (the project's `permission` says push or
/// admin, as for triage on an issue's page), from the project's labels, collaborators and open milestones; each
/// choice is part of the draft, so it survives a failed submit and a restart like the title and body.
extension CreateIssueViewModel {
    public var canTriage: Bool {
        guard let session, session.isLoggedIn, let permission else { return false }
        return permission.push || permission.admin
    }

    public var labelsTitle: String { tr("Labels") }
    public var assigneeTitle: String { tr("Assignee") }
    public var milestoneTitle: String { tr("Milestone") }

    /// The project's labels, each with whether the draft carries it. Empty for everyone but members.
    public var labelChoices: [(chip: LabelChip, isOn: Bool)] {
        guard canTriage else { return [] }
        let chosen = Set(draft.labels)
        return projectLabels.map { (LabelChip($0), chosen.contains($0.name)) }
    }

    /// The chosen labels as chips (shown beside the Labels button).
    public var chosenLabelChips: [LabelChip] {
        guard canTriage else { return [] }
        return draft.labels.compactMap { name in projectLabels.first { $0.name == name }.map(LabelChip.init) }
    }

    /// The assignee menu's button: "Assignee" until someone is chosen, then "Assigned to <who>", as the issue page
    /// says it (the name alone, or "No one", said nothing about what the menu is for).
    public var assigneeButtonTitle: String {
        guard canTriage, let login = draft.assignee,
              let chosen = projectCollaborators.first(where: { $0.login == login }) else { return assigneeTitle }
        // The name alone (the menu's entry adds the login): a phone's width has room for little more.
        return String(format: tr("Assigned to %@"), chosen.name.isEmpty ? chosen.login : chosen.name)
    }

    /// The milestone menu's button: "Milestone" until one is chosen, then "Milestone: <title>".
    public var milestoneButtonTitle: String {
        guard let number = draft.milestone, let chosen = milestoneChoices.first(where: { $0.number == number }) else {
            return milestoneTitle
        }
        return String(format: tr("Milestone: %@"), chosen.title)
    }

    /// "No one", then each collaborator. Empty for everyone but members.
    public var assigneeChoices: [(login: String?, title: String)] {
        guard canTriage, !projectCollaborators.isEmpty else { return [] }
        return [(nil, tr("No one"))] + projectCollaborators.map {
            ($0.login, $0.name.isEmpty || $0.name == $0.login ? $0.login : "\($0.name) (\($0.login))")
        }
    }

    /// "No milestone", then each open milestone. Empty for everyone but members.
    public var milestoneChoices: [(number: Int?, title: String)] {
        guard canTriage, !projectMilestones.isEmpty else { return [] }
        return [(nil, tr("No milestone"))] + projectMilestones.map { ($0.number, $0.title) }
    }

    public func setLabel(_ name: String, on: Bool) {
        guard canTriage, projectLabels.contains(where: { $0.name == name }) else { return }
        var labels = draft.labels.filter { $0 != name }
        if on { labels.append(name) }
        guard labels != draft.labels else { return }
        draft.labels = labels
        drafts.save(draft, for: repo)
    }

    public func setAssignee(_ login: String?) {
        guard canTriage, login == nil || projectCollaborators.contains(where: { $0.login == login }),
              login != draft.assignee else { return }
        draft.assignee = login
        drafts.save(draft, for: repo)
    }

    public func setMilestone(_ number: Int?) {
        guard canTriage, number == nil || projectMilestones.contains(where: { $0.number == number }),
              number != draft.milestone else { return }
        draft.milestone = number
        drafts.save(draft, for: repo)
    }

    /// Reads the person's `permission` (saved copy first), then, for members, the project's labels, collaborators
    /// and open milestones (a failure leaves that field out).
    public func loadTriage() {
        guard let project, let session, permission == nil else { return }
        Task { [weak self] in
            await session.start()
            guard session.isLoggedIn, let self else { return }
            if let saved = await project.saved()?.permission { permission = saved }
            if let fresh = try? await project.fetch() { permission = fresh.permission }
            guard canTriage else { return }
            let client = client, repo = repo, limit = IssueViewModel.labelLimit
            if let labels = try? await client.send(Endpoints.labels(owner: repo.owner, repo: repo.name)) {
                projectLabels = Array(labels.prefix(limit))
            }
            if let people = try? await client.send(Endpoints.collaborators(owner: repo.owner, repo: repo.name)) {
                projectCollaborators = Array(people.prefix(limit))
            }
            if let found = try? await client.send(Endpoints.milestones(owner: repo.owner, repo: repo.name)) {
                projectMilestones = Array(found.prefix(limit))
            }
        }
    }
}
