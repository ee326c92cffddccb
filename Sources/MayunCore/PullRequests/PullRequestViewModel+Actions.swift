import Foundation
import GiteeKit

/// Acting on a pull request: members merge, close and reopen; its author closes it (as on the website). Every change
/// goes through the screen's `writes`.
extension PullRequestViewModel {
    // MARK: Who may do what

    public var isLoggedIn: Bool { session?.isLoggedIn ?? client.auth.isLoggedIn }

    /// Members (the project's `permission` says push or admin) merge, close and reopen; nobody else sees the
    /// controls (and Gitee answers them 403).
    public var canAct: Bool {
        guard isLoggedIn, let permission, permissionFor == session?.user?.login else { return false }
        return permission.push || permission.admin
    }

    /// The logged-in person opened this pull request. On gitee.com its author may close it (issue 39): Close is
    /// offered to them even without push rights. Reopening stays with members (whether the site lets an author reopen
    /// is not recorded; offering it could only fail).
    public var isAuthor: Bool {
        guard isLoggedIn, let me = session?.user?.login, let author = pullRequest?.author?.login else { return false }
        return me == author
    }

    /// The merge box is offered to a member while the pull request is open.
    public var showsMerge: Bool {
        guard canAct, let pull = pullRequest else { return false }
        return pull.isOpen && !pull.isMerged
    }

    /// Why an open pull request cannot be merged now (nil: it can), as the site decides it: not a draft, no
    /// conflicts, and the project's required approvals and tests given (`assignees_number` / `testers_number`,
    /// counted from the reviewers' and testers' `accept`). Shown instead of the Merge button.
    public var mergeBlockedReason: String? {
        guard showsMerge, let pull = pullRequest else { return nil }
        if pull.isDraft { return tr("This pull request is a draft: it cannot be merged until it is marked ready.") }
        switch pull.mergeable {
        case true?: break
        case false?:
            return String(format: tr("This pull request has conflicts with %@ that must be resolved before it can be merged."),
                          pull.base.ref)
        case nil:
            return tr("Gitee has not said yet whether this pull request can be merged. Refresh to ask again.")
        }
        let missing = [Self.missingReviewsReason(pull, .reviewers), Self.missingReviewsReason(pull, .testers)].compactMap { $0 }
        return missing.isEmpty ? nil : missing.joined(separator: " ")
    }

    /// "Merging needs 1 approvals; 0 given." with who gave them and who is still asked, or nil when enough were given.
    static func missingReviewsReason(_ pull: PullRequest, _ role: Endpoints.ReviewRole) -> String? {
        let reviewing = role == .reviewers
        guard (reviewing ? pull.missingApprovals : pull.missingTests) > 0 else { return nil }
        let asked = reviewing ? pull.reviewers : pull.testers
        let given = asked.filter(\.accepted).map(\.login)
        let waiting = asked.filter { !$0.accepted }.map(\.login)
        var parts = [reviewing
            ? String(format: tr("Merging needs %d approvals; %d given."), pull.requiredApprovals, given.count)
            : String(format: tr("Merging needs %d passed tests; %d given."), pull.requiredTests, given.count)]
        if !given.isEmpty {
            parts.append(String(format: reviewing ? tr("Approved by %@.") : tr("Passed by %@."), given.joined(separator: ", ")))
        }
        if !waiting.isEmpty {
            parts.append(String(format: tr("Waiting for %@."), waiting.joined(separator: ", ")))
        } else if asked.isEmpty {
            parts.append(reviewing ? tr("Nobody is asked to review yet.") : tr("Nobody is asked to test yet."))
        } else {
            parts.append(reviewing ? tr("No one else is asked to review.") : tr("No one else is asked to test."))
        }
        return parts.joined(separator: " ")
    }

    /// Merge is offered only while the pull request is open and mergeable.
    public var canMerge: Bool { showsMerge && mergeBlockedReason == nil && !writes.isPending("state") }

