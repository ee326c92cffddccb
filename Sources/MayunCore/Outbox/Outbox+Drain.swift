import Foundation
import GiteeKit

/// Sending what waited: in order, one at a time, each settled first (docs/WRITES.md, "The outbox").
extension Outbox {
    /// What the server says about a row before it is sent.
    enum Settled: Equatable {
        /// Already done there (sent before a quit, or its answer was lost): dropped, never sent.
        case done
        /// Not done, and nothing changed under it: send it.
        case notDone
        /// The thing changed meanwhile (the issue's state is no longer the one the person saw): theirs to decide.
        case conflict(String)
    }

    /// Sends waiting rows in order as `login` with `client`, stopping at the first that still cannot reach the
    /// server (it and the rows after it wait for the next drain). A drain asked for while one runs is not started:
    /// the caller waits for the running one, which goes on to rows added meanwhile.
    public func drain(client: GiteeClient, login: String) async {
        if let runningDrain {
            await runningDrain.value
            return
        }
        guard !isDraining else { return }
        let task = Task { await drainRows(client: client, login: login) }
        runningDrain = task
        await task.value
        runningDrain = nil
    }

    private func drainRows(client: GiteeClient, login: String) async {
        isDraining = true
        defer { isDraining = false }
        var after: Int64 = 0
        while let entry = entries.first(where: { $0.id > after && !$0.needsDecision }) {
            after = entry.id
            guard await process(entry, client: client, login: login) else {
                stalled = true
                return
            }
        }
        stalled = false
    }

    /// One row: settled, then sent when not done. False when the drain must stop (the server cannot be reached, or
    /// the answer says nothing: that row is asked about again on the next drain).
    private func process(_ entry: OutboxEntry, client: GiteeClient, login: String) async -> Bool {
        let settled: Settled
        do {
            settled = try await settle(entry, client: client, login: login)
        } catch {
            return refused(entry, GiteeError.from(error))
        }
        switch settled {
        case .done:
            remove(entry.id, sent: true)
            return true
        case .conflict(let reason):
            setStatus(entry.id, .needsDecision(reason: reason))
            return true
        case .notDone:
            break
        }
        // On disk before the request leaves: a quit from here on leaves a row that is asked about, not resent blindly.
        setStatus(entry.id, .sending)
        inFlight = entry.id
        defer { inFlight = nil }
        do {
            try await send(entry, client: client)
            remove(entry.id, sent: true)
            return true
        } catch {
            let failure = GiteeError.from(error)
            if failure.neverReachedServer { setStatus(entry.id, .waiting) }
            // A lost answer keeps the row in `sending`: the next drain settles it before anything else.
            return failure.leavesOutcomeUnknown ? false : refused(entry, failure)
        }
    }

    /// A failure while settling or sending. The network, the login or the rate limit stop the drain with the row
    /// kept as it is; a refusal about the thing itself (gone, not allowed, invalid) is the person's to decide.
    private func refused(_ entry: OutboxEntry, _ failure: GiteeError) -> Bool {
        if failure.neverReachedServer || failure.leavesOutcomeUnknown || failure.isTransient || failure.needsLogin
            || failure == .cancelled {
            return false
        }
        setStatus(entry.id, .needsDecision(reason: ErrorText.message(for: failure)))
        return true
    }

