import Foundation
import GiteeKit

/// One write kept in the outbox: made while the server could not be reached, sent later in order (`Outbox.drain`).
public struct OutboxEntry: Identifiable, Equatable, Sendable {
    /// What the write is. New kinds need a settle step in `Outbox+Drain.swift` and a row in docs/WRITES.md.
    public enum Kind: String, Sendable, CaseIterable {
        /// A new comment on an issue (`number` is the issue's, `payload` the text).
        case issueComment = "issue-comment"
        /// A new comment on a pull request (`number` is the pull request's, `payload` the text).
        case pullRequestComment = "pull-request-comment"
        /// An issue's state (`payload` is the wanted state, `seen` the state the person saw when acting).
        case issueState = "issue-state"
        /// Star or unstar a project (`number` is empty, `payload` "on" or "off").
        case star
        /// Watch or stop watching a project (`number` is empty, `payload` "on" or "off").
        case watch
        /// A new issue (`number` is empty, `payload` the form as sent: `IssueDraft` as JSON, `newIssue`).
        case newIssue = "new-issue"
        /// An issue's labels (`payload` the label names wanted, `seen` those the person saw: `labelNames`).
        case issueLabels = "issue-labels"
        /// An issue's assignee (`payload` the person chosen as a `Choice`, `seen` the login the person saw, "" none).
        case issueAssignee = "issue-assignee"
        /// An issue's milestone (`payload` the milestone chosen as a `Choice`, `seen` the number the person saw, ""
        /// none).
        case issueMilestone = "issue-milestone"
        /// A comment's new text (`number` the thread's, `payload` a `CommentChange`, `seen` the text the person
        /// edited from); on an issue or on a pull request.
        case issueCommentEdit = "issue-comment-edit"
        case pullRequestCommentEdit = "pull-request-comment-edit"
        /// A comment deleted (`number` the thread's, `payload` a `CommentChange` with the text it had).
        case issueCommentDeletion = "issue-comment-deletion"
        case pullRequestCommentDeletion = "pull-request-comment-deletion"
        /// An issue's title and description (`payload` the new ones as an `IssueText`, `seen` those edited from).
        case issueEdit = "issue-edit"
        /// A new pull request (`repo` the target, `number` empty, `payload` the form as sent: `NewPullRequest`).
        case newPullRequest = "new-pull-request"
        /// A merge (`payload` the merge form as a `Merge`, `seen` the head commit the person saw).
        case pullRequestMerge = "pull-request-merge"
        /// Close or reopen a pull request (`payload` the wanted state, `seen` the state the person saw).
        case pullRequestState = "pull-request-state"
        /// Approve or pass the test (`payload` the role: `Endpoints.ReviewRole`'s raw value).
        case pullRequestAccept = "pull-request-accept"
        /// Ask someone to review or test, or take them off (`payload` a `PeopleChange`).
        case pullRequestPeople = "pull-request-people"
        /// A commit of an edited or a new file (`number` empty, `payload` a `FileCommit`, `seen` the blob sha it was
        /// edited from, empty for a new file).
        case fileCommit = "file-commit"
        /// A new comment on a line of a pull request's diff (`number` the pull request's, `payload` a `LineComment`,
        /// `seen` the newest comment id the page showed).
        case pullRequestLineComment = "pull-request-line-comment"
        /// A file deleted from its branch (`number` empty, `payload` a `FileRemoval`, `seen` the blob sha of the
        /// version the person deleted).
        case fileDeletion = "file-deletion"
    }

    public enum Status: Sendable, Equatable {
        /// Waits for the server to answer again.
        case waiting
        /// Marked in the file before its request went out: after a quit it is settled (asked), never blindly resent.
        case sending
        /// The server's thing changed meanwhile, or refused the write: the person decides (`reason` says why).
        case needsDecision(reason: String)
    }

    /// Its place in the order (SQLite's rowid: rows are sent oldest first).
    public let id: Int64
    public let kind: Kind
    public let repo: RepositoryID
    /// The issue's number ("I1ABC") or the pull request's ("12").
    public let number: String
    /// The comment's text, the wanted state, or what else the kind says.
    public let payload: String
    /// The payload of a star or watch row: the state wanted.
    public static func toggle(_ on: Bool) -> String { on ? "on" : "off" }
    public var wantsOn: Bool { payload == "on" }

    /// What the person saw when acting: the issue's state for a state change, the newest comment id of the thread for
    /// a comment (a comment by this account with this text and a larger id is this one).
    public let seen: String
    public let created: Date
    public var status: Status

    public init(id: Int64, kind: Kind, repo: RepositoryID, number: String, payload: String, seen: String,
                created: Date, status: Status) {
        self.id = id
        self.kind = kind
        self.repo = repo
        self.number = number
        self.payload = payload
        self.seen = seen
        self.created = created
        self.status = status
    }

    /// Whether this is about `number` of `repo` with one of `kinds` (a page shows its own waiting writes).
    public func isAbout(_ repo: RepositoryID, number: String, kinds: Set<Kind>) -> Bool {
        self.repo == repo && self.number == number && kinds.contains(kind)
    }

    /// `seen` of a change to an issue's state or triage that the person chose to send whatever the issue has now
    /// (`Outbox.tryAgain`).
    public static let anyState = "*"

    public var needsDecision: Bool { if case .needsDecision = status { true } else { false } }

    /// The sentence the person reads about this row.
    public var statusText: String {
        switch status {
        case .waiting, .sending:
            switch kind {
            case .issueCommentEdit, .pullRequestCommentEdit: tr("Edit waiting to send")
            case .issueCommentDeletion, .pullRequestCommentDeletion: tr("Deletion waiting to send")
            case .issueEdit: tr("Edit waiting to send")
            default: tr("Waiting to send")
            }
        case .needsDecision(let reason): String(format: tr("Not sent: %@"), reason)
        }
    }

