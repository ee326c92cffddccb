import Foundation

// Encoding in Gitee's v5 shape, so a saved copy (the app's offline store) decodes through the same tolerant
// initialisers as a fresh answer: `decode(encode(x)) == x`.

extension Project: Encodable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(name, forKey: .name)
        try c.encode(path, forKey: .path)
        try c.encode(fullName, forKey: .fullName)
        try c.encode(humanName, forKey: .humanName)
        try c.encodeIfPresent(description, forKey: .description)
        try c.encode(owner, forKey: .owner)
        try c.encodeIfPresent(namespace, forKey: .namespace)
        try c.encodeIfPresent(language, forKey: .language)
        try c.encodeIfPresent(license, forKey: .license)
        try c.encodeIfPresent(homepage, forKey: .homepage)
        try c.encodeIfPresent(htmlURL, forKey: .htmlURL)
        try c.encodeIfPresent(sshURL, forKey: .sshURL)
        try c.encodeIfPresent(defaultBranch, forKey: .defaultBranch)
        try c.encode(isPrivate, forKey: .isPrivate)
        try c.encode(isFork, forKey: .fork)
        try c.encode(isRecommended, forKey: .recommend)
        try c.encode(isGVP, forKey: .gvp)
        try c.encode(isEmpty, forKey: .emptyRepo)
        try c.encode(stargazersCount, forKey: .stargazersCount)
        try c.encode(forksCount, forKey: .forksCount)
        try c.encode(watchersCount, forKey: .watchersCount)
        try c.encode(openIssuesCount, forKey: .openIssuesCount)
        try c.encodeIfPresent(pushedAt, forKey: .pushedAt)
        try c.encodeIfPresent(createdAt, forKey: .createdAt)
        try c.encodeIfPresent(updatedAt, forKey: .updatedAt)
        try c.encodeIfPresent(isStarred, forKey: .stared)
        try c.encodeIfPresent(isWatched, forKey: .watched)
        try c.encodeIfPresent(permission, forKey: .permission)
        try c.encodeIfPresent(parent, forKey: .parent)
    }
}

extension User: Encodable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(login, forKey: .login)
        try c.encode(name, forKey: .name)
        try c.encodeIfPresent(avatarURL, forKey: .avatarURL)
        try c.encodeIfPresent(htmlURL, forKey: .htmlURL)
        try c.encodeIfPresent(kind, forKey: .type)
        try c.encodeIfPresent(bio, forKey: .bio)
        try c.encodeIfPresent(blog, forKey: .blog)
        try c.encodeIfPresent(weibo, forKey: .weibo)
        try c.encodeIfPresent(email, forKey: .email)
        try c.encodeIfPresent(publicRepos, forKey: .publicRepos)
        try c.encodeIfPresent(followers, forKey: .followers)
        try c.encodeIfPresent(following, forKey: .following)
        try c.encodeIfPresent(starred, forKey: .stared)
        try c.encodeIfPresent(watched, forKey: .watched)
        try c.encodeIfPresent(createdAt, forKey: .createdAt)
        try c.encodeIfPresent(updatedAt, forKey: .updatedAt)
    }
}

extension Issue: Encodable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(number, forKey: .number)
        try c.encode(state, forKey: .state)
        try c.encode(title, forKey: .title)
        try c.encodeIfPresent(body, forKey: .body)
        try c.encodeIfPresent(author, forKey: .user)
        try c.encodeIfPresent(assignee, forKey: .assignee)
        try c.encode(labels, forKey: .labels)
        try c.encode(commentCount, forKey: .comments)
        try c.encodeIfPresent(htmlURL, forKey: .htmlURL)
        try c.encodeIfPresent(repository, forKey: .repository)
        try c.encodeIfPresent(issueType, forKey: .issueType)
        try c.encodeIfPresent(milestone, forKey: .milestone)
        try c.encodeIfPresent(createdAt, forKey: .createdAt)
        try c.encodeIfPresent(updatedAt, forKey: .updatedAt)
    }
}

extension Event: Encodable {
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(type, forKey: .type)
        try c.encodeIfPresent(actor, forKey: .actor)
        try c.encodeIfPresent(repo, forKey: .repo)
        try c.encode(isPublic, forKey: .isPublic)
        try c.encodeIfPresent(createdAt, forKey: .createdAt)
        try c.encode(payload, forKey: .payload)
    }
}

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
