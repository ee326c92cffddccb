import Foundation

// A saved copy (the app's offline store) is written in Gitee's v5 shape, so it decodes through the same tolerant
// initialisers as a fresh answer: `decode(encode(x)) == x` (SavedCopyRoundTripTests). Most models get Swift's own
// encoder over their CodingKeys. Written here: any JSON value, an event's repository (its keys include spellings that
// are only read), and the models whose answers nest what the model keeps flat.

extension Event.RepositoryReference: Encodable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(fullName, forKey: .fullName)
        try c.encodeIfPresent(humanName, forKey: .humanName)
    }
}

extension JSONValue: Encodable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let flag): try c.encode(flag)
        case .number(let number): try c.encode(number)
        case .string(let text): try c.encode(text)
        case .array(let items): try c.encode(items)
        case .object(let members): try c.encode(members)
        }
    }
}

extension PullRequest.BranchRef: Encodable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ref, forKey: .ref)
        try c.encodeIfPresent(label, forKey: .label)
        try c.encodeIfPresent(sha, forKey: .sha)
        if let repositoryFullName {
            var repo = c.nestedContainer(keyedBy: RepoKeys.self, forKey: .repo)
            try repo.encode(repositoryFullName, forKey: .fullName)
        }
    }
}

extension PullRequestFile: Encodable {
    /// As real answers carry it: `patch` an object with the diff and whether it was too large to send.
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(sha, forKey: .sha)
        try c.encode(filename, forKey: .filename)
        try c.encode(status, forKey: .status)
        try c.encode(additions, forKey: .additions)
        try c.encode(deletions, forKey: .deletions)
        var patch = c.nestedContainer(keyedBy: PatchKeys.self, forKey: .patch)
        try patch.encodeIfPresent(self.patch, forKey: .diff)
        try patch.encode(isTooLarge, forKey: .tooLarge)
    }
}

extension Commit: Encodable {
    /// A list's commit (a pull request's): the git author and committer under `commit`, the accounts beside it.
    /// The files a commit's detail carries are not saved (no page keeps one).
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sha, forKey: .sha)
        try c.encodeIfPresent(htmlURL, forKey: .htmlURL)
        var detail = c.nestedContainer(keyedBy: DetailKeys.self, forKey: .commit)
        try detail.encode(message, forKey: .message)
        var gitAuthor = detail.nestedContainer(keyedBy: PersonKeys.self, forKey: .author)
        try gitAuthor.encode(authorName, forKey: .name)
        try gitAuthor.encodeIfPresent(authorEmail, forKey: .email)
        try gitAuthor.encodeIfPresent(authoredAt, forKey: .date)
        if committerName != nil || committedAt != nil {
            var gitCommitter = detail.nestedContainer(keyedBy: PersonKeys.self, forKey: .committer)
            try gitCommitter.encodeIfPresent(committerName, forKey: .name)
            try gitCommitter.encodeIfPresent(committedAt, forKey: .date)
        }
        try c.encodeIfPresent(author, forKey: .author)
        try c.encodeIfPresent(committer, forKey: .committer)
        try c.encode(parentSHAs.map { ["sha": $0] }, forKey: .parents)
        try c.encodeIfPresent(stats, forKey: .stats)
    }
}

