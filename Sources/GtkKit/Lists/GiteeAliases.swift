import GiteeKit
package typealias GiteeProject = GiteeKit.Project
package typealias GiteeLanguage = GiteeKit.Language
package typealias GiteeContent = GiteeKit.Content
package typealias GiteeCommit = GiteeKit.Commit
package typealias GiteeIssue = GiteeKit.Issue
package typealias GiteeEvent = GiteeKit.Event
package typealias GiteeUser = GiteeKit.User
package typealias GiteeRelease = GiteeKit.Release
package typealias GiteeContributor = GiteeKit.Contributor
package typealias GiteeOrganization = GiteeKit.Organization
