import GiteeKit

/// One person asked to review or test, as the page lists them.
public struct ReviewerRow: Equatable, Sendable {
    public let login: String
    public let name: String
    /// "Approved" / "Waiting for review", "Passed" / "Waiting for test".
    public let state: String
    public let accepted: Bool
}

/// Reviews and tests: who is asked and whether they passed it (to everyone), Approve and Pass test for the person
/// when they are asked, and (members only, by the project's `permission`) asking collaborators or taking them off. Every
/// change goes through `writes`: shown at once, settled from the server, put back with the reason when refused.
extension PullRequestViewModel {
    // MARK: Outputs

    /// "Reviewers", or with the project's requirement: "Reviewers (0 of 1 approvals)".
    public var reviewersHeading: String {
        guard let pull = pullRequest, pull.requiredApprovals > 0 else { return tr("Reviewers") }
        return String(format: tr("Reviewers (%d of %d approvals)"), pull.approvals.count, pull.requiredApprovals)
    }

    public var testersHeading: String {
        guard let pull = pullRequest, pull.requiredTests > 0 else { return tr("Testers") }
        return String(format: tr("Testers (%d of %d passed)"), pull.passedTests.count, pull.requiredTests)
    }
    public var nobodyAsked: String { tr("Nobody yet") }

    public func people(_ role: Endpoints.ReviewRole) -> [ReviewerRow] {
        let list = pullRequest.map { Self.people(role, of: $0) } ?? []
        return list.map { person in
            let state = switch (role, person.accepted) {
            case (.reviewers, true): tr("Approved")
            case (.reviewers, false): tr("Waiting for review")
            case (.testers, true): tr("Passed")
            case (.testers, false): tr("Waiting for test")
            }
            return ReviewerRow(login: person.login, name: person.name ?? person.login, state: state, accepted: person.accepted)
        }
    }

    /// A role's list is shown when someone is asked or the project requires approvals (tests) before merging (to
    /// everyone), or to a member (who may ask someone); a project that does not use them shows nothing to the others.
    public func showsSection(_ role: Endpoints.ReviewRole) -> Bool {
        guard let pull = pullRequest else { return false }
        let required = role == .reviewers ? pull.requiredApprovals : pull.requiredTests
        return canAct || required > 0 || !people(role).isEmpty
    }

    public var showsReviews: Bool { Endpoints.ReviewRole.allCases.contains(where: showsSection) }

    /// Approve (or Pass test) for whoever is asked on the pull request and has not yet, while it is open: on
    /// gitee.com the reviewers and testers assigned to it decide (help article 4304: "指定人员...决定是否同意"),
    /// members or not; nobody else is offered it (docs/FAKE-GITEE.md, "Assumed rules").
    public func canAccept(_ role: Endpoints.ReviewRole) -> Bool {
        guard isLoggedIn, let pull = pullRequest, pull.isOpen, !pull.isMerged, let me = session?.user?.login else { return false }
        return Self.people(role, of: pull).contains { $0.login == me && !$0.accepted } && !writes.isPending("accept \(role.rawValue)")
    }

    public func acceptTitle(_ role: Endpoints.ReviewRole) -> String {
        role == .reviewers ? tr("Approve") : tr("Pass test")
    }

    /// Collaborators a member may still ask (not asked yet), for the "Add" menu.
    public func assignable(_ role: Endpoints.ReviewRole) -> [User] {
        guard canAct else { return [] }
        let asked = Set(people(role).map(\.login))
        return collaborators.filter { !asked.contains($0.login) }
    }

    public func addTitle(_ role: Endpoints.ReviewRole) -> String {
        role == .reviewers ? tr("Add reviewer") : tr("Add tester")
    }

    public func removeTitle(_ role: Endpoints.ReviewRole, login: String) -> String {
        String(format: role == .reviewers ? tr("Remove reviewer %@") : tr("Remove tester %@"), login)
    }

    // MARK: Inputs

    /// Approve (`POST .../review`) or Pass test (`POST .../test`): shown as passed at once, then the pull request
    /// is read again; a refusal puts it back as it was and says why.
    public func accept(_ role: Endpoints.ReviewRole) {
        guard canAccept(role), let before = pullRequest, let me = session?.user?.login else { return }
        let endpoint = role == .reviewers
            ? Endpoints.approvePullRequest(owner: repo.owner, repo: repo.name, number: number)
            : Endpoints.passPullRequestTest(owner: repo.owner, repo: repo.name, number: number)
        let client = client, reread = reread
        sendChange(key: "accept \(role.rawValue)",
                   failure: role == .reviewers ? tr("Could not approve: %@") : tr("Could not pass the test: %@"),
                   waiting: .pullRequestAccept, payload: role.rawValue, seen: "",
                   apply: { [weak self] in self?.showPeople(role) { list in
                       for index in list.indices where list[index].login == me { list[index].accepted = true }
                   } },
                   request: {
                       // A lost answer is settled by the pull request: this person's approval (or pass) is on it.
                       try await SettledWrite.perform({
                           _ = try await client.send(endpoint)
                           return try? await client.send(reread)
                       }, check: { () async throws -> PullRequest?? in
                           let now = try await client.send(reread)
                           return Self.people(role, of: now).contains { $0.login == me && $0.accepted } ? .some(now) : .none
                       })
                   },
                   settled: { [weak self] answer in
                       guard let self, var shown = answer else { return }
                       shown.state = pullRequest?.state ?? shown.state
                       resource.show(shown)
                   },
                   undo: { [weak self] in self?.resource.show(before) })
    }

