import Foundation

/// Pull requests in the shape of `samples/pr.json`, `pr_files.json` and `pr_comments.json` (every key present).
extension Renderer {
    func pullRequest(_ pull: FakePullRequest, project: FakeProject) -> JSON {
        let owner = world.owner(of: project)
        let author = world.user(id: pull.authorID) ?? owner
        let fullName = world.fullName(of: project)
        let u = "\(api)/repos/\(fullName)/pulls/\(pull.number)"
        let html = "\(base)/\(fullName)/pulls/\(pull.number)"
        let merged = pull.state == "merged"
        func side(_ branch: String, sha: String, of sideProject: FakeProject = project) -> JSON {
            .object([("label", .string(branch)), ("ref", .string(branch)), ("sha", .string(sha)),
                     ("user", userBasic(world.owner(of: sideProject))),
                     ("repo", self.project(sideProject, viewerID: nil, includeViewerFields: false))])
        }
        let headProject = pull.headProjectID.flatMap(world.project(id:)) ?? project
        let headSHA = pull.commits.first?.sha ?? fakeSHA(UInt64(pull.id), 1)
        let baseSHA = pull.commits.last?.parentSHA ?? fakeSHA(UInt64(pull.id), 2)
        return .object([
            ("id", .int(pull.id)), ("url", .string(u)), ("html_url", .string(html)), ("diff_url", .string(html + ".diff")),
            ("patch_url", .string(html + ".patch")), ("issue_url", .string("\(u)/issues")), ("commits_url", .string("\(u)/commits")),
            ("review_comments_url", .string("\(api)/repos/\(fullName)/pulls/comments/{/number}")),
            ("review_comment_url", .string("\(api)/repos/\(fullName)/pulls/comments")),
            ("comments_url", .string("\(u)/comments")), ("number", .int(pull.number)), ("state", .string(pull.state)),
            ("title", .string(pull.title)), ("body", .text(pull.body)), ("assignees_number", .int(pull.requiredApprovals)),
            ("testers_number", .int(pull.requiredTests)),
            ("assignees", .array(pull.reviewers.compactMap(assignee))), ("testers", .array(pull.testers.compactMap(assignee))), ("milestone", .null), ("labels", .array([])),
            ("locked", .bool(false)), ("created_at", .string(giteeTime(pull.createdAt))),
            ("updated_at", .string(giteeTime(pull.updatedAt))),
            ("closed_at", pull.state == "open" ? .null : .string(giteeTime(pull.updatedAt))),
            ("merged_at", merged ? .string(giteeTime(pull.updatedAt)) : .null), ("mergeable", .bool(pull.state == "open" && !pull.hasConflicts)),
            // Undocumented; recorded answers say false where required approvals were missing (assumed meaning).
            ("can_merge_check", .bool(pull.state == "open" && pull.reviewsMissing == nil)), ("head", side(pull.headBranch, sha: headSHA, of: headProject)),
            ("base", side(pull.baseBranch, sha: baseSHA)),
            ("_links", .object([("self", .object([("href", .string(u))])), ("html", .object([("href", .string(html))])),
                                ("comments", .object([("href", .string("\(u)/comments"))])),
                                ("commits", .object([("href", .string("\(u)/commits"))]))])),
            ("user", userBasic(author)),
        ])
    }

    /// One of `assignees` / `testers`: the spec's `UserAssignee` (a user plus `accept` and how they were asked).
    private func assignee(_ review: FakeReview) -> JSON? {
        guard let user = world.user(id: review.userID), case .object(var members) = userBasic(user) else { return nil }
        members += [("member_role", .string("developer")), ("assignee", .bool(false)), ("code_owner", .bool(false)),
                    ("accept", .bool(review.accepted))]
        return .object(members)
    }

    /// A changed file as real Gitee sends it: counts as strings, `patch` as an object holding the `diff`.
    func pullRequestFile(_ file: (path: String, status: String, additions: Int, deletions: Int, patch: String),
                         pull: FakePullRequest, project: FakeProject) -> JSON {
        let fullName = world.fullName(of: project)
        let sha = pull.commits.first?.sha ?? ""
        return .object([
            ("sha", .string(sha)), ("filename", .string(file.path)), ("status", .string(file.status)),
            ("additions", .string("\(file.additions)")), ("deletions", .string("\(file.deletions)")),
            ("blob_url", .string("\(base)/\(fullName)/blob/\(sha)/\(file.path)")),
            ("raw_url", .string("\(base)/\(fullName)/raw/\(sha)/\(file.path)")),
            ("patch", .object([("diff", .string(file.patch)), ("new_path", .string(file.path)), ("old_path", .string(file.path)),
                               ("a_mode", .string("100644")), ("b_mode", .string("100644")), ("new_file", .bool(false)),
                               ("renamed_file", .bool(false)), ("deleted_file", .bool(false)), ("too_large", .bool(false))])),
        ])
    }

    /// A general comment (`comment_type` "pr_comment", no place) or a line comment ("diff_comment" with `path`,
    /// `position` and `commit_id`).
    func pullRequestComment(_ comment: FakeComment, pull: FakePullRequest, project: FakeProject,
                            line: FakeDiffLine? = nil) -> JSON {
        let author = world.user(id: comment.authorID) ?? world.users[0]
        let fullName = world.fullName(of: project)
        return .object([
            ("url", .string("\(api)/repos/\(fullName)/pulls/comments/\(comment.id)")), ("id", .int(comment.id)),
            ("path", .text(line?.path)), ("position", line.map { .int($0.position) } ?? .null),
            ("original_position", line.map { .int($0.position) } ?? .null),
            ("new_line", line?.newLine.map { .int($0) } ?? .null), ("commit_id", .text(line?.commitID)),
            ("original_commit_id", .text(line?.commitID)), ("user", userBasic(author)),
            ("created_at", .string(giteeTime(comment.time))), ("updated_at", .string(giteeTime(comment.editedAt ?? comment.time))),
            ("body", .string(comment.body)), ("html_url", .string("\(base)/\(fullName)/pulls/\(pull.number)#note_\(comment.id)")),
            ("pull_request_url", .string("\(api)/repos/\(fullName)/pulls/\(pull.number)")), ("comment_type", .string(line == nil ? "pr_comment" : "diff_comment")),
        ])
    }
}