    /// Close while open, Reopen while closed; nothing once merged (a merge cannot be undone here). Its author who is
    /// not a member: Close only.
    public var stateAction: (title: String, target: Endpoints.SettablePullRequestState)? {
        guard let pull = pullRequest, !pull.isMerged else { return nil }
        if canAct { return pull.isOpen ? (tr("Close pull request"), .closed) : (tr("Reopen pull request"), .open) }
        return isAuthor && pull.isOpen ? (tr("Close pull request"), .closed) : nil
    }

    /// Asked before merging (the page shows it in a confirmation dialog).
    public var mergeQuestion: (heading: String, body: String, confirm: String) {
        let pull = pullRequest
        let into = pull?.base.ref ?? ""
        return (String(format: tr("Merge into %@?"), into),
                String(format: tr("%@: the changes land on %@ for everyone. This cannot be undone from here."),
                       MergeForm.name(of: mergeForm.method), into),
                tr("Merge"))
    }

    public var mergeTitle: String { tr("Merge") }

    /// The project's `permission` and, for members, the collaborators: the reviewers and testers to choose from
    /// (`ProjectPermissionReader`).
    func loadPermission() {
        guard let project, let session else { return }
        readPermission(project, session: session)
    }

    // MARK: Writes

    /// Merges with the form's method, title and description (after the page asked). Shown as merged at once; the
    /// pull request is read again after the server agreed; a refusal puts it back as it was and says why.
    public func merge() {
        guard canMerge, let before = pullRequest else { return }
        let previousWritten = writtenState
        let merge = Endpoints.mergePullRequest(owner: repo.owner, repo: repo.name, number: number, method: mergeForm.method,
                                               title: mergeForm.title, description: mergeForm.message)
        let client = client, reread = reread
        let form = OutboxEntry.Merge(method: mergeForm.method.rawValue, title: mergeForm.title, message: mergeForm.message)
        sendChange(key: "state", failure: tr("Could not merge: %@"), waiting: .pullRequestMerge, payload: form.payload,
                   seen: before.head.sha ?? OutboxEntry.anyState,
                   apply: { showState("merged") },
                   request: {
                       // A merge whose answer was lost is settled by the pull request's state, never merged again.
                       try await SettledWrite.perform({
                           _ = try await client.send(merge)
                           // Merged: a failed re-read is not a failed merge (the optimistic state stays).
                           return try? await client.send(reread)
                       }, check: { taken(try await client.send(reread), if: \.isMerged) })
                   },
                   settled: { [weak self] answer in
                       guard let self else { return }
                       var merged = answer ?? before
                       merged.state = "merged"
                       writtenState = "merged"
                       resource.show(merged)
                       onChanged(merged)
                   },
                   // Refused, or waiting: the page shows the pull request as the server has it.
                   undo: { [weak self] in
                       self?.resource.show(before)
                       self?.writtenState = previousWritten
                   },
                   refused: { [weak self] error in
                       // Refused as it stands (merged or closed meanwhile, a conflict since, a review withdrawn):
                       // show how it is now, so the reason above the merge box says why.
                       switch error {
                       case .validation, .forbidden, .badResponse(.unexpectedStatus): self?.resource.refresh()
                       default: break
                       }
                   })
    }

    /// Close or Reopen.
    public func setState(_ target: Endpoints.SettablePullRequestState) {
        guard stateAction?.target == target else { return }
        sendState(target.rawValue,
                  failure: target == .closed ? tr("Could not close the pull request: %@") : tr("Could not reopen the pull request: %@"),
                  waiting: .pullRequestState,
                  endpoint: Endpoints.setPullRequestState(owner: repo.owner, repo: repo.name, number: number, to: target))
    }

    /// The pull request as the server has it now (the check of a write whose answer was lost).
    var reread: Endpoint<PullRequest> { Endpoints.pullRequest(owner: repo.owner, repo: repo.name, number: number) }
}

extension PullRequestViewModel: ProjectPermissionReader {
    var isMember: Bool { canAct }
    func loadMemberLists(for login: String) { loadCollaborators(for: login) }
}