    /// Asks a collaborator to review or test (`POST .../assignees` or `.../testers`).
    public func add(_ login: String, as role: Endpoints.ReviewRole) {
        guard canAct, let before = pullRequest, !people(role).contains(where: { $0.login == login }) else { return }
        let person = collaborators.first { $0.login == login }
        let endpoint = Endpoints.assign([login], as: role, owner: repo.owner, repo: repo.name, number: number)
        change(role, login: login, before: before, endpoint: endpoint,
               failure: role == .reviewers ? tr("Could not add the reviewer: %@") : tr("Could not add the tester: %@")) {
            $0.append(PullRequest.Reviewer(login: login, name: person?.name, avatarURL: person?.avatarURL))
        }
    }

    /// Takes someone off the reviewers or testers (`DELETE .../assignees` or `.../testers`).
    public func remove(_ login: String, as role: Endpoints.ReviewRole) {
        guard canAct, let before = pullRequest, people(role).contains(where: { $0.login == login }) else { return }
        let endpoint = Endpoints.unassign([login], as: role, owner: repo.owner, repo: repo.name, number: number)
        change(role, login: login, before: before, endpoint: endpoint,
               failure: role == .reviewers ? tr("Could not remove the reviewer: %@") : tr("Could not remove the tester: %@")) {
            $0.removeAll { $0.login == login }
        }
    }

    private func change(_ role: Endpoints.ReviewRole, login: String, before: PullRequest, endpoint: Endpoint<PullRequest>,
                        failure: String, _ edit: @escaping @MainActor (inout [PullRequest.Reviewer]) -> Void) {
        let client = client, reread = reread
        // Asked (or taken off) when the server's list has the person (or not) as the change wants.
        var wanted = Self.people(role, of: before)
        edit(&wanted)
        let asked = wanted.contains { $0.login == login }
        let putBack: @MainActor (PullRequestViewModel?) -> Void = { page in
            guard let page, var shown = page.pullRequest else { return }
            shown.reviewers = before.reviewers
            shown.testers = before.testers
            page.resource.show(shown)
        }
        sendChange(key: "\(role.rawValue) \(login)", failure: failure, waiting: .pullRequestPeople,
                   payload: OutboxEntry.PeopleChange(role: role, login: login, asked: asked).payload, seen: "",
                   apply: { [weak self] in self?.showPeople(role, edit) },
                   request: {
                       // A lost answer is settled by the pull request's list (docs/WRITES.md).
                       try await SettledWrite.perform({ try await client.send(endpoint) }, check: {
                           taken(try await client.send(reread)) { Self.people(role, of: $0).contains { $0.login == login } == asked }
                       })
                   },
                   settled: { [weak self] answer in
                       guard let self, var shown = pullRequest else { return }
                       // Only the lists: the answer's other fields may predate another write in flight.
                       shown.reviewers = answer.reviewers
                       shown.testers = answer.testers
                       resource.show(shown)
                   },
                   // Refused, or waiting: the lists as the server has them (the line says what waits).
                   undo: { [weak self] in putBack(self) })
    }

    /// Its reviewers or its testers.
    nonisolated static func people(_ role: Endpoints.ReviewRole, of pull: PullRequest) -> [PullRequest.Reviewer] {
        role == .reviewers ? pull.reviewers : pull.testers
    }

    private func showPeople(_ role: Endpoints.ReviewRole, _ edit: (inout [PullRequest.Reviewer]) -> Void) {
        guard var shown = pullRequest else { return }
        if role == .reviewers { edit(&shown.reviewers) } else { edit(&shown.testers) }
        resource.show(shown)
    }

    /// The people a member can ask (`GET .../collaborators`, first 100, through the directory the mention completion
    /// shares), read with the page's first requests; shown only to members (`canAct`).
    func loadCollaborators(for login: String) {
        guard collaboratorsFor != login else { return }
        collaboratorsFor = login
        let endpoint = Endpoints.collaborators(owner: repo.owner, repo: repo.name)
        let directory = collaboratorDirectory, repo = repo
        Task { [weak self, client] in
            let people = if let directory { await directory.collaborators(of: repo) }
                         else { (try? await client.send(endpoint)) ?? [] }
            guard let self else { return }
            if people.isEmpty, collaboratorsFor == login { collaboratorsFor = nil }  // failed: asked again by a refresh
            if !people.isEmpty { collaborators = Array(people.prefix(100)) }
        }
    }
}

extension PullRequestViewModel {
    /// The conversation's comment: a line comment's time says which file it is on, or that it is outdated.
    public func comment(at index: Int) -> (author: String, when: String, body: String)? {
        guard let comment = comments.item(at: index) else { return nil }
        var when = RelativeTime.describe(comment.createdAt?.date) ?? ""
        if let note = placeNote(for: comment) { when = when.isEmpty ? note : "\(when)  ·  \(note)" }
        return (comment.author?.name ?? comment.author?.login ?? "", when, comment.body)
    }
}
