import GiteeKit
typealias GiteeProject = GiteeKit.Project
