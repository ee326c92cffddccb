import Foundation

extension Renderer {
    func contentEntry(_ file: RepositoryContent.File, project: FakeProject, branch: String, withContent: Bool) -> JSON {
        let fullName = world.fullName(of: project)
        let u = "\(api)/repos/\(fullName)/contents/\(file.path)"
        var members: [(String, JSON)] = [("type", .string("file"))]
        if withContent { members.append(("encoding", .string("base64"))) }
        // Real folder listings send `"size": null`; single files carry the size.
        members += [("size", withContent ? .int(file.size) : .null), ("name", .string(file.name)), ("path", .string(file.path))]
        if withContent { members.append(("content", .string(file.body().base64EncodedString()))) }
        members += [
            ("sha", .string(file.sha)), ("url", .string(u)), ("html_url", .string("\(base)/\(fullName)/blob/\(branch)/\(file.path)")),
            ("download_url", .string("\(base)/\(fullName)/raw/\(branch)/\(file.path)")),
            ("_links", .object([("self", .string(u)), ("html", .string("\(base)/\(fullName)/blob/\(branch)/\(file.path)"))])),
        ]
        return .object(members)
    }

    func folderEntry(_ path: String, project: FakeProject, branch: String) -> JSON {
        let fullName = world.fullName(of: project)
        let u = "\(api)/repos/\(fullName)/contents/\(path)"
        return .object([
            ("type", .string("dir")), ("size", .null), ("name", .string(String(path.split(separator: "/").last ?? ""))),
            ("path", .string(path)), ("sha", .string(fakeSHA(UInt64(project.id), stableHash(branch), stableHash(path + "/")))),
            ("url", .string(u)), ("html_url", .string("\(base)/\(fullName)/tree/\(branch)/\(path)")), ("download_url", .null),
            ("_links", .object([("self", .string(u)), ("html", .string("\(base)/\(fullName)/tree/\(branch)/\(path)"))])),
        ])
    }

    func treeSHA(project: FakeProject, branch: String, folder: String) -> String {
        fakeSHA(UInt64(project.id), stableHash(branch), stableHash(folder + "/"))
    }

    /// `git/trees/{sha}`: one folder's entries, or with `recursive` every descendant.
    func tree(_ content: RepositoryContent, project: FakeProject, branch: String, folder: String, recursive: Bool) -> JSON {
        let fullName = world.fullName(of: project)
        var entries: [JSON] = []
        func add(_ folder: String) {
            let (folders, files) = content.children(of: folder)
            for child in folders {
                let sha = treeSHA(project: project, branch: branch, folder: child)
                entries.append(.object([("path", .string(recursive ? child : lastSegment(child))), ("mode", .string("040000")),
                                        ("type", .string("tree")), ("sha", .string(sha)),
                                        ("url", .string("\(api)/repos/\(fullName)/git/trees/\(sha)"))]))
                if recursive { add(child) }
            }
            for file in files {
                entries.append(.object([("path", .string(recursive ? file.path : file.name)), ("mode", .string("100644")),
                                        ("type", .string("blob")), ("sha", .string(file.sha)), ("size", .int(file.size)),
                                        ("url", .string("\(api)/repos/\(fullName)/git/blobs/\(file.sha)"))]))
            }
        }
        add(folder)
        let sha = treeSHA(project: project, branch: branch, folder: folder)
        return .object([("sha", .string(sha)), ("url", .string("\(api)/repos/\(fullName)/git/trees/\(sha)")),
                        ("tree", .array(entries)), ("truncated", .bool(false))])
    }

    private func lastSegment(_ path: String) -> String { String(path.split(separator: "/").last ?? "") }

    /// A branch as listed (`commit` is `{sha, url}`) or alone (`commit` is the whole commit, plus `_links`).
    func branch(_ name: String, project: FakeProject, head: FakeCommit?, detailed: Bool = false) -> JSON {
        let fullName = world.fullName(of: project)
        let sha = head?.sha ?? ""
        let commitJSON: JSON
        if detailed, let head {
            commitJSON = commit(head, project: project, detailed: false)
        } else {
            commitJSON = .object([("sha", .string(sha)), ("url", .string("\(api)/repos/\(fullName)/commits/\(sha)"))])
        }
        var members: [(String, JSON)] = [("name", .string(name)), ("commit", commitJSON)]
        if detailed {
            members.append(("_links", .object([("html", .string("\(base)/\(fullName)/tree/\(name)")),
                                               ("self", .string("\(api)/repos/\(fullName)/branches/\(name)"))])))
        }
        members += [("protected", .bool(name == project.defaultBranch)),
                    ("protection_url", .string("\(api)/repos/\(fullName)/branches/\(name)/protection"))]
        return .object(members)
    }

