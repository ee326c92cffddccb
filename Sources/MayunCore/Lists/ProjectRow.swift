import Foundation
import GiteeKit

/// One project as a list row shows it: every text already formatted and translated.
public struct ProjectRow: Equatable, Sendable {
    public enum Badge: String, Sendable, CaseIterable {
        case recommended, gvp, fork, privateProject, starred, watched

        public var title: String {
            switch self {
            case .recommended: tr("Recommended")
            case .gvp: tr("GVP")
            case .fork: tr("Fork")
            case .privateProject: tr("Private")
            case .starred: tr("Starred")
            case .watched: tr("Watching")
            }
        }
    }

    public var name: String
    public var fullName: String
    public var description: String
    /// The description as a list row shows it: one line (whitespace and line breaks folded to single spaces), cut
    /// well past what any window shows, so the row's height is known without laying out a whole paragraph. The full
    /// text is `description` (the tooltip, the project page).
    public var summaryLine: String
    public var language: String
    public var updated: String
    public let stars: String
    public let forks: String
    public let watches: String
    public var badges: [Badge]
    public var avatarURL: URL?
    /// "★ 35k · 7.1k forks · 2.3k watching", made once with the row (a list reads it at every bind).
    public let countsLine: String
    /// What a screen reader says for the whole row.
    public var accessibleLabel: String

    public init(project: Project, now: Date = Date()) {
        name = project.name
        fullName = project.fullName
        let text = project.description?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        description = text.isEmpty ? tr("No description") : text
        summaryLine = Self.oneLine(description, limit: Self.summaryLimit)
        language = project.language.flatMap { $0.isEmpty ? nil : $0 } ?? tr("Unknown")
        let pushed = (project.pushedAt ?? project.updatedAt)?.date
        updated = RelativeTime.describe(pushed, now: now).map { String(format: tr("Updated %@"), $0) } ?? ""
        stars = CompactCount.format(project.stargazersCount)
        forks = CompactCount.format(project.forksCount)
        watches = CompactCount.format(project.watchersCount)
        countsLine = "★ \(stars)  ·  " + String(format: tr("%@ forks"), forks) + "  ·  "
            + String(format: tr("%@ watching"), watches)
        var badges: [Badge] = []
        if project.isRecommended { badges.append(.recommended) }
        if project.isGVP { badges.append(.gvp) }
        if project.isFork { badges.append(.fork) }
        if project.isPrivate { badges.append(.privateProject) }
        if project.isStarred == true { badges.append(.starred) }
        if project.isWatched == true { badges.append(.watched) }
        self.badges = badges
        avatarURL = project.owner.avatarURL.flatMap(URL.init(string:))
        accessibleLabel = String(format: tr("%@, %@ stars, %@"), project.fullName, stars, description)
    }

    /// Characters of a row's one-line description (the widest window shows fewer) and of its tooltip.
    static let summaryLimit = 200
    public static let tooltipLimit = 1000

    static func oneLine(_ text: String, limit: Int) -> String {
        // Fold a little more than the limit: runs of whitespace shrink to one space.
        let words = text.prefix(limit * 2).split(whereSeparator: { $0.isWhitespace })
        return String(words.joined(separator: " ").prefix(limit))
    }
}
