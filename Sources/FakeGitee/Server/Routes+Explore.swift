import Foundation

extension FakeGiteeServer {
    func registerRoutes() {
        registerExploreRoutes()
        registerRepositoryRoutes()
        registerRefRoutes()  // issue 28, part B
        registerProjectPeopleRoutes()  // issue 28, part B
        registerSearchMoreRoutes()  // issue 28, part B
        registerOrganizationRoutes()  // issue 28, part B
        registerContentRoutes()
        registerPeopleRoutes()
        registerIssueRoutes()
        registerPullRequestRoutes()
        registerCheckRoutes()  // issue 39, check runs
        registerForkRoutes()
        registerNotificationRoutes()
        registerControlRoutes()
        registerRedirectRoute()
        registerHostileReadmeRoutes()
        registerHostileCommitRoutes()
        registerReleaseRoutes()
        registerGitRoutes()
        registerBenchPageRoutes()  // issue 29
    }

    private func registerExploreRoutes() {
        router.add("GET", "/api/v3/projects/featured") { [unowned self] request, _ in v3List(world.featuredOrder, request) }
        router.add("GET", "/api/v3/projects/popular") { [unowned self] request, _ in v3List(world.popularOrder, request) }
        router.add("GET", "/api/v3/projects/latest") { [unowned self] request, _ in v3List(world.latestOrder, request) }
        router.add("GET", "/api/v3/projects/languages") { [unowned self] _, _ in
            .json(.array(Vocabulary.languages.map { renderer.language($0) }))
        }
        router.add("GET", "/api/v3/projects/languages/:id") { [unowned self] request, parameters in
            let key = parameters["id"] ?? ""
            let name = Int(key).flatMap { $0 >= 1 && $0 <= Vocabulary.languages.count ? Vocabulary.languages[$0 - 1] : nil }
                ?? Vocabulary.languages.first { renderer.language($0)["ident"]?.stringValue == key.lowercased() || $0.lowercased() == key.lowercased() }
            guard let name else { return .notFound("Language Not Found") }
            return v3List(world.projectsByLanguage[name] ?? [], request)
        }
        router.add("GET", "/api/v5/search/repositories") { [unowned self] request, _ in search(request) }
    }

    private func v3List(_ order: [Int], _ request: FakeRequest) -> FakeResponse {
        let (slice, headers) = Paging.numbered(order, request)
        let renderer = self.renderer
        return .json(.array(slice.map { renderer.projectV3(world.projects[$0]) }), headers: headers)
    }

    /// v5 search: every word of `q` (required) must be a word of the path, name, owner, description or language
    /// (a search engine matches words, not substrings: `q=a` finds projects that say "a", not every name with an
    /// "a" in it; Chinese text, which has no spaces, is matched by substring); optional language (search's own
    /// list, checked by `ParameterRules`); sort and order.
    private func search(_ request: FakeRequest) -> FakeResponse {
        guard let query = request.query["q"]?.trimmingCharacters(in: .whitespaces).lowercased(), !query.isEmpty else {
            return .error(400, "q is missing")
        }
        let wanted = SearchWords.words(query)
        let language = request.query["language"]?.lowercased()
        var matches: [(index: Int, score: Int)] = []
        for (index, project) in world.projects.enumerated() {
            if let language, !language.isEmpty, project.language?.lowercased() != language { continue }
            let owner = world.users[project.ownerID - 1].login.lowercased()
            let title = SearchWords.words(project.path) + SearchWords.words(project.name)
            let ownerWords = SearchWords.words(owner)
            let described = SearchWords.words(project.description ?? "") + SearchWords.words(project.language ?? "")
            guard !wanted.isEmpty, wanted.allSatisfy({ word in
                SearchWords.contains(title + ownerWords + described, word) || (project.description.map { SearchWords.containsCJK(word) && $0.contains(word) } ?? false)
            }) else { continue }
            var score = 1
            if project.path.lowercased() == query { score = 4 }
            else if wanted.allSatisfy({ SearchWords.contains(title, $0) }) { score = 3 }
            else if wanted.allSatisfy({ SearchWords.contains(ownerWords, $0) }) { score = 2 }
            matches.append((index, score))
        }
        let projects = world.projects
        let ascending = request.query["order"] == "asc"
        func key(_ index: Int) -> Int {
            switch request.query["sort"] {
            case "stars_count": return state.stars(of: projects[index])
            case "last_push_at": return projects[index].pushedAt
            case "forks_count": return projects[index].forks
            case "watches_count": return state.watches(of: projects[index])
            default: return -1
            }
        }
        let sorted: [Int]
        if key(0) == -1 {
            sorted = matches.sorted { ($0.score, projects[$0.index].baseStars) > ($1.score, projects[$1.index].baseStars) }.map(\.index)
        } else {
            sorted = matches.map(\.index).sorted { ascending ? (key($0), $0) < (key($1), $1) : (key($0), $0) > (key($1), $1) }
        }
        let (slice, headers) = Paging.numbered(sorted, request)
        let renderer = self.renderer
        return .json(.array(slice.map { renderer.project(projects[$0], viewerID: request.viewer?.id) }), headers: headers)
    }

    /// Resolves `owner/repo` from route parameters (404 in Gitee's words when missing).
    func project(_ parameters: [String: String]) -> FakeProject? {
        world.project(owner: parameters["owner"] ?? "", repo: parameters["repo"] ?? "")
    }

    static let projectNotFound = FakeResponse.notFound("Project Not Found")

    /// A `ref` (branch name or commit sha) to a branch of the project; nil/empty means the default branch.
    func branch(for ref: String?, in project: FakeProject) -> String? {
        guard let ref, !ref.isEmpty else { return project.defaultBranch }
        if project.branches.contains(ref) { return ref }
        // A tag names a commit of the default branch (FakeTags), as the site accepts a tag wherever a ref goes.
        if FakeTags.tags(of: project, state: state).contains(where: { $0.name == ref }) { return project.defaultBranch }
        for branch in project.branches where state.commits(of: project, branch: branch).contains(where: { $0.sha.hasPrefix(ref) && ref.count >= 7 }) {
            return branch
        }
        return nil
    }
}

/// How FakeGitee's search splits text into words: lower case, cut at anything that is not a letter or digit.
enum SearchWords {
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
    }

    static func contains(_ words: [String], _ word: String) -> Bool { words.contains(word) }

    static func containsCJK(_ word: String) -> Bool {
        word.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) || (0x3400...0x4DBF).contains($0.value) }
    }
}
