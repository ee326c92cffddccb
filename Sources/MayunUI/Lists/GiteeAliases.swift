import GiteeKit
typealias GiteeProject = GiteeKit.Project
typealias GiteeLanguage = GiteeKit.Language
typealias GiteeContent = GiteeKit.Content
typealias GiteeCommit = GiteeKit.Commit
typealias GiteeIssue = GiteeKit.Issue
typealias GiteeEvent = GiteeKit.Event
typealias GiteeUser = GiteeKit.User
typealias GiteeRelease = GiteeKit.Release
typealias GiteeContributor = GiteeKit.Contributor
typealias GiteeOrganization = GiteeKit.Organization
