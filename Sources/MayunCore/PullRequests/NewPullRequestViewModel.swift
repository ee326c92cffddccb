import Foundation
import GiteeKit
import MayunDocument
import Observation

/// Opening a pull request (issue 25): choose the head (this project or the person's fork, and a branch) and the base
/// branch, see the comparison first (commits and the diff: `GET /repos/{o}/{r}/compare/{base}...{head}`), write the
/// title (filled from the branch or its one commit until edited) and a markdown body with Write / Preview, kept as a
/// draft until the server has the pull request; then `POST /repos/{o}/{r}/pulls` and the new pull request's page.
@MainActor
@Observable
public final class NewPullRequestViewModel {
    public enum CompareState: Equatable, Sendable {
        case idle, loading
        case loaded(Comparison)
        case failed(String)
    }

    /// Where the pull request goes (a fork's source when the form was opened on the fork itself).
    public private(set) var target: RepositoryID
    /// Projects the head can come from: the target (when it was asked for) and the person's fork of it.
    public private(set) var headRepos: [RepositoryID] = []
    public private(set) var headRepo: RepositoryID?
    public private(set) var headBranches: [String] = []
    public private(set) var headBranch: String?
    public private(set) var baseBranches: [String] = []
    public private(set) var baseBranch: String?
    public private(set) var compare: CompareState = .idle
    /// The comparison's files, for the diff view.
    public let diff = DiffViewModel()
    public private(set) var titleText = ""
    public private(set) var body = ""
    /// The description's Write / Preview switch and its rendered preview.
    public let preview: BodyPreview
    /// The one write path: the create is a write like any other (a second click while it is on its way sends
    /// nothing; a lost answer is settled by asking).
    public let writes = ScreenWrites()
    public var isSubmitting: Bool { writes.isWriting }
    /// Why the server refused (kept with the text the person wrote).
    public private(set) var errorMessage: String?
    /// A pull request with the same branches that is already open: the page offers it.
    public private(set) var existingNumber: Int?
    public var draftError: String? { drafts.writeError }

    /// The page was left (Back while the POST was on its way): a failure is told in a toast, not on the page.
    @ObservationIgnored private var wasLeft = false
    @ObservationIgnored private var titleEdited = false
    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private let session: Session?
    @ObservationIgnored private let drafts: DraftStore
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private let compareTask = LatestTask()
    @ObservationIgnored private var started = false
    @ObservationIgnored private let wantedHead: (repo: RepositoryID, branch: String?)?
    /// Told when the server opened the pull request (the Coordinator updates lists below).
    @ObservationIgnored var onCreated: @MainActor (PullRequest) -> Void = { _ in }
    /// The account's outbox: a submit that provably never reached the server waits there (docs/WRITES.md).
    @ObservationIgnored var outbox: Outbox?
    /// Told when the pull request was put in the outbox instead (with whether the form is still open).
    @ObservationIgnored var queued: @MainActor (RepositoryID, Bool) -> Void = { _, _ in }

    init(target: RepositoryID, head: RepositoryID?, branch: String?, client: GiteeClient, session: Session?,
         drafts: DraftStore, markdown: RepositoryMarkdown?, navigator: (any Navigator)?) {
        self.target = target
        self.client = client
        self.session = session
        self.drafts = drafts
        preview = BodyPreview(markdown: markdown)
        self.navigator = navigator
        wantedHead = head.map { ($0, branch) }
        writes.report = { [weak self, weak navigator] message in
            if let self, !wasLeft { errorMessage = message } else { navigator?.showToast(message) }
        }
    }

    // MARK: Outputs

    public var title: String { tr("New Pull Request") }
    public var account: String { session?.user?.login ?? "" }
    public var submitTitle: String { isSubmitting ? tr("Creating…") : tr("Create Pull Request") }
    public var comparison: Comparison? { if case .loaded(let comparison) = compare { comparison } else { nil } }

    /// "owner/name" for the head choice.
    public func name(of repo: RepositoryID) -> String { repo == target ? repo.description : String(format: tr("%@ (your fork)"), repo.description) }

    /// Nothing to propose: the head has no commits the base lacks.
    public var nothingToCompare: String? {
        guard let comparison, comparison.commits.isEmpty, let headBranch, let baseBranch else { return nil }
        return String(format: tr("There is nothing to merge: %@ has no commits that %@ does not have. Commit to the branch first."),
                      headBranch, baseBranch)
    }

    /// "Commits: 3 · files changed: 2".
    public var compareSummary: String? {
        guard let comparison, !comparison.commits.isEmpty else { return nil }
        return String(format: tr("Commits: %@ · files changed: %@"), String(comparison.commits.count), String(comparison.files.count))
    }

    public var canSubmit: Bool {
        !isSubmitting && !titleText.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
            && comparison.map { !$0.commits.isEmpty } == true
    }

