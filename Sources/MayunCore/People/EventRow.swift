import Foundation
import GiteeKit

/// One event of a feed as a sentence ("li pushed to master of owner/repo"), with the first commits and a time.
public struct EventRow: Equatable, Sendable {
    public var sentence: String
    /// Extra lines under the sentence (pushed commits, "and 3 more", an issue title).
    public var details: [String]
    public var time: String
    public var avatarURL: URL?

    public init(event: Event, now: Date = Date()) {
        let actor = event.actor?.name.nonEmpty ?? event.actor?.login ?? tr("Someone")
        let repo = event.repo?.fullName ?? ""
        var details: [String] = []
        switch event.kind {
        case .push:
            let branch = event.branch ?? "?"
            sentence = String(format: tr("%@ pushed to %@ of %@"), actor, branch, repo)
            let commits = event.commits
            details = commits.prefix(2).map { "\($0.sha.prefix(7))  \($0.message)" }
            let more = max(event.pushSize, commits.count) - min(commits.count, 2)
            if more > 0 { details.append(String(format: trn("and %d more commit", "and %d more commits", count: more), more)) }
        case .issue:
            let number = event.issueNumber.map { "#" + $0 } ?? ""
            sentence = String(format: Self.issueFormat(event.action), actor, number, repo)
            if let title = event.issueTitle { details.append(title) }
        case .issueComment:
            let number = event.issueNumber.map { "#" + $0 } ?? ""
            sentence = String(format: tr("%@ commented on issue %@ in %@"), actor, number, repo)
            if let body = event.commentBody { details.append(String(body.prefix(140))) }
        case .pullRequest:
            sentence = String(format: Self.pullRequestFormat(event.action), actor, repo)
            if let title = event.issueTitle { details.append(title) }
        case .fork:
            sentence = String(format: tr("%@ forked %@ to %@"), actor, repo, event.forkFullName ?? "?")
        case .star:
            sentence = String(format: tr("%@ starred %@"), actor, repo)
        case .watch:
            sentence = String(format: tr("%@ started watching %@"), actor, repo)
        case .create:
            sentence = String(format: tr("%@ created %@"), actor, repo)
        case .delete:
            sentence = String(format: tr("%@ deleted a branch or tag in %@"), actor, repo)
        case .member:
            sentence = String(format: tr("%@ joined %@"), actor, repo)
        case .commitComment:
            sentence = String(format: tr("%@ commented on a commit in %@"), actor, repo)
        case .unknown:
            sentence = repo.isEmpty ? String(format: tr("%@ did something"), actor)
                : String(format: tr("%@ did something in %@"), actor, repo)
        }
        self.details = details
        time = RelativeTime.describe(event.createdAt?.date, now: now) ?? ""
        avatarURL = event.actor?.avatarURL.flatMap(URL.init(string:))
    }

    private static func issueFormat(_ action: String?) -> String {
        switch action {
        case "closed": tr("%@ closed issue %@ in %@")
        case "reopened": tr("%@ reopened issue %@ in %@")
        default: tr("%@ opened issue %@ in %@")
        }
    }

    private static func pullRequestFormat(_ action: String?) -> String {
        switch action {
        case "merged": tr("%@ merged a pull request in %@")
        case "closed": tr("%@ closed a pull request in %@")
        default: tr("%@ opened a pull request in %@")
        }
    }
}

extension Event {
    /// Where a click on the event goes: the issue for issue events, else the project.
    public var destination: Route? {
        guard let fullName = repo?.fullName, let slash = fullName.firstIndex(of: "/") else { return nil }
        let repository = RepositoryID(owner: String(fullName[..<slash]), name: String(fullName[fullName.index(after: slash)...]))
        if kind == .issue || kind == .issueComment, let number = issueNumber { return .issue(repository, number: number) }
        return .project(repository)
    }
}
