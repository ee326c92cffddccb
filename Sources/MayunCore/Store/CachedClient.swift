import Foundation
import GiteeKit

/// The API client as screens use it (as Spot wraps its Spotify client in a cached one): every resource and list a
/// screen keeps offline comes from here with its saved copy, and every fresh answer worth keeping is saved here. It
/// is the only place that knows the offline store's keys (`OfflineKey`); screens ask for `project(repo)` or
/// `folder(...)` and never spell one.
///
/// The policy: show the saved copy at once, fetch, save what came (`RemoteResource` and `PagedListViewModel` decide
/// what the page shows meanwhile and when a fetch fails). Rows are saved under the login that fetched them and only
/// public rows and the current account's are read (`OfflineStore.account`); Log Out deletes the owned ones. Private
/// answers never reach the HTTP cache either (GiteeKit does not cache what carried the token).
@MainActor
public final class CachedClient {
    /// For what is never kept offline: writes (star, comment), live lists (search, notifications), downloads.
    public let client: GiteeClient
    /// nil when the store could not be opened: everything is then fetched and nothing saved.
    public let store: OfflineStore?

    public init(client: GiteeClient, store: OfflineStore?) {
        self.client = client
        self.store = store
    }

    // MARK: Single resources

    /// A project as the person sees it: when logged in, with whether they star and watch it (the project answer
    /// does not always say).
    public func project(_ repo: RepositoryID) -> Cached<Project> {
        let client = client
        return cached(Project.self, key: OfflineKey.project(repo)) {
            guard client.auth.isLoggedIn else { return try await client.send(Endpoints.project(owner: repo.owner, repo: repo.name)) }
            // The three at once: one round trip, not three in a row.
            async let starred = try? client.send(Endpoints.isStarred(owner: repo.owner, repo: repo.name))
            async let watched = try? client.send(Endpoints.isWatched(owner: repo.owner, repo: repo.name))
            var fresh = try await client.send(Endpoints.project(owner: repo.owner, repo: repo.name))
            if fresh.isStarred == nil { fresh.isStarred = await starred }
            if fresh.isWatched == nil { fresh.isWatched = await watched }
            return fresh
        }
    }

    /// The project for a page that needs only the person's `permission` (an issue, a pull request): the project
    /// alone, without `project(_:)`'s star and watch checks, which such a page never shows. Two requests fewer beside
    /// the page's own, so over HTTP/1.1 (libsoup's 6 connections to a host, `SoupTransport`) all of its first requests
    /// go at once (issue 41). Saved under the same key, keeping the saved star and watch state the answer lacks.
    public func projectForPermission(_ repo: RepositoryID) -> Cached<Project> {
        let client = client, key = OfflineKey.project(repo)
        return cached(Project.self, key: key) { [weak store] in
            var fresh = try await client.send(Endpoints.project(owner: repo.owner, repo: repo.name))
            let saved = await store?.load(Project.self, key: key)?.value
            if fresh.isStarred == nil { fresh.isStarred = saved?.isStarred }
            if fresh.isWatched == nil { fresh.isWatched = saved?.isWatched }
            return fresh
        }
    }

    /// A project's README at `ref` (its default branch when nil). One saved copy per project, shared by the project
    /// page and the README page; saved as its text alone (the shape earlier versions wrote).
    public func readme(_ repo: RepositoryID, ref: String?) -> Cached<Readme> {
        let client = client, key = OfflineKey.readme(repo)
        return Cached(saved: { [weak store] in
            await store?.load(String.self, key: key).map { .file(path: "README.md", text: $0.value) }
        }, fetch: { [weak store] in
            let fetcher = store?.fetcher()
            guard let content = try await client.send(Endpoints.readme(owner: repo.owner, repo: repo.name, ref: ref)),
                  let text = content.text
            else { return .none }
            store?.save(text, key: key, fetchedBy: fetcher)
            return .file(path: content.path.isEmpty ? "README.md" : content.path, text: text)
        })
    }

