import Foundation

/// Turns world objects into Gitee-shaped JSON. Field sets and orders follow the real recorded responses (every key
/// of `samples/repo.json`, `user.json`, `issue.json` is present), with `null` where real data has it.
@MainActor
struct Renderer {
    /// The server's own root (`http://127.0.0.1:PORT`): URLs in replies point back at FakeGitee.
    let base: String
    let state: WorldState
    /// Lenient mode sends `stared`/`watched`/`permission` to anonymous callers too, and `homepage: null`; strict mode
    /// (the real site) sends neither (the samples have `homepage: ""` when there is none).
    var lenient = false
    var world: World { state.world }
    var api: String { base + "/api/v5" }

    func avatarURL(_ user: FakeUser) -> String { "\(base)/__fake/avatar/\(user.login).png" }

    func userBasic(_ user: FakeUser) -> JSON {
        let u = "\(api)/users/\(user.login)"
        return .object([
            ("id", .int(user.id)), ("login", .string(user.login)), ("name", .string(user.name)),
            ("avatar_url", .string(avatarURL(user))), ("url", .string(u)), ("html_url", .string("\(base)/\(user.login)")),
            ("remark", .string("")), ("followers_url", .string("\(u)/followers")),
            ("following_url", .string("\(u)/following_url{/other_user}")), ("gists_url", .string("\(u)/gists{/gist_id}")),
            ("starred_url", .string("\(u)/starred{/owner}{/repo}")), ("subscriptions_url", .string("\(u)/subscriptions")),
            ("organizations_url", .string("\(u)/orgs")), ("repos_url", .string("\(u)/repos")),
            ("events_url", .string("\(u)/events{/privacy}")), ("received_events_url", .string("\(u)/received_events")),
            ("type", .string(user.isOrganization ? "Organization" : "User")),
        ])
    }

    /// `GET /user` and `/users/{login}`: the basic fields plus profile and counts (`email` only for yourself).
    func userDetail(_ user: FakeUser, isSelf: Bool) -> JSON {
        guard case .object(var members) = userBasic(user) else { return .null }
        members += [
            ("blog", .text(user.blog)), ("weibo", .text(user.weibo)), ("bio", .string(user.bio ?? "")),
            ("public_repos", .int(world.projectsByOwner[user.id]?.count ?? 0)), ("public_gists", .int(0)),
            ("followers", .int(state.followers(of: user).count)), ("following", .int(state.following(of: user).count)),
            ("stared", .int(state.starredProjects(of: user.id).count)), ("watched", .int(state.watchedProjects(of: user.id).count)),
            ("created_at", .string(giteeTime(user.createdAt))), ("updated_at", .string(giteeTime(user.createdAt + 86_400 * 30))),
        ]
        if isSelf { members.append(("email", .text(user.email))) }
        return .object(members)
    }

    func namespace(_ owner: FakeUser) -> JSON {
        .object([("id", .int(owner.id)), ("type", .string(owner.isOrganization ? "group" : "personal")),
                 ("name", .string(owner.name)), ("path", .string(owner.login)), ("html_url", .string("\(base)/\(owner.login)"))])
    }