    /// The `head` field: the branch, or `owner/repo:branch` from a fork (the description's form).
    var headField: String? {
        guard let headRepo, let headBranch else { return nil }
        return headRepo == target ? headBranch : "\(headRepo.owner)/\(headRepo.name):\(headBranch)"
    }

    // MARK: Inputs

    public func start() {
        guard !started else { return }
        started = true
        Task { await load() }
    }

    public func refresh() { runCompare() }
    public func cancel() {
        wasLeft = true
        writes.leave()
        compareTask.cancel()
    }

    public func selectHeadRepo(_ index: Int) {
        guard headRepos.indices.contains(index), headRepos[index] != headRepo else { return }
        headRepo = headRepos[index]
        headBranch = nil
        Task { await loadHeadBranches(preferring: nil) }
    }

    public func selectHeadBranch(_ index: Int) {
        guard headBranches.indices.contains(index), headBranches[index] != headBranch else { return }
        headBranch = headBranches[index]
        headChanged()
    }

    public func selectBaseBranch(_ index: Int) {
        guard baseBranches.indices.contains(index), baseBranches[index] != baseBranch else { return }
        baseBranch = baseBranches[index]
        runCompare()
    }

    public func setTitle(_ text: String) {
        guard text != titleText else { return }
        titleText = text
        titleEdited = true
        saveDraft()
    }

    public func setBody(_ text: String) {
        guard text != body else { return }
        body = text
        saveDraft()
    }

    public func togglePreview() { preview.toggle(body, in: target) }

    public func openExisting() {
        guard let existingNumber else { return }
        navigator?.push(.pullRequest(target, number: existingNumber))
    }

    public func submit() {
        guard canSubmit, let head = headField, let headRepo, let headBranch, let baseBranch else { return }
        errorMessage = nil
        existingNumber = nil
        let target = target, client = client, title = titleText.trimmingCharacters(in: .whitespacesAndNewlines)
        let endpoint = Endpoints.createPullRequest(owner: target.owner, repo: target.name, title: title,
                                                   head: head, base: baseBranch, body: body)
        // A lost answer is settled by asking, never by posting again: the open pull requests from this head into
        // this base, opened by this account.
        let session = session
        let found: @MainActor () async throws -> PullRequest? = {
            await session?.start()
            guard let login = session?.user?.login else { return nil }
            return try await NewPullRequestCheck.find(headRepo: headRepo.description, headBranch: headBranch,
                                                      base: baseBranch, in: target, by: login, client: client)
        }
        let sent = OutboxEntry.NewPullRequest(title: title, body: body, head: head, headRepo: headRepo.description,
                                              headBranch: headBranch, base: baseBranch)
        let answer = CreatedAnswer<PullRequest?>()
        let clear = draftClearing()
        let onCreated = onCreated, outbox = outbox, queued = queued
        writes.send(key: "create", failure: tr("Could not create the pull request: %@ Your text is kept."),
                    request: {
                        // Never reached the server: it waits in the outbox, sent when the server answers again.
                        let outcome = try await Outbox.sendOrKeep(in: outbox, .newPullRequest, repo: target, number: "",
                                                                  payload: sent.payload, seen: "") {
                            try await SettledWrite.perform({ try await client.send(endpoint) }, check: found)
                        }
                        answer.value = .some(outcome.answer)
                    },
                    rollBack: { [weak self] error in
                        Task { await self?.refused(error, head: head, base: baseBranch) }
                    },
                    // The pull request belongs to the project, not to this page: its draft goes even after Back,
                    // and the page is replaced by the pull request's only while it is still open.
                    always: { [weak navigator] succeeded, pageLeft in
                        guard succeeded, let outcome = answer.value else { return }
                        clear()
                        guard let pull = outcome else { return queued(target, !pageLeft) }
                        onCreated(pull)
                        if pageLeft {
                            navigator?.showToast(String(format: tr("Pull request !%d created"), pull.number))
                        } else {
                            navigator?.replace(with: .pullRequest(target, number: pull.number))
                        }
                    })
    }

    // MARK: Loading

    func load() async {
        await session?.start()
        var base = try? await client.send(Endpoints.project(owner: target.owner, repo: target.name))
        // Opened on a fork with its own branch as the head (after "commit to a new branch" there): the pull request
        // goes to the fork's source, as the website proposes.
        if let parent = base?.parent, wantedHead?.repo == target {
            target = RepositoryID(owner: parent.owner, name: parent.name)
            base = try? await client.send(Endpoints.project(owner: target.owner, repo: target.name))
        }
        var repos: [RepositoryID] = []
        if let wantedHead { repos.append(wantedHead.repo) }
        if !repos.contains(target) { repos.insert(target, at: 0) }
        if let login = session?.user?.login, login.lowercased() != target.owner.lowercased(),
           let fork = await ForkViewModel.existingFork(of: target, in: login, client: client) {
            let forkID = RepositoryID(owner: fork.ownerPath, name: fork.repoPath)
            if !repos.contains(forkID) { repos.append(forkID) }
        }
        headRepos = repos
        headRepo = wantedHead?.repo ?? repos.last
        baseBranches = await branches(of: target)
        baseBranch = base?.defaultBranch.flatMap { baseBranches.contains($0) ? $0 : nil } ?? baseBranches.first
        await loadHeadBranches(preferring: wantedHead?.branch)
    }

