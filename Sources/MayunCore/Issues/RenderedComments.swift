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
/// (off the main thread, through `DocumentParseService`) and all parses stopped when the page goes. Kept by text, not
/// by position: a comment edited, added or deleted never shows another one's document.
@MainActor
@Observable
public final class RenderedComments {
    /// Rendered comments by their text, filled in as each is parsed.
    public private(set) var documents: [String: Document] = [:]
    @ObservationIgnored private var parsing: Set<String> = []
    @ObservationIgnored private let parses = DocumentParses()
    @ObservationIgnored private let markdown: RepositoryMarkdown?
    @ObservationIgnored private let repo: RepositoryID

    init(repo: RepositoryID, markdown: RepositoryMarkdown?) {
        self.repo = repo
        self.markdown = markdown
    }

    /// The rendered `body`, or nil while it is being parsed (the first call starts the parse).
    func document(for body: String) -> Document? {
        if let document = documents[body] { return document }
        guard !parsing.contains(body), let markdown else { return nil }
        parsing.insert(body)
        parses.parse(markdown.request(body, in: repo), key: body) { [weak self] in
            self?.documents[body] = $0
            self?.parsing.remove(body)
        }
        return nil
    }

    func cancelAll() {
        parses.cancelAll()
        parsing = []
    }
}