    /// An issue, for its page: the copy saved last time shows at once (offline too), then the server's. Writes
    /// from the page are remembered (`Cached.remember`), so the saved copy is never older than what was shown.
    public func issue(_ repo: RepositoryID, number: String) -> Cached<Issue> {
        let client = client
        return cached(Issue.self, key: OfflineKey.issue(repo, number: number)) {
            try await client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: number))
        }
    }

    /// An issue's comments, oldest first; the first page is kept with the issue.
    public func issueComments(_ repo: RepositoryID, number: String) -> CachedPages<Comment> {
        pages(Endpoints.issueComments(owner: repo.owner, repo: repo.name, number: number),
              savedAs: OfflineKey.issueComments(repo, number: number))
    }

    /// A pull request, for its page; remembered after its page's writes, like an issue.
    public func pullRequest(_ repo: RepositoryID, number: Int) -> Cached<PullRequest> {
        let client = client
        return cached(PullRequest.self, key: OfflineKey.pullRequest(repo, number: number)) {
            try await client.send(Endpoints.pullRequest(owner: repo.owner, repo: repo.name, number: number))
        }
    }

    public func pullRequestCommits(_ repo: RepositoryID, number: Int) -> Cached<[Commit]> {
        let client = client
        return cached([Commit].self, key: OfflineKey.pullRequest(repo, number: number, part: "commits")) {
            try await client.send(Endpoints.pullRequestCommits(owner: repo.owner, repo: repo.name, number: number))
        }
    }

    /// The files it changes, with their patches: kept only while the patches are at most `maxSavedPatchBytes`
    /// together (a larger diff is asked afresh each time rather than crowd the store's budget out).
    public func pullRequestFiles(_ repo: RepositoryID, number: Int) -> Cached<[PullRequestFile]> {
        let client = client
        return cached([PullRequestFile].self, key: OfflineKey.pullRequest(repo, number: number, part: "files"),
                      keeping: { $0.reduce(0) { $0 + ($1.patch?.utf8.count ?? 0) } <= Self.maxSavedPatchBytes }) {
            try await client.send(Endpoints.pullRequestFiles(owner: repo.owner, repo: repo.name, number: number))
        }
    }

    /// The most patch text a saved pull request keeps (a README, the largest other saved copy, is up to 1 MB).
    public static let maxSavedPatchBytes = 1_000_000

    public func pullRequestComments(_ repo: RepositoryID, number: Int) -> CachedPages<PullRequestComment> {
        pages(Endpoints.pullRequestComments(owner: repo.owner, repo: repo.name, number: number),
              savedAs: OfflineKey.pullRequestComments(repo, number: number))
    }

    /// A file of a repository: size first, bytes only as far as the size policy allows (`BlobSource.body`). Text
    /// under the highlighting limit is kept; larger, binary and refused files are not.
    public func file(_ location: BlobLocation) -> Cached<FileBody> {
        let source = BlobSource(client: client, repo: location.repo, ref: location.ref)
        let key = OfflineKey.blob(location.repo, ref: location.ref, path: location.path), path = location.path
        return Cached(saved: { [weak store] in
            guard let saved = await store?.load(SavedBlob.self, key: key)?.value else { return nil }
            return .text(saved.text, size: saved.size,
                         presentation: BlobPresentation.decide(path: path, size: saved.size))
        }, fetch: { [weak store] in
            let fetcher = store?.fetcher()
            let body = try await source.body(of: path)
            if case .text(let text, let size, _) = body, size < BlobPresentation.highlightLimit {
                store?.save(SavedBlob(text: text, size: size), key: key, fetchedBy: fetcher)
            }
            return body
        })
    }

    // MARK: Lists (their first page is kept)

    public func exploreProjects(_ kind: ProjectListKind) -> CachedPages<Project> {
        let endpoint = switch kind {
        case .featured: Endpoints.featured()
        case .popular: Endpoints.popular()
        case .latest: Endpoints.latest()
        }
        return pages(endpoint, savedAs: OfflineKey.explore(kind))
    }

    public func languageProjects(id: Int, name: String) -> CachedPages<Project> {
        pages(Endpoints.languageProjects(id: id, name: name), savedAs: OfflineKey.language(id: id))
    }

    public func languages() -> CachedPages<Language> {
        pages(Endpoints.languages(), savedAs: OfflineKey.languages)
    }

    /// The three project lists of a person's page; the logged-in person's own (`isMine`) include private projects
    /// and are forgotten at Log Out (`forgetMyLists`).
    public enum PersonList: String, Sendable { case projects, starred, watched }

    public func projects(_ list: PersonList, of login: String, isMine: Bool) -> CachedPages<Project> {
        let endpoint = switch (list, isMine) {
        case (.projects, true): Endpoints.myProjects()
        case (.projects, false): Endpoints.userProjects(login)
        case (.starred, true): Endpoints.myStarred()
        case (.starred, false): Endpoints.userStarred(login)
        case (.watched, true): Endpoints.myWatched()
        case (.watched, false): Endpoints.userWatched(login)
        }
        return pages(endpoint, savedAs: OfflineKey.userList(list.rawValue, of: login, isMine: isMine))
    }

    /// An organisation's projects (its page learns it is one from the profile), kept where its Projects list is.
    /// Logged in, the list may hold the organisation's private projects (for members): it is then kept with the
    /// person's own lists, which Log Out forgets.
    public func organizationProjects(_ login: String) -> CachedPages<Project> {
        let loggedIn = client.auth.isLoggedIn
        return pages(Endpoints.organizationProjects(login, loggedIn: loggedIn),
                     savedAs: loggedIn ? OfflineKey.userList("org/\(login)/projects", of: login, isMine: true)
                                       : OfflineKey.userList("projects", of: login, isMine: false))
    }

    public func followers(of login: String) -> CachedPages<User> {
        pages(Endpoints.followers(login), savedAs: OfflineKey.followers(login))
    }

    public func following(of login: String) -> CachedPages<User> {
        pages(Endpoints.following(login), savedAs: OfflineKey.following(login))
    }

    public func folder(_ repo: RepositoryID, ref: String?, path: String) -> CachedPages<Content> {
        pages(Endpoints.folder(owner: repo.owner, repo: repo.name, path: path, ref: ref),
              savedAs: OfflineKey.folder(repo, ref: ref, path: path))
    }

    /// A project's issues under one filter; each filter keeps its own first page. `state` takes one value, so the
    /// unfinished ones are the in-progress issues followed by the open ones (`chained`), saved as one list.
    /// `query` narrows any filter (a label, an assignee, a milestone) and orders it; each saves under its own key.
    public func issues(_ repo: RepositoryID, filter: IssueFilter, query: IssueQuery = IssueQuery()) -> CachedPages<Issue> {
        let key = OfflineKey.issues(repo, state: filter.rawValue + query.keySuffix)
        guard let state = filter.state else {
            let progressing = issues(repo, filter: .progressing, query: query)
            let open = issues(repo, filter: .open, query: query)
            return savedPages(key, fetch: IssueFilter.chained(progressing.fetch, then: open.fetch))
        }
        return pages(Endpoints.issues(owner: repo.owner, repo: repo.name, state: state, labels: query.label.map { [$0] } ?? [],
                                      assignee: query.assignee, milestone: query.milestone, sort: query.sort),
                     savedAs: key)
    }

    /// A project's releases, newest first.
    public func releases(_ repo: RepositoryID) -> CachedPages<Release> {
        pages(Endpoints.releases(owner: repo.owner, repo: repo.name), savedAs: OfflineKey.releases(repo))
    }

    // MARK: A project's branches, tags and people (issue 28)

    /// A project's branches, 20 a page as the site pages them.
    public func branches(_ repo: RepositoryID) -> CachedPages<Branch> {
        pages(Endpoints.branches(owner: repo.owner, repo: repo.name, perPage: Endpoints.defaultPageSize),
              savedAs: OfflineKey.refs(repo, kind: "branches"))
    }

    /// A project's tags, newest first.
    public func tags(_ repo: RepositoryID) -> CachedPages<Tag> {
        pages(Endpoints.tags(owner: repo.owner, repo: repo.name), savedAs: OfflineKey.refs(repo, kind: "tags"))
    }

    public func stargazers(_ repo: RepositoryID) -> CachedPages<User> {
        pages(Endpoints.stargazers(owner: repo.owner, repo: repo.name), savedAs: OfflineKey.refs(repo, kind: "stargazers"))
    }

    public func watchers(_ repo: RepositoryID) -> CachedPages<User> {
        pages(Endpoints.watchers(owner: repo.owner, repo: repo.name), savedAs: OfflineKey.refs(repo, kind: "watchers"))
    }

    public func forks(_ repo: RepositoryID) -> CachedPages<Project> {
        pages(Endpoints.forks(owner: repo.owner, repo: repo.name), savedAs: OfflineKey.refs(repo, kind: "forks"))
    }

    /// A user's profile, shown at once from the copy saved last time. `isMine`: the logged-in person's own.
    public func user(_ login: String, isMine: Bool) -> Cached<User> {
        cached(User.self, key: OfflineKey.user(login, mine: isMine)) { [client] in try await client.send(Endpoints.user(login)) }
    }

    /// A user's public activity, newest first; the first page is kept.
    public func userEvents(_ login: String, isMine: Bool) -> CachedPages<Event> {
        pages(Endpoints.userEvents(login), savedAs: OfflineKey.userEvents(login, mine: isMine))
    }

    /// An organisation's profile. Logged in it is fetched with the token and kept with the person's own lists.
    public func organization(_ login: String) -> Cached<Organization> {
        cached(Organization.self, key: OfflineKey.organization(login, mine: client.auth.isLoggedIn)) { [client] in
            try await client.send(Endpoints.organization(login))
        }
    }

    public func organizationMembers(_ login: String) -> CachedPages<User> {
        pages(Endpoints.organizationMembers(login),
              savedAs: OfflineKey.userList("org/\(login)/members", of: login, isMine: client.auth.isLoggedIn))
    }

    /// The logged-in person's organisations (Mine), forgotten at Log Out.
    public func myOrganizations() -> CachedPages<Organization> {
        pages(Endpoints.myOrganizations(), savedAs: OfflineKey.userList("organizations", of: "", isMine: true))
    }

    /// One answer (the spec does not page contributors), kept like a first page.
    public func contributors(_ repo: RepositoryID) -> CachedPages<Contributor> {
        pages(Endpoints.contributors(owner: repo.owner, repo: repo.name), savedAs: OfflineKey.refs(repo, kind: "contributors"))
    }

    /// A list that is never kept (search results, notifications): fetched every time.
    public func live<Item: Sendable>(_ endpoint: Endpoint<[Item]>) -> CachedPages<Item> {
        let client = client
        return CachedPages(saved: nil) { pagination in try await client.page(endpoint, at: pagination) }
    }

    // MARK: Forgetting

    /// The logged-in person's own lists (Mine), at Log Out; rows fetched with the token go too
    /// (`OfflineStore.forgetAccounts`, wired in `AppServices`).
    public func forgetMyLists() {
        store?.removeEntries(withPrefix: OfflineKey.myListsPrefix)
    }

    // MARK: Keys to saved copies

    /// `keeping` says whether a fresh value is worth saving (a pull request's files: not a huge diff).
    private func cached<Value: Codable & Sendable>(_ type: Value.Type, key: String,
                                                   keeping: @escaping @MainActor (Value) -> Bool = { _ in true },
                                                   fetch: @escaping @MainActor () async throws -> Value) -> Cached<Value> {
        Cached(saved: { [weak store] in await store?.load(Value.self, key: key)?.value },
               fetch: { [weak store] in
                   let fetcher = store?.fetcher()
                   let fresh = try await fetch()
                   if keeping(fresh) { store?.save(fresh, key: key, fetchedBy: fetcher) }
                   return fresh
               },
               remember: { [weak store] value in store?.save(value, key: key) })
    }

    private func pages<Item: Codable & Sendable>(_ endpoint: Endpoint<[Item]>, savedAs key: String) -> CachedPages<Item> {
        let client = client
        return savedPages(key) { pagination in try await client.page(endpoint, at: pagination) }
    }

    /// A list whose first page is saved under `key`. The list saves its first page after the fetch returns, so the
    /// account it is saved under (the fetcher) is taken when that first-page fetch starts.
    private func savedPages<Item: Codable & Sendable>(_ key: String,
                                                      fetch: @escaping PagedListViewModel<Item>.Fetch) -> CachedPages<Item> {
        let key = "list:" + key
        let firstPage = FirstPageFetcher()
        let saved = store.map { store in
            ListCache<Item>(load: { [weak store] in await store?.load([Item].self, key: key)?.value },
                            save: { [weak store] items in store?.save(items, key: key, fetchedBy: firstPage.fetcher) })
        }
        return CachedPages(saved: saved) { [weak store] pagination in
            if pagination == nil { firstPage.fetcher = store?.fetcher() }
            return try await fetch(pagination)
        }
    }
}

/// The fetcher of a list's latest first-page request (the list drops older answers, so the page it saves is
/// this request's).
@MainActor
private final class FirstPageFetcher {
    /// nil before any first page was asked for (then `save` takes the account at that moment).
    var fetcher: OfflineStore.Fetcher?
}