    /// The v5 project object. `viewerID` fills `stared`/`watched`/`permission` like Gitee does for the token's user.
    func project(_ project: FakeProject, viewerID: Int?, includeViewerFields: Bool = true) -> JSON {
        let owner = world.owner(of: project)
        let fullName = "\(owner.login)/\(project.path)"
        let u = "\(api)/repos/\(fullName)"
        let html = "\(base)/\(fullName)"
        var members: [(String, JSON)] = [
            ("id", .int(project.id)), ("full_name", .string(fullName)), ("human_name", .string("\(owner.name)/\(project.name)")),
            ("url", .string(u)), ("namespace", namespace(owner)), ("path", .string(project.path)), ("name", .string(project.name)),
            ("owner", userBasic(owner)), ("assigner", userBasic(owner)), ("description", .text(project.description)),
            ("private", .bool(project.isPrivate)), ("public", .bool(!project.isPrivate)), ("internal", .bool(false)), ("fork", .bool(project.isFork)),
            ("html_url", .string(html + ".git")), ("ssh_url", .string("git@127.0.0.1:\(fullName).git")),
        ]
        for key in ["forks", "keys", "collaborators", "hooks", "branches", "tags", "blobs", "stargazers", "contributors",
                    "commits", "comments", "issue_comment", "issues", "pulls", "milestones", "notifications", "labels", "releases"] {
            members.append(("\(key)_url", .string("\(u)/\(key)")))
        }
        members += [
            ("recommend", .bool(project.recommend)), ("gvp", .bool(project.gvp)),
            ("homepage", lenient ? .text(project.homepage) : .string(project.homepage ?? "")),
            ("language", .text(project.language)), ("forks_count", .int(project.forks)),
            ("stargazers_count", .int(state.stars(of: project))), ("watchers_count", .int(state.watches(of: project))),
            ("default_branch", .text(project.defaultBranch)), ("open_issues_count", .int(state.openIssueCount(of: project))),
            ("has_issues", .bool(true)), ("has_wiki", .bool(true)), ("issue_comment", .bool(false)), ("can_comment", .bool(true)),
            ("pull_requests_enabled", .bool(true)), ("has_page", .bool(false)), ("license", .text(project.license)),
            ("outsourced", .bool(false)), ("project_creator", .string(owner.login)), ("members", .array([.string(owner.login)])),
            ("pushed_at", .string(giteeTime(project.pushedAt))), ("created_at", .string(giteeTime(project.createdAt))),
            ("updated_at", .string(giteeTime(project.updatedAt))),
            ("parent", project.parentID.flatMap(world.project(id:)).map { self.project($0, viewerID: nil, includeViewerFields: false) } ?? .null), ("paas", .null),
        ]
        if includeViewerFields, viewerID != nil || lenient {
            let isOwner = viewerID == project.ownerID
            members += [
                ("stared", .bool(state.isStarred(project, by: viewerID))), ("watched", .bool(state.isWatched(project, by: viewerID))),
                ("permission", .object([("pull", .bool(true)), ("push", .bool(isOwner)), ("admin", .bool(isOwner))])),
                ("relation", .string(isOwner ? "master" : "")),
            ]
        }
        members += [
            ("assignees_number", .int(1)), ("testers_number", .int(1)), ("assignee", .array([userBasic(owner)])),
            ("testers", .array([userBasic(owner)])), ("status", .string("开始")), ("empty_repo", .bool(project.isEmpty)),
            ("programs", .array([])), ("enterprise", .null),
        ]
        return .object(members)
    }

    /// The v3 explore shape (what the maintained iOS client reads).
    func projectV3(_ project: FakeProject) -> JSON {
        let owner = world.owner(of: project)
        return .object([
            ("id", .int(project.id)), ("name", .string(project.name)), ("path", .string(project.path)),
            ("path_with_namespace", .string("\(owner.login)/\(project.path)")),
            ("name_with_namespace", .string("\(owner.name)/\(project.name)")),
            ("description", .text(project.description)), ("language", .text(project.language)),
            ("forks_count", .int(project.forks)), ("stars_count", .int(state.stars(of: project))),
            ("watches_count", .int(state.watches(of: project))), ("last_push_at", .string(giteeTime(project.pushedAt))),
            ("created_at", .string(giteeTime(project.createdAt))), ("default_branch", .text(project.defaultBranch)),
            ("owner", .object([("id", .int(owner.id)), ("name", .string(owner.name)), ("username", .string(owner.login)),
                               ("new_portrait", .string(avatarURL(owner)))])),
            ("public", .bool(true)), ("recomm", .bool(project.recommend)), ("fork", .bool(project.isFork)),
            ("web_url", .string("\(base)/\(owner.login)/\(project.path)")),
        ])
    }

    func language(_ name: String) -> JSON {
        let id = World.languageID(name) ?? 0
        return .object([("id", .int(id)), ("name", .string(name)),
                        ("ident", .string(name.lowercased().replacingOccurrences(of: "#", with: "-sharp").replacingOccurrences(of: "+", with: "p").replacingOccurrences(of: " ", with: "-"))),
                        ("projects_count", .int(world.projectsByLanguage[name]?.count ?? 0))])
    }

