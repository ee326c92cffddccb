import Foundation
import GiteeKit

/// A row's payload (or `seen`) that is a small JSON document: written with `payload`, read back with `read`, which
/// answers nil for what cannot be read (`OutboxEntry.anyState`, or a row another version wrote).
public protocol OutboxPayload: Codable, Sendable {}

extension OutboxPayload {
    public var payload: String {
        (try? JSONEncoder().encode(self)).flatMap { String(data: $0, encoding: .utf8) } ?? ""
    }

    public static func read(_ payload: String) -> Self? {
        try? JSONDecoder().decode(Self.self, from: Data(payload.utf8))
    }
}

/// The payloads of the rows that carry more than a text or a state.
extension OutboxEntry {
    /// The payload of a merge's row: the method, and the merge commit's title and description.
    public struct Merge: OutboxPayload, Equatable {
        public let method: String
        public let title: String
        public let message: String
    }

    /// The payload of a new pull request's row: the form as sent.
    public struct NewPullRequest: OutboxPayload, Equatable {
        public let title: String
        public let body: String
        /// The head as the create call takes it (`branch`, or `owner:branch` from a fork).
        public let head: String
        /// The head's project ("owner/name") and branch, and the base branch: how the check finds it.
        public let headRepo: String
        public let headBranch: String
        public let base: String
    }

    /// A new pull request's form, read back from its row (nil for another kind, or a payload this version cannot read).
    public var newPullRequest: NewPullRequest? {
        kind == .newPullRequest ? NewPullRequest.read(payload) : nil
    }

    /// The payload (and `seen`) of an issue's edit: a title and a description.
    public struct IssueText: OutboxPayload, Equatable {
        public let title: String
        public let body: String
    }

    /// The payload of a comment's edit or deletion: which comment, and its new text (an edit) or the text it had.
    public struct CommentChange: OutboxPayload, Equatable {
        public let id: Int
        public let body: String
    }

    /// An edit or deletion row's comment (nil for another kind, or a payload this version cannot read).
    public var commentChange: CommentChange? {
        Kind.commentChanges.contains(kind) ? CommentChange.read(payload) : nil
    }

    /// The payload of an assignee or milestone row: what was chosen (`id` a login or a milestone's number; nil: no
    /// one, no milestone) and its name, for the line that says what waits.
    public struct Choice: OutboxPayload, Equatable {
        public let id: String?
        public let title: String

        /// As stored in a row's payload.
    }

    /// An assignee or milestone row's choice (nil for another kind, or a payload this version cannot read).
    public var choice: Choice? {
        kind == .issueAssignee || kind == .issueMilestone ? Choice.read(payload) : nil
    }

    /// The payload of a reviewers or testers change: who, in which role, asked (true) or taken off.
    public struct PeopleChange: OutboxPayload, Equatable {
        /// `Endpoints.ReviewRole`'s raw value.
        public let role: String
        public let login: String
        public let asked: Bool

        public init(role: Endpoints.ReviewRole, login: String, asked: Bool) {
            self.role = role.rawValue
            self.login = login
            self.asked = asked
        }

        /// "Ask ada to review", "Take ada off the testers".
        public var description: String {
            let testers = role == Endpoints.ReviewRole.testers.rawValue
            let format = asked ? (testers ? tr("Ask %@ to test") : tr("Ask %@ to review"))
                               : (testers ? tr("Take %@ off the testers") : tr("Take %@ off the reviewers"))
            return String(format: format, login)
        }
    }
}

extension OutboxEntry {
    /// The payload of a file commit's row: the file's bytes as they are to be written (JSON gives them as base64),
    /// where, with which message, and the blob sha they were edited from (what the commit is sent over); a new file
    /// has no sha, and names the folder it was made in (its name is the rest of the path).
    public struct FileCommit: OutboxPayload, Equatable {
        public let path: String
        /// nil: the project's default branch.
        public let branch: String?
        public let message: String
        public let content: Data
        /// Empty for a new file.
        public let baseSHA: String
        /// A new file's folder ("" the project's top); nil for an edit.
        public let folder: String?
        /// A commit to a new branch: `branch` is made from this one first ("" the project's default branch); nil:
        /// `branch` exists.
        public let branchFrom: String?
        /// An upload: its bytes are a file on the person's computer, so Cancel gives no draft back (nil: false).
        public let isUpload: Bool?

        public init(path: String, branch: String?, message: String, content: Data, baseSHA: String,
                    folder: String? = nil, branchFrom: String? = nil, isUpload: Bool = false) {
            self.path = path
            self.branch = branch
            self.message = message
            self.content = content
            self.baseSHA = baseSHA
            self.folder = folder
            self.branchFrom = branchFrom
            self.isUpload = isUpload ? true : nil
        }

        public var isNewFile: Bool { baseSHA.isEmpty }
        /// The branch whose editor the text came from (its draft's key: "" the default branch).
        public var editedOn: String { branchFrom ?? branch ?? "" }
    }

    /// A file commit, read back from its row (nil for another kind, or a payload this version cannot read).
    public var fileCommit: FileCommit? {
        kind == .fileCommit ? FileCommit.read(payload) : nil
    }
}

extension OutboxEntry {
    /// The payload of a new line comment's row: its text and the line it is on, as the create call takes them.
    public struct LineComment: OutboxPayload, Equatable {
        public let body: String
        public let path: String
        public let position: Int
        /// The head commit the person commented on.
        public let commitID: String
    }

    /// A new line comment, read back from its row (nil for another kind, or a payload this version cannot read).
    public var lineComment: LineComment? {
        kind == .pullRequestLineComment ? LineComment.read(payload) : nil
    }
}

extension OutboxEntry {
    /// The payload of a file deletion's row: where, and the message of the commit that removes it.
    public struct FileRemoval: OutboxPayload, Equatable {
        public let path: String
        /// nil: the project's default branch.
        public let branch: String?
        public let message: String
    }
}