    func commit(_ commit: FakeCommit, project: FakeProject, detailed: Bool) -> JSON {
        let fullName = world.fullName(of: project)
        let author = world.user(id: commit.authorID) ?? world.owner(of: project)
        let u = "\(api)/repos/\(fullName)/commits/\(commit.sha)"
        let person = JSON.object([("name", .string(author.name)), ("date", .string(giteeTime(commit.time))),
                                  ("email", .string(author.email ?? "\(author.login)@users.noreply.gitee.com"))])
        var members: [(String, JSON)] = [
            ("url", .string(u)), ("sha", .string(commit.sha)), ("html_url", .string("\(base)/\(fullName)/commit/\(commit.sha)")),
            ("comments_url", .string("\(u)/comments")),
            ("commit", .object([("author", person), ("committer", person), ("message", .string(commit.message)),
                                ("tree", .object([("sha", .string(fakeSHA(stableHash(commit.sha), 1))),
                                                  ("url", .string("\(api)/repos/\(fullName)/git/trees/\(fakeSHA(stableHash(commit.sha), 1))"))]))])),
            ("author", userBasic(author)), ("committer", userBasic(author)),
            ("parents", .array(commit.parentSHA.map { [.object([("sha", .string($0)), ("url", .string("\(api)/repos/\(fullName)/commits/\($0)"))])] } ?? [])),
        ]
        if detailed {
            let additions = commit.changes.reduce(0) { $0 + $1.additions }
            let deletions = commit.changes.reduce(0) { $0 + $1.deletions }
            members.append(("stats", .object([("id", .string(commit.sha)), ("additions", .int(additions)),
                                              ("deletions", .int(deletions)), ("total", .int(additions + deletions))])))
            members.append(("files", .array(commit.changes.map { change in
                .object([("sha", .string(fakeSHA(stableHash(commit.sha), stableHash(change.path)))), ("filename", .string(change.path)),
                         ("status", .string(change.status)), ("additions", .int(change.additions)), ("deletions", .int(change.deletions)),
                         ("changes", .int(change.additions + change.deletions)),
                         ("blob_url", .string("\(base)/\(fullName)/blob/\(commit.sha)/\(change.path)")),
                         ("raw_url", .string("\(base)/\(fullName)/raw/\(commit.sha)/\(change.path)")),
                         ("content_url", .string("\(api)/repos/\(fullName)/contents/\(change.path)?ref=\(commit.sha)")),
                         ("patch", .string(change.patch))])
            })))
        }
        return .object(members)
    }

    func event(_ seed: JSONEventSeed) -> JSON {
        guard let project = world.project(id: seed.projectID), let actor = world.user(id: seed.actorID) else { return .null }
        let owner = world.owner(of: project)
        var random = SeededRandom(seed: seed.salt, 5)
        let repo = JSON.object([("id", .int(project.id)), ("full_name", .string("\(owner.login)/\(project.path)")),
                                ("human_name", .string("\(owner.name)/\(project.name)")),
                                ("url", .string("\(api)/repos/\(owner.login)/\(project.path)")), ("namespace", namespace(owner)),
                                ("path", .string(project.path)), ("name", .string(project.name))])
        let payload: JSON
        switch seed.type {
        case "PushEvent":
            let size = random.int(1...6)
            let commits = (0..<min(size, 3)).map { index in
                JSON.object([("sha", .string(fakeSHA(seed.salt, UInt64(index)))),
                             ("author", .object([("name", .string(actor.name)), ("email", .string("\(actor.login)@example.com"))])),
                             ("message", .string(random.pick(Vocabulary.commitMessages))), ("url", .null)])
            }
            payload = .object([("ref", .string("refs/heads/\(project.defaultBranch ?? "master")")), ("size", .int(size)),
                               ("before", .string(fakeSHA(seed.salt, 98))), ("after", .string(fakeSHA(seed.salt, 99))),
                               ("created", .bool(false)), ("deleted", .bool(false)), ("commits", .array(commits))])
        case "IssueEvent", "IssueCommentEvent":
            let number = seed.issueNumber ?? Activity.issueNumber(projectID: project.id, index: random.int(0...30))
            let title = seed.issueTitle ?? random.pick(Vocabulary.issueTitles)
            var members: [(String, JSON)] = [("action", .string(seed.type == "IssueEvent" ? random.pick(["open", "closed", "reopen"]) : "comment")),
                                             ("issue", .object([("number", .string(number)), ("title", .string(title)), ("state", .string("open"))]))]
            if seed.type == "IssueCommentEvent" { members.append(("comment", .object([("body", .string(random.pick(Vocabulary.commentBodies)))]))) }
            if seed.issueNumber != nil { members[0] = ("action", .string("open")) }
            payload = .object(members)
        case "PullRequestEvent":
            payload = .object([("action", .string(random.pick(["open", "merge", "closed"]))), ("number", .int(random.int(1...200))),
                               ("title", .string(random.pick(Vocabulary.commitMessages)))])
        case "ForkEvent":
            payload = .object([("forkee", .object([("full_name", .string("\(actor.login)/\(project.path)"))]))])
        case "CreateEvent":
            payload = .object([("ref_type", .string(random.pick(["repository", "branch", "tag"]))), ("ref", .string("v1.\(random.int(0...9))"))])
        case "MemberEvent":
            payload = .object([("action", .string("added")), ("member", .object([("login", .string(world.users[random.int(0...(world.users.count - 1))].login))]))])
        case "StarEvent", "WatchEvent":
            payload = .object([("action", .string("started"))])
        default:
            payload = .object([("unknown", .bool(true)), ("environment", .string("production"))])
        }
        return .object([("id", .int(seed.id)), ("type", .string(seed.type)), ("actor", userBasic(actor)), ("repo", repo),
                        ("org", owner.isOrganization ? .object([("id", .int(owner.id)), ("login", .string(owner.login)), ("name", .string(owner.name))]) : .null),
                        ("public", .bool(true)), ("created_at", .string(giteeTime(seed.time))), ("payload", payload)])
    }
}