    private func loadHeadBranches(preferring wanted: String?) async {
        guard let repo = headRepo else { return }
        let names = await branches(of: repo)
        guard repo == headRepo else { return }
        headBranches = names
        // The branch asked for; else one that is not the base (a fresh branch is what people propose).
        headBranch = wanted.flatMap { names.contains($0) ? $0 : nil }
            ?? names.first { repo != target || $0 != baseBranch } ?? names.first
        headChanged()
    }

    private func branches(of repo: RepositoryID) async -> [String] {
        let found = (try? await client.send(Endpoints.branches(owner: repo.owner, repo: repo.name))) ?? []
        return found.map(\.name)
    }

    private func headChanged() {
        loadDraft()
        runCompare()
    }

    /// The comparison of the chosen branches. For a fork it is asked of the fork, whose copy of the base branch is
    /// what the fork was made from.
    private func runCompare() {
        guard let headRepo, let headBranch, let baseBranch else { return }
        compare = .loading
        diff.show([])
        let endpoint = Endpoints.compare(owner: headRepo.owner, repo: headRepo.name, base: baseBranch, head: headBranch)
        let client = client
        compareTask.run { [weak self] in
            let result: CompareState
            do {
                result = .loaded(try await client.send(endpoint))
            } catch {
                let failure = GiteeError.from(error)
                guard failure != .cancelled else { return }
                result = .failed(ErrorText.message(for: failure))
            }
            guard !Task.isCancelled, let self else { return }
            compare = result
            if case .loaded(let comparison) = result {
                diff.show(comparison.files.map(DiffFile.init))
                if !titleEdited { titleText = Self.defaultTitle(branch: headBranch, commits: comparison.commits) }
            }
        }
    }

    /// The website's default: the one commit's title, else the branch name made readable.
    static func defaultTitle(branch: String, commits: [Commit]) -> String {
        if commits.count == 1, let only = commits.first, !only.title.isEmpty { return only.title }
        let name = branch.split(separator: "/").last.map(String.init) ?? branch
        let words = name.replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    private func refused(_ error: GiteeError, head: String, base: String) async {
        guard error != .cancelled else { return }
        guard case .validation = error else {
            if case .unauthorized = error { navigator?.requireLogin { [weak self] in self?.submit() } }
            return
        }
        // Refused because one is already open for these branches: find it and offer it.
        let branch = head.split(separator: ":").last.map(String.init) ?? head
        let open = try? await client.send(Endpoints.pullRequests(owner: target.owner, repo: target.name, state: .open,
                                                                sort: .created, head: branch))
        existingNumber = open?.first { $0.head.ref == branch && $0.base.ref == base }?.number
        if let existingNumber {
            errorMessage = String(format: tr("A pull request from %@ into %@ is already open (!%@)."), branch, base,
                                  String(existingNumber))
        }
    }

    // MARK: Drafts (per account, target and head: title and body)

    private var draftKey: String { Self.draftKey(headRepo: headRepo?.description ?? "", headBranch: headBranch ?? "") }

    /// Where the form keeps its body (and, with ":title", its title) for a head; the Mine page's Cancel of a waiting
    /// pull request puts them back there.
    static func draftKey(headRepo: String, headBranch: String) -> String { "pull-new:\(headRepo):\(headBranch)" }

    private func loadDraft() {
        let savedBody = drafts.comment(account: account, repo: target, issue: draftKey)
        let savedTitle = drafts.comment(account: account, repo: target, issue: draftKey + ":title")
        body = savedBody
        titleEdited = !savedTitle.isEmpty
        if titleEdited { titleText = savedTitle }
    }

    private func saveDraft() {
        guard headBranch != nil else { return }
        drafts.saveComment(body, account: account, repo: target, issue: draftKey)
        drafts.saveComment(titleEdited ? titleText : "", account: account, repo: target, issue: draftKey + ":title")
    }

    /// Clears this head's draft when called, even after the page (and this model) is gone.
    private func draftClearing() -> @MainActor () -> Void {
        let drafts = drafts, account = account, target = target, key = draftKey
        return {
            drafts.saveComment("", account: account, repo: target, issue: key)
            drafts.saveComment("", account: account, repo: target, issue: key + ":title")
        }
    }
}

extension NewPullRequestViewModel: ScreenModel {}
