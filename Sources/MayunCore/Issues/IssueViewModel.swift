import Foundation
import GiteeKit
import Observation

/// One issue: title, state, author, labels, the body (markdown) and its comments, paged.
@MainActor
@Observable
public final class IssueViewModel {
    public let repo: RepositoryID
    public let number: String
    /// The issue itself; its comments page on their own.
    public let resource: RemoteResource<Issue>
    public var state: ScreenState { resource.state }
    public var issue: Issue? { resource.value }
    public let comments: PagedListViewModel<Comment>
    /// The body rendered as a document (nil until parsed, or when there is no body).
    public private(set) var bodyDocument: Document?
    /// Comments rendered as documents, by position, filled in as each is parsed.
    public private(set) var commentDocuments: [Int: Document] = [:]
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private let markdown: RepositoryMarkdown?
    @ObservationIgnored private var parsing: Set<Int> = []
    /// Body and comment parses, cancelled when this page goes.
    @ObservationIgnored private let parses = DocumentParses()

    init(repo: RepositoryID, number: String, client: GiteeClient, markdown: RepositoryMarkdown?,
         navigator: (any Navigator)?, preloaded: Issue? = nil) {
        self.repo = repo
        self.number = number
        self.navigator = navigator
        self.markdown = markdown
        resource = RemoteResource(initial: preloaded) {
            try await client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: number))
        }
        let endpoint = Endpoints.issueComments(owner: repo.owner, repo: repo.name, number: number)
        comments = PagedListViewModel<Comment>(emptyText: tr("No comments yet.")) { pagination in
            try await client.page(endpoint, at: pagination)
        }
        if let preloaded { parseBody(of: preloaded) }
        resource.onFresh = { [weak self] fresh in self?.parseBody(of: fresh) }
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
              !parsing.contains(index), let markdown else { return nil }
        parsing.insert(index)
        parses.parse(markdown.request(comment.body, in: repo), key: "comment \(index)") { [weak self] in
            self?.commentDocuments[index] = $0
        }
        return nil
    }

    public func activate(_ target: LinkTarget) { navigator?.follow(target) }

    /// The night mode the rendered text follows.
    public var nightMode: NightModeViewModel? { markdown?.nightMode }

    private func parseBody(of issue: Issue) {
        guard let text = issue.body?.trimmingCharacters(in: .whitespacesAndNewlines), !text.isEmpty,
              let markdown else { return }
        parses.parse(markdown.request(text, in: repo), key: "body") { [weak self] in
            self?.bodyDocument = $0
        }
    }

    public func start() {
        resource.start()
        comments.start()
    }

    public func refresh() {
        resource.refresh()
        comments.refresh()
    }

    /// The page was left: the issue and comment requests stop.
    public func cancel() {
        resource.cancel()
        comments.cancel()
        parses.cancelAll()
    }
}