    /// One line naming the write ("Comment on owner/repo#I1AB", "Close owner/repo#I1AB").
    public var summary: String {
        let place = "\(repo.owner)/\(repo.name)"
        switch kind {
        case .issueComment: return String(format: tr("Comment on %@#%@"), place, number)
        case .pullRequestComment: return String(format: tr("Comment on %@!%@"), place, number)
        case .issueState:
            let state = IssueStatus(site: payload).name
            return String(format: tr("Set %@#%@ to %@"), place, number, state)
        case .star: return String(format: wantsOn ? tr("Star %@") : tr("Unstar %@"), place)
        case .watch: return String(format: wantsOn ? tr("Watch %@") : tr("Unwatch %@"), place)
        case .newIssue: return String(format: tr("New issue in %@: %@"), place, newIssue?.title ?? "")
        case .issueLabels:
            let names = Self.labelNames(payload) ?? []
            return String(format: tr("Labels of %@#%@: %@"), place, number,
                          names.isEmpty ? tr("none") : names.joined(separator: ", "))
        case .issueAssignee:
            return String(format: tr("Assignee of %@#%@: %@"), place, number, choice?.title ?? "")
        case .issueMilestone:
            return String(format: tr("Milestone of %@#%@: %@"), place, number, choice?.title ?? "")
        case .issueCommentEdit: return String(format: tr("Edit of a comment on %@#%@"), place, number)
        case .pullRequestCommentEdit: return String(format: tr("Edit of a comment on %@!%@"), place, number)
        case .issueCommentDeletion: return String(format: tr("Deletion of a comment on %@#%@"), place, number)
        case .pullRequestCommentDeletion: return String(format: tr("Deletion of a comment on %@!%@"), place, number)
        case .issueEdit:
            return String(format: tr("Edit of %@#%@: %@"), place, number, IssueText.read(payload)?.title ?? "")
        case .newPullRequest:
            return String(format: tr("New pull request in %@: %@"), place, newPullRequest?.title ?? "")
        case .pullRequestMerge: return String(format: tr("Merge %@!%@"), place, number)
        case .pullRequestState:
            return String(format: payload == "closed" ? tr("Close %@!%@") : tr("Reopen %@!%@"), place, number)
        case .pullRequestAccept:
            return String(format: payload == "testers" ? tr("Pass the test of %@!%@") : tr("Approve %@!%@"), place, number)
        case .pullRequestPeople:
            return String(format: tr("%@ on %@!%@"), PeopleChange.read(payload)?.description ?? "", place, number)
        case .pullRequestLineComment:
            return String(format: tr("Comment on %@!%@ at %@"), place, number, lineComment?.path ?? "")
        case .fileDeletion:
            return String(format: tr("Deletion of %@ in %@"), FileRemoval.read(payload)?.path ?? "", place)
        case .fileCommit:
            let commit = fileCommit
            if commit?.isUpload == true { return String(format: tr("Upload to %@: %@"), place, commit?.path ?? "") }
            if commit?.branchFrom != nil {
                return String(format: tr("Commit to the new branch %@ of %@: %@"), commit?.branch ?? "", place,
                              commit?.path ?? "")
            }
            return String(format: commit?.isNewFile == true ? tr("New file in %@: %@") : tr("Commit to %@: %@"),
                          place, commit?.path ?? "")
        }
    }

    /// The payload or `seen` of a labels row: the names, sorted (a set: their order means nothing).
    public static func labelList(_ names: [String]) -> String {
        (try? JSONEncoder().encode(Set(names).sorted())).flatMap { String(data: $0, encoding: .utf8) } ?? "[]"
    }

    /// A labels row's names, nil when they cannot be read (`anyState`, or a payload this version cannot read).
    public static func labelNames(_ list: String) -> [String]? {
        try? JSONDecoder().decode([String].self, from: Data(list.utf8))
    }

    /// The payload of a new issue's row: the form as sent (title trimmed, a member's triage choices only).
    public static func newIssuePayload(_ sent: IssueDraft) -> String {
        (try? JSONEncoder().encode(sent)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
    }

    /// A new issue's form, read back from its row (nil for another kind, or a payload this version cannot read).
    public var newIssue: IssueDraft? {
        guard kind == .newIssue else { return nil }
        return try? JSONDecoder().decode(IssueDraft.self, from: Data(payload.utf8))
    }
}

extension OutboxEntry.Kind {
    /// Changes to an issue that the issue page shows under its state (one row each at most).
    public static let issueChanges: Set<OutboxEntry.Kind> = [.issueState, .issueLabels, .issueAssignee, .issueMilestone,
                                                             .issueEdit]
    /// Changes checked against what the person saw when acting: one changed by someone else meanwhile waits on the
    /// person, and their Try Again sends it whatever the thing has then.
    public static let checkedAgainstSeen: Set<OutboxEntry.Kind> = issueChanges.union(pullRequestChanges)
        .union([.issueCommentEdit, .pullRequestCommentEdit])
    /// Changes to a pull request that its page shows beside its actions.
    public static let pullRequestChanges: Set<OutboxEntry.Kind> = [.pullRequestMerge, .pullRequestState, .pullRequestAccept,
                                                                   .pullRequestPeople]
    /// A comment's edit or deletion, on an issue or a pull request.
    public static let commentChanges: Set<OutboxEntry.Kind> = [.issueCommentEdit, .pullRequestCommentEdit,
                                                               .issueCommentDeletion, .pullRequestCommentDeletion]
}
