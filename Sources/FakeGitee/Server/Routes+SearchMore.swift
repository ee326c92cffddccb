import Foundation

extension FakeGiteeServer {
    /// `/search/users` and `/search/issues` (issue 28). Both require `q` (400 "q is missing" without, as
    /// `/search/repositories`); words match whole words as there (`SearchWords`). Paged with `page`/`per_page`;
    /// `sort`/`order`/`state` values are checked against the spec by `ParameterRules`.
    /// Users: login and name; `sort=joined_at` orders by `created_at`, `order` asc|desc. Issues: title and body of
    /// the issues of the 300 most-starred public projects (issues are generated per project on demand; scanning all
    /// 5,000 would generate them all), or of the `repo` (`owner/path`) given; `state` narrows, `sort`
    /// created_at|updated_at|notes_count orders (newest first without one); `label` (one name) and `assignee` (a
    /// login) narrow, as the published description lists them.
    func registerSearchMoreRoutes() {
        router.add("GET", "/api/v5/search/users") { [unowned self] request, _ in
            guard let wanted = searchWords(request) else { return .error(400, "q is missing") }
            var people = world.users.filter { user in
                let words = SearchWords.words(user.login) + SearchWords.words(user.name)
                return wanted.allSatisfy { SearchWords.contains(words, $0) || (SearchWords.containsCJK($0) && user.name.contains($0)) }
            }
            if request.query["sort"] == "joined_at" {
                people.sort { $0.createdAt < $1.createdAt }
                if request.query["order"] != "asc" { people.reverse() }
            }
            let (slice, headers) = Paging.numbered(people, request)
            let renderer = self.renderer
            return .json(.array(slice.map(renderer.userBasic)), headers: headers)
        }
        router.add("GET", "/api/v5/search/issues") { [unowned self] request, _ in
            guard let wanted = searchWords(request) else { return .error(400, "q is missing") }
            let projects: [FakeProject]
            if let repo = request.query["repo"], !repo.isEmpty {
                let parts = repo.split(separator: "/", maxSplits: 1).map(String.init)
                // A private project is searched only for those who may see it (the site finds nobody else anything there).
                guard parts.count == 2, let project = world.project(owner: parts[0], repo: parts[1]),
                      world.isVisible(project, to: request.viewer) else { return .json(.array([])) }
                projects = [project]
            } else {
                projects = Array(world.projects.filter { !$0.isEmpty && !$0.isPrivate }
                    .sorted { state.stars(of: $0) > state.stars(of: $1) }.prefix(300))
            }
            var found: [(FakeIssue, FakeProject)] = []
            for project in projects {
                for issue in state.issues(of: project) {
                    if let wantedState = request.query["state"], issue.state != wantedState { continue }
                    if let label = request.query["label"], !label.isEmpty, !issue.labels.contains(label) { continue }
                    if let assignee = request.query["assignee"], !assignee.isEmpty,
                       issue.assigneeID.flatMap(world.user(id:))?.login != assignee { continue }
                    let words = SearchWords.words(issue.title) + SearchWords.words(issue.body ?? "")
                    if wanted.allSatisfy({ SearchWords.contains(words, $0) || (SearchWords.containsCJK($0) && issue.title.contains($0)) }) {
                        found.append((issue, project))
                    }
                }
            }
            switch request.query["sort"] {
            case "updated_at": found.sort { $0.0.updatedAt > $1.0.updatedAt }
            case "notes_count": found.sort { $0.0.commentCount > $1.0.commentCount }
            default: found.sort { $0.0.createdAt > $1.0.createdAt }
            }
            if request.query["order"] == "asc" { found.reverse() }
            let (slice, headers) = Paging.numbered(found, request)
            let renderer = self.renderer
            return .json(.array(slice.map { renderer.issue($0.0, project: $0.1) }), headers: headers)
        }
    }

    private func searchWords(_ request: FakeRequest) -> [String]? {
        guard let query = request.query["q"]?.trimmingCharacters(in: .whitespaces).lowercased(), !query.isEmpty else { return nil }
        let words = SearchWords.words(query)
        return words.isEmpty ? nil : words
    }
}