    /// Asks the server whether the row's write is already done (a comment: the thread's last page holds one by
    /// `login` with exactly this text, newer than the newest the person saw; a state, labels, assignee or milestone:
    /// the issue has them; a star or watch: the check call answers the state wanted; a new issue: `NewIssueCheck`;
    /// a file commit: the file at its path, `Outbox+Files.swift`).
    func settle(_ entry: OutboxEntry, client: GiteeClient, login: String) async throws -> Settled {
        let repo = entry.repo
        switch entry.kind {
        case .issueComment:
            let newest = try await client.lastPage(Endpoints.issueComments(owner: repo.owner, repo: repo.name,
                                                                           number: entry.number, perPage: 100))
            return Self.holds(newest, entry, login: login) ? .done : .notDone
        case .pullRequestComment:
            let newest = try await client.lastPage(Endpoints.pullRequestComments(owner: repo.owner, repo: repo.name,
                                                                                 number: try Self.pullNumber(entry),
                                                                                 perPage: 100))
            return Self.holds(newest, entry, login: login) ? .done : .notDone
        case .issueState:
            let issue = try await client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: entry.number))
            if issue.state == entry.payload { return .done }
            if entry.seen != OutboxEntry.anyState, issue.state != entry.seen {
                return .conflict(String(format: tr("the issue was set to %@ meanwhile"), IssueStatus(site: issue.state).name))
            }
            return .notDone
        case .star:
            let starred = try await client.send(Endpoints.isStarred(owner: repo.owner, repo: repo.name))
            return starred == entry.wantsOn ? .done : .notDone
        case .watch:
            let watched = try await client.send(Endpoints.isWatched(owner: repo.owner, repo: repo.name))
            return watched == entry.wantsOn ? .done : .notDone
        case .issueLabels:
            let issue = try await client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: entry.number))
            let has = Set(issue.labels.map(\.name))
            if has == Set(try Self.labelNames(entry.payload)) { return .done }
            if let seen = OutboxEntry.labelNames(entry.seen), has != Set(seen) {
                return .conflict(tr("the labels were changed meanwhile"))
            }
            return .notDone
        case .issueAssignee, .issueMilestone:
            let issue = try await client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: entry.number))
            let has = Self.planned(entry.kind, in: issue)
            if has == (try Self.choice(entry).id ?? "") { return .done }
            if entry.seen != OutboxEntry.anyState, has != entry.seen {
                return .conflict(entry.kind == .issueAssignee ? tr("the assignee was changed meanwhile")
                                                              : tr("the milestone was changed meanwhile"))
            }
            return .notDone
        case .issueCommentEdit, .pullRequestCommentEdit:
            let change = try Self.commentChange(entry)
            guard let now = try await Self.commentText(entry.kind, change.id, in: repo, client: client) else {
                return .conflict(tr("the comment was deleted meanwhile"))
            }
            if now == change.body { return .done }
            if entry.seen != OutboxEntry.anyState, now != entry.seen { return .conflict(tr("the comment was changed meanwhile")) }
            return .notDone
        case .issueEdit:
            let wanted = try Self.issueText(entry.payload)
            let issue = try await client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: entry.number))
            let has = OutboxEntry.IssueText(title: issue.title, body: issue.body ?? "")
            if has == wanted { return .done }
            if entry.seen != OutboxEntry.anyState, has != OutboxEntry.IssueText.read(entry.seen) {
                return .conflict(tr("the issue was edited meanwhile"))
            }
            return .notDone
        case .issueCommentDeletion, .pullRequestCommentDeletion:
            let change = try Self.commentChange(entry)
            return try await Self.commentText(entry.kind, change.id, in: repo, client: client) == nil ? .done : .notDone
        case .pullRequestMerge, .pullRequestState:
            let pull = try await client.send(Endpoints.pullRequest(owner: repo.owner, repo: repo.name,
                                                                   number: try Self.pullNumber(entry)))
            if entry.kind == .pullRequestMerge {
                if pull.isMerged { return .done }
                if pull.state != "open" { return .conflict(tr("the pull request was closed meanwhile")) }
                if entry.seen != OutboxEntry.anyState, let head = pull.head.sha, head != entry.seen {
                    return .conflict(tr("new commits were pushed meanwhile"))
                }
                return .notDone
            }
            if pull.state == entry.payload { return .done }
            if entry.seen != OutboxEntry.anyState, pull.state != entry.seen {
                return .conflict(tr("the pull request's state was changed meanwhile"))
            }
            return .notDone
        case .pullRequestAccept:
            let role = try Self.reviewRole(entry)
            let pull = try await client.send(Endpoints.pullRequest(owner: repo.owner, repo: repo.name,
                                                                   number: try Self.pullNumber(entry)))
            let people = role == .reviewers ? pull.reviewers : pull.testers
            return people.contains { $0.login == login && $0.accepted } ? .done : .notDone
        case .pullRequestPeople:
            let change = try Self.peopleChange(entry)
            let pull = try await client.send(Endpoints.pullRequest(owner: repo.owner, repo: repo.name,
                                                                   number: try Self.pullNumber(entry)))
            let people = change.role == Endpoints.ReviewRole.testers.rawValue ? pull.testers : pull.reviewers
            return people.contains { $0.login == change.login } == change.asked ? .done : .notDone
        case .newPullRequest:
            let sent = try Self.newPullRequest(entry)
            return try await NewPullRequestCheck.find(sent, in: repo, by: login, client: client) == nil ? .notDone : .done
        case .fileCommit:
            return try await Self.settleFileCommit(entry, client: client)
        case .fileDeletion:
            return try await Self.settleFileDeletion(entry, client: client)
        case .pullRequestLineComment:
            return try await Self.settleLineComment(entry, client: client, login: login)
        case .newIssue:
            let sent = try Self.newIssue(entry)
            let found = try await NewIssueCheck.find(title: sent.title, in: repo, by: login,
                                                     since: entry.created.addingTimeInterval(-60), client: client)
            return found == nil ? .notDone : .done
        }
    }

    private func send(_ entry: OutboxEntry, client: GiteeClient) async throws {
        let repo = entry.repo
        switch entry.kind {
        case .fileCommit:
            try await Self.sendFileCommit(entry, client: client)
        case .fileDeletion:
            try await Self.sendFileDeletion(entry, client: client)
        case .pullRequestLineComment:
            try await Self.sendLineComment(entry, client: client)
        case .issueComment:
            _ = try await client.send(Endpoints.commentOnIssue(owner: repo.owner, repo: repo.name, number: entry.number,
                                                               body: entry.payload))
        case .pullRequestComment:
            _ = try await client.send(Endpoints.commentOnPullRequest(owner: repo.owner, repo: repo.name,
                                                                     number: try Self.pullNumber(entry),
                                                                     body: entry.payload))
        case .issueState:
            guard let state = Endpoints.SettableIssueState(rawValue: entry.payload) else {
                throw GiteeError.validation(tr("this state cannot be set"))
            }
            _ = try await client.send(Endpoints.setIssueState(owner: repo.owner, repo: repo.name, number: entry.number,
                                                              to: state))
        case .star:
            _ = try await client.send(entry.wantsOn ? Endpoints.star(owner: repo.owner, repo: repo.name)
                                                    : Endpoints.unstar(owner: repo.owner, repo: repo.name))
        case .watch:
            _ = try await client.send(entry.wantsOn ? Endpoints.watch(owner: repo.owner, repo: repo.name)
                                                    : Endpoints.unwatch(owner: repo.owner, repo: repo.name))
        case .issueLabels:
            let names = try Self.labelNames(entry.payload)
            if names.isEmpty {
                _ = try await client.send(Endpoints.clearIssueLabels(owner: repo.owner, repo: repo.name, number: entry.number))
            } else {
                _ = try await client.send(Endpoints.setIssueLabels(owner: repo.owner, repo: repo.name, number: entry.number,
                                                                   labels: names))
            }
        case .issueAssignee:
            let login = try Self.choice(entry).id
            let answer = try await client.send(Endpoints.setIssueAssignee(owner: repo.owner, repo: repo.name,
                                                                          number: entry.number, login: login))
            // As on the page (IssueViewModel.took): a site that ignored the value answers the issue unchanged.
            guard Self.planned(.issueAssignee, in: answer) == (login ?? "") else {
                throw GiteeError.validation(tr("Gitee kept the assignee: the change did not take."))
            }
        case .issueMilestone:
            let wanted = try Self.choice(entry).id
            var number: Int?
            if let wanted {
                guard let parsed = Int(wanted) else { throw GiteeError.validation(tr("this change could not be read back")) }
                number = parsed
            }
            let answer = try await client.send(Endpoints.setIssueMilestone(owner: repo.owner, repo: repo.name,
                                                                           number: entry.number, milestone: number))
            guard Self.planned(.issueMilestone, in: answer) == (wanted ?? "") else {
                throw GiteeError.validation(tr("Gitee kept the milestone: the change did not take."))
            }
        case .issueCommentEdit:
            let change = try Self.commentChange(entry)
            _ = try await client.send(Endpoints.editComment(.issue, owner: repo.owner, repo: repo.name, id: change.id,
                                                            body: change.body))
        case .pullRequestCommentEdit:
            let change = try Self.commentChange(entry)
            _ = try await client.send(Endpoints.editComment(.pullRequest, owner: repo.owner, repo: repo.name,
                                                            id: change.id, body: change.body))
        case .issueCommentDeletion, .pullRequestCommentDeletion:
            let id = try Self.commentChange(entry).id
            do {
                let (owner, name) = (repo.owner, repo.name)
                _ = try await client.send(entry.kind == .issueCommentDeletion
                                          ? Endpoints.deleteComment(.issue, owner: owner, repo: name, id: id)
                                          : Endpoints.deleteComment(.pullRequest, owner: owner, repo: name, id: id))
            } catch let failure as GiteeError {
                guard case .notFound = failure else { throw failure }
                // Gone already: what the row asked for.
            }
        case .issueEdit:
            let wanted = try Self.issueText(entry.payload)
            let answer = try await client.send(Endpoints.editIssue(owner: repo.owner, repo: repo.name, number: entry.number,
                                                                   title: wanted.title, body: wanted.body))
            guard answer.title == wanted.title, (answer.body ?? "") == wanted.body else {
                throw GiteeError.validation(tr("Gitee kept the issue's text: the change did not take."))
            }
        case .pullRequestMerge:
            guard let merge = OutboxEntry.Merge.read(entry.payload),
                  let method = Endpoints.MergeMethod(rawValue: merge.method) else {
                throw GiteeError.validation(tr("this change could not be read back"))
            }
            _ = try await client.send(Endpoints.mergePullRequest(owner: repo.owner, repo: repo.name,
                                                                 number: try Self.pullNumber(entry), method: method,
                                                                 title: merge.title, description: merge.message))
        case .pullRequestState:
            guard let state = Endpoints.SettablePullRequestState(rawValue: entry.payload) else {
                throw GiteeError.validation(tr("this state cannot be set"))
            }
            _ = try await client.send(Endpoints.setPullRequestState(owner: repo.owner, repo: repo.name,
                                                                    number: try Self.pullNumber(entry), to: state))
        case .pullRequestAccept:
            let number = try Self.pullNumber(entry)
            _ = try await client.send(try Self.reviewRole(entry) == .reviewers
                                      ? Endpoints.approvePullRequest(owner: repo.owner, repo: repo.name, number: number)
                                      : Endpoints.passPullRequestTest(owner: repo.owner, repo: repo.name, number: number))
        case .pullRequestPeople:
            let change = try Self.peopleChange(entry)
            guard let role = Endpoints.ReviewRole(rawValue: change.role) else {
                throw GiteeError.validation(tr("this change could not be read back"))
            }
            let number = try Self.pullNumber(entry)
            _ = try await client.send(change.asked
                                      ? Endpoints.assign([change.login], as: role, owner: repo.owner, repo: repo.name, number: number)
                                      : Endpoints.unassign([change.login], as: role, owner: repo.owner, repo: repo.name, number: number))
        case .newPullRequest:
            let sent = try Self.newPullRequest(entry)
            _ = try await client.send(Endpoints.createPullRequest(owner: repo.owner, repo: repo.name, title: sent.title,
                                                                  head: sent.head, base: sent.base, body: sent.body))
        case .newIssue:
            let sent = try Self.newIssue(entry)
            _ = try await client.send(Endpoints.createIssue(owner: repo.owner, repo: repo.name, title: sent.title,
                                                            body: sent.body, labels: sent.labels,
                                                            assignee: sent.assignee, milestone: sent.milestone))
        }
    }

    private static func labelNames(_ payload: String) throws -> [String] {
        guard let names = OutboxEntry.labelNames(payload) else {
            throw GiteeError.validation(tr("these labels could not be read back"))
        }
        return names
    }

    /// An issue's assignee (login) or milestone (number) as an assignee or milestone row records it: "" for none.
    static func planned(_ kind: OutboxEntry.Kind, in issue: Issue) -> String {
        kind == .issueAssignee ? issue.assignee?.login ?? "" : issue.milestone.map { String($0.number) } ?? ""
    }

    /// A comment's text as the server has it now; nil when it is gone.
    private static func commentText(_ kind: OutboxEntry.Kind, _ id: Int, in repo: RepositoryID,
                                    client: GiteeClient) async throws -> String? {
        if kind == .issueCommentEdit || kind == .issueCommentDeletion {
            return try await client.send(Endpoints.comment(.issue, owner: repo.owner, repo: repo.name, id: id))?.body
        }
        return try await client.send(Endpoints.comment(.pullRequest, owner: repo.owner, repo: repo.name, id: id))?.body
    }

    private static func peopleChange(_ entry: OutboxEntry) throws -> OutboxEntry.PeopleChange {
        guard let change = OutboxEntry.PeopleChange.read(entry.payload) else {
            throw GiteeError.validation(tr("this change could not be read back"))
        }
        return change
    }

    private static func reviewRole(_ entry: OutboxEntry) throws -> Endpoints.ReviewRole {
        guard let role = Endpoints.ReviewRole(rawValue: entry.payload) else {
            throw GiteeError.validation(tr("this change could not be read back"))
        }
        return role
    }

    private static func newPullRequest(_ entry: OutboxEntry) throws -> OutboxEntry.NewPullRequest {
        guard let sent = entry.newPullRequest, !sent.title.isEmpty else {
            throw GiteeError.validation(tr("this new pull request could not be read back"))
        }
        return sent
    }

    private static func issueText(_ payload: String) throws -> OutboxEntry.IssueText {
        guard let text = OutboxEntry.IssueText.read(payload) else {
            throw GiteeError.validation(tr("this change could not be read back"))
        }
        return text
    }

    private static func commentChange(_ entry: OutboxEntry) throws -> OutboxEntry.CommentChange {
        guard let change = entry.commentChange else { throw GiteeError.validation(tr("this change could not be read back")) }
        return change
    }

    private static func choice(_ entry: OutboxEntry) throws -> OutboxEntry.Choice {
        guard let choice = entry.choice else { throw GiteeError.validation(tr("this change could not be read back")) }
        return choice
    }

    private static func newIssue(_ entry: OutboxEntry) throws -> IssueDraft {
        guard let sent = entry.newIssue, !sent.title.isEmpty else {
            throw GiteeError.validation(tr("this new issue could not be read back"))
        }
        return sent
    }

    private static func holds(_ comments: [some EditableComment], _ entry: OutboxEntry,
                              login: String) -> Bool {
        let seen = Int(entry.seen) ?? 0
        return comments.contains { $0.id > seen && $0.author?.login == login && $0.body == entry.payload }
    }

    static func pullNumber(_ entry: OutboxEntry) throws -> Int {
        guard let number = Int(entry.number) else { throw GiteeError.validation(tr("this pull request number is not valid")) }
        return number
    }
}
