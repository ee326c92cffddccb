import Foundation
import GiteeKit
import Observation

/// One issue: title, state, author, labels, the body (markdown) and its comments, paged.
@MainActor
@Observable
public final class IssueViewModel {
    public let repo: RepositoryID
    public let number: String
    public private(set) var state: ScreenState = .loading
    public private(set) var issue: Issue?
    public let comments: PagedListViewModel<Comment>
    /// The body rendered as a document (nil until parsed, or when there is no body).
    public private(set) var bodyDocument: Document?
    /// Comments rendered as documents, by position, filled in as each is parsed.
    public private(set) var commentDocuments: [Int: Document] = [:]
    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private let loads = LatestTask()
    @ObservationIgnored private weak var coordinator: Coordinator?
    @ObservationIgnored private var started = false
    @ObservationIgnored private var parsing: Set<Int> = []

    init(repo: RepositoryID, number: String, client: GiteeClient, coordinator: Coordinator?, preloaded: Issue? = nil) {
        self.repo = repo
        self.number = number
        self.client = client
        self.coordinator = coordinator
        issue = preloaded
        if preloaded != nil { state = .content }
        let endpoint = Endpoints.issueComments(owner: repo.owner, repo: repo.name, number: number)
        comments = PagedListViewModel<Comment>(emptyText: tr("No comments yet.")) { pagination in
            try await client.page(endpoint, at: pagination)
        }
        if let preloaded { parseBody(of: preloaded) }
    }

    public var title: String { "#\(number)" }
    public var heading: String { issue?.title ?? "" }
    public var stateText: String {
        guard let issue else { return "" }
        return issue.isOpen ? tr("Open") : tr("Closed")
    }
    public var isOpen: Bool { issue?.isOpen ?? true }
    public var byline: String {
        guard let issue else { return "" }
        let author = issue.author?.name ?? issue.author?.login ?? ""
        let when = RelativeTime.describe(issue.createdAt?.date) ?? ""
        return String(format: tr("%@ opened this %@"), author, when)
    }
    public var labels: [String] { issue?.labels.map(\.name) ?? [] }
    public var body: String {
        let text = issue?.body?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return text.isEmpty ? tr("No description provided.") : text
    }

    public func comment(at index: Int) -> (author: String, when: String, body: String)? {
        guard comments.items.indices.contains(index) else { return nil }
        let comment = comments.items[index]
        return (comment.author?.name ?? comment.author?.login ?? "", RelativeTime.describe(comment.createdAt?.date) ?? "",
                comment.body)
    }

    /// The rendered comment at `index`; starts parsing it the first time it is asked for.
    public func commentDocument(at index: Int) -> Document? {
        if let document = commentDocuments[index] { return document }
        guard let comment = comments.items.indices.contains(index) ? comments.items[index] : nil,
              !parsing.contains(index), let coordinator else { return nil }
        parsing.insert(index)
        Task {
            let document = await coordinator.parseMarkdown(comment.body, in: repo)
            commentDocuments[index] = document
        }
        return nil
    }

    public func activate(_ target: LinkTarget) { coordinator?.follow(target) }

    /// The night mode the rendered text follows.
    public var nightMode: NightModeViewModel? { coordinator?.nightMode }

    private func parseBody(of issue: Issue) {
        guard let text = issue.body?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty,
              let coordinator else { return }
        Task { bodyDocument = await coordinator.parseMarkdown(text, in: repo) }
    }

    public func start() {
        guard !started else { return }
        started = true
        refresh()
        comments.start()
    }

    public func refresh() {
        if issue == nil { state = .loading }
        loads.run { [weak self] in
            guard let self else { return }
            do {
                let fresh = try await client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: number))
                guard !Task.isCancelled else { return }
                issue = fresh
                state = .content
                parseBody(of: fresh)
            } catch let error as GiteeError {
                if error != .cancelled, issue == nil { state = .failed(message: ErrorText.message(for: error)) }
            } catch {}
        }
        if started { comments.refresh() }
    }

    /// The page was left: the issue and comment requests stop.
    public func cancel() {
        loads.cancel()
        comments.cancel()
    }
}
