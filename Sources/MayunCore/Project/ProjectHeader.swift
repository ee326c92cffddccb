import Foundation
import GiteeKit

/// The top of the project page, formatted.
public struct ProjectHeader: Equatable, Sendable {
    public var fullName: String
    public var humanName: String?
    public var description: String
    public var language: String
    public var license: String?
    public var homepage: URL?
    public var updated: String
    public var badges: [ProjectRow.Badge]
    public var forks: String
    public var openIssues: String
    public var avatarURL: URL?
    public var webURL: URL?
    public var httpsCloneURL: String
    public var sshCloneURL: String
    public var ownerLogin: String

    public init(project: Project) {
        let row = ProjectRow(project: project)
        fullName = project.fullName
        humanName = project.humanName != project.fullName ? project.humanName : nil
        description = row.description
        language = row.language
        license = project.license
        homepage = project.homepage.flatMap { $0.isEmpty ? nil : URL(string: $0) }
        updated = row.updated
        badges = row.badges.filter { $0 != .starred && $0 != .watched }
        forks = String(format: tr("%@ forks"), row.forks)
        openIssues = String(format: tr("%@ open issues"), CompactCount.format(project.openIssuesCount))
        avatarURL = row.avatarURL
        let html = project.htmlURL.map { $0.hasSuffix(".git") ? String($0.dropLast(4)) : $0 }
        webURL = html.flatMap(URL.init(string:))
        httpsCloneURL = (html ?? "https://gitee.com/\(project.fullName)") + ".git"
        sshCloneURL = project.sshURL ?? "git@gitee.com:\(project.fullName).git"
        ownerLogin = project.owner.login
    }
}