    func issue(_ issue: FakeIssue, project: FakeProject) -> JSON {
        let owner = world.owner(of: project)
        let author = world.user(id: issue.authorID) ?? owner
        let u = "\(api)/repos/\(owner.login)/\(project.path)/issues/\(issue.number)"
        return .object([
            ("id", .int(issue.id)), ("url", .string(u)), ("repository_url", .string("\(api)/repos/\(owner.login)/\(project.path)")),
            ("labels_url", .string("\(u)/labels")), ("comments_url", .string("\(u)/comments")),
            ("html_url", .string("\(base)/\(owner.login)/\(project.path)/issues/\(issue.number)")), ("parent_url", .null),
            ("number", .string(issue.number)), ("parent_id", .int(0)), ("depth", .int(0)), ("state", .string(issue.state)),
            ("title", .string(issue.title)), ("body", .text(issue.body)), ("user", userBasic(author)),
            ("labels", .array(issue.labels.map { label($0, project: project) })),
            ("assignee", issue.assigneeID.flatMap(world.user(id:)).map(userBasic) ?? .null), ("collaborators", .array([])),
            ("repository", self.project(project, viewerID: nil, includeViewerFields: false)),
            ("milestone", issue.milestoneNumber.flatMap { number in
                FakeTriage.milestones(of: project).first { $0.number == number }.map { milestone($0, project: project) }
            } ?? .null),
            ("created_at", .string(giteeTime(issue.createdAt))), ("updated_at", .string(giteeTime(issue.updatedAt))),
            ("plan_started_at", .null), ("deadline", .null), ("finished_at", .null), ("scheduled_time", .double(0.0)),
            ("comments", .int(issue.commentCount)), ("priority", .int(0)), ("issue_type", .string("任务")), ("program", .null),
            ("security_hole", .bool(false)), ("issue_state", .string(Self.issueStateTitle(issue.state))), ("branch", .null),
            ("issue_type_detail", .object([("id", .int(1)), ("title", .string("任务")), ("template", .null), ("ident", .string("task")),
                                           ("color", .string("#0086ff")), ("is_system", .bool(true)),
                                           ("created_at", .string(giteeTime(World.now - 86_400 * 900))), ("updated_at", .string(giteeTime(World.now - 86_400 * 900)))])),
            ("issue_state_detail", .object([("id", .int(Self.issueStateID(issue.state))), ("title", .string(Self.issueStateTitle(issue.state))),
                                            ("color", .string("#8c92a4")), ("icon", .string("icon-task-state-21")), ("command", .null),
                                            ("serial", .int(1)), ("created_at", .string(giteeTime(World.now - 86_400 * 900))),
                                            ("updated_at", .string(giteeTime(World.now - 86_400 * 900)))])),
        ])
    }

    /// The site's names for the four states (the `issue_state` field and the web page).
    static func issueStateTitle(_ state: String) -> String {
        switch state {
        case "progressing": "进行中"
        case "closed": "已完成"
        case "rejected": "已拒绝"
        default: "待办的"
        }
    }

    static func issueStateID(_ state: String) -> Int {
        switch state {
        case "progressing": 2
        case "closed": 3
        case "rejected": 4
        default: 1
        }
    }

    func comment(_ comment: FakeComment, issue: FakeIssue) -> JSON {
        let author = world.user(id: comment.authorID) ?? world.users[0]
        return .object([
            ("id", .int(comment.id)), ("body", .string(comment.body)), ("user", userBasic(author)), ("source", .null),
            ("target", .object([("issue", .object([("id", .int(issue.id)), ("title", .string(issue.title)), ("number", .string(issue.number))])),
                                ("pull_request", .null)])),
            ("created_at", .string(giteeTime(comment.time))), ("updated_at", .string(giteeTime(comment.editedAt ?? comment.time))),
        ])
    }

    /// A label as `GET /repos/{o}/{r}/labels` and an issue's `labels` carry it (fields of `samples/issue.json`).
    func label(_ name: String, project: FakeProject) -> JSON {
        let owner = world.owner(of: project)
        return .object([("id", .int(FakeLabels.id(of: name, project: project))), ("name", .string(name)),
                        ("color", .string(FakeLabels.color(of: name))), ("repository_id", .int(project.id)),
                        ("url", .string("\(api)/repos/\(owner.login)/\(project.path)/labels/\(name)")),
                        ("created_at", .string(giteeTime(project.createdAt))), ("updated_at", .string(giteeTime(project.createdAt)))])
    }

    /// A milestone as `GET /repos/{o}/{r}/milestones` lists it (the published description's `Milestone` fields).
    func milestone(_ milestone: (number: Int, title: String), project: FakeProject) -> JSON {
        let owner = world.owner(of: project)
        return .object([("url", .string("\(api)/repos/\(owner.login)/\(project.path)/milestones/\(milestone.number)")),
                        ("html_url", .string("\(base)/\(owner.login)/\(project.path)/milestones/\(milestone.number)")),
                        ("number", .int(milestone.number)), ("repository_id", .int(project.id)), ("state", .string("open")),
                        ("title", .string(milestone.title)), ("description", .null),
                        ("updated_at", .string(giteeTime(project.createdAt))), ("created_at", .string(giteeTime(project.createdAt))),
                        ("open_issues", .int(0)), ("closed_issues", .int(0)), ("due_on", .null)])
    }
}
