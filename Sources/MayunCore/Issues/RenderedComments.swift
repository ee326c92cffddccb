import Foundation
import GiteeKit
import Observation

/// What people wrote under an issue or a pull request, as far as a comment thread needs it.
public protocol WrittenComment: Sendable {
    var body: String { get }
    var author: User? { get }
    var createdAt: Timestamp? { get }
}
extension Comment: WrittenComment {}
extension PullRequestComment: WrittenComment {}

/// The comments of one issue or pull request rendered as documents, each parsed the first time it is asked for
/// (off the main thread, through `DocumentParseService`) and all parses stopped when the page goes.
@MainActor
@Observable
public final class RenderedComments {
    /// Rendered comments by position, filled in as each is parsed.
    public private(set) var documents: [Int: Document] = [:]
    @ObservationIgnored private var parsing: Set<Int> = []
    @ObservationIgnored private let parses = DocumentParses()
    @ObservationIgnored private let markdown: RepositoryMarkdown?
    @ObservationIgnored private let repo: RepositoryID

    init(repo: RepositoryID, markdown: RepositoryMarkdown?) {
        self.repo = repo
        self.markdown = markdown
    }

    /// The rendered `body` of the comment at `index`, or nil while it is being parsed.
    func document(at index: Int, body: String) -> Document? {
        if let document = documents[index] { return document }
        guard !parsing.contains(index), let markdown else { return nil }
        parsing.insert(index)
        parses.parse(markdown.request(body, in: repo), key: "comment \(index)") { [weak self] in
            self?.documents[index] = $0
        }
        return nil
    }

    func cancelAll() {
        parses.cancelAll()
        parsing = []
    }
}
