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
    @ObservationIgnored private let client: GiteeClient
    @ObservationIgnored private var started = false

    init(repo: RepositoryID, number: String, client: GiteeClient, preloaded: Issue? = nil) {
        self.repo = repo
        self.number = number
        self.client = client
        issue = preloaded
        if preloaded != nil { state = .content }
        let endpoint = Endpoints.issueComments(owner: repo.owner, repo: repo.name, number: number)
        comments = PagedListViewModel<Comment>(emptyText: tr("No comments yet.")) { pagination in
            try await client.page(endpoint, at: pagination)
        }
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

    public func start() {
        guard !started else { return }
        started = true
        refresh()
        comments.start()
    }

    public func refresh() {
        if issue == nil { state = .loading }
        Task {
            do {
                issue = try await client.send(Endpoints.issue(owner: repo.owner, repo: repo.name, number: number))
                state = .content
            } catch let error as GiteeError {
                if error != .cancelled, issue == nil { state = .failed(message: ErrorText.message(for: error)) }
            } catch {}
        }
        if started { comments.refresh() }
    }
}
