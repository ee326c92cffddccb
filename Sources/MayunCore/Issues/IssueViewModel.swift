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
    /// The comments rendered as documents (parsed as they are first shown, stopped when the page goes).
    public let renderedComments: RenderedComments
    @ObservationIgnored private weak var navigator: (any Navigator)?
    @ObservationIgnored private let markdown: RepositoryMarkdown?
    /// The body's parse, cancelled when this page goes.
    @ObservationIgnored private let parses = DocumentParses()

    init(repo: RepositoryID, number: String, client: GiteeClient, markdown: RepositoryMarkdown?,
         navigator: (any Navigator)?, preloaded: Issue? = nil) {
        self.repo = repo
        self.number = number
        self.navigator = navigator
        self.markdown = markdown
        renderedComments = RenderedComments(repo: repo, markdown: markdown)
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
        renderedComments.cancelAll()
    }
}
