import Foundation
import GiteeKit
import MayunDocument
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
/// by position: a comment edited, added or deleted never shows another one's document. Held in a cache of
/// `documentBudget` bytes, least recently used dropped first: a thread of thousands of long comments no longer
/// keeps every parsed one for as long as the page is open. A card already shows its rendered text, so a document
/// dropped is parsed again only when a card asks anew (`reparse`), never by a binding re-reading it: a thread
/// larger than the budget would otherwise parse in a circle.
@MainActor
@Observable
public final class RenderedComments {
    /// 32 MiB, by `estimatedBytes`: about 200 comments of 20 KB, or every comment of an ordinary thread.
    nonisolated public static let documentBudget = 32 * 1024 * 1024
    /// Parses that landed so far: what bindings observe to show new documents.
    public private(set) var landed = 0
    @ObservationIgnored private var documents: ByteBudgetCache<String, Document>
    /// Comments whose documents were dropped (bodies shared with the comment list's strings, not copies).
    @ObservationIgnored private var dropped: Set<String> = []
    @ObservationIgnored private var parsing: Set<String> = []
    @ObservationIgnored private let parses = DocumentParses()
    @ObservationIgnored private let markdown: RepositoryMarkdown?
    @ObservationIgnored private let repo: RepositoryID

    init(repo: RepositoryID, markdown: RepositoryMarkdown?, budget: Int = RenderedComments.documentBudget) {
        self.repo = repo
        self.markdown = markdown
        documents = ByteBudgetCache(budget: budget)
    }

    /// What a parsed comment is counted as: a document's blocks, strings and runs take several times the markdown
    /// they came from (assumed 8 times, plus 4 KiB), never more than the whole budget (the newest always stays).
    nonisolated static func estimatedBytes(of body: String) -> Int {
        let (bytes, overflow) = body.utf8.count.multipliedReportingOverflow(by: 8)
        return overflow ? Int.max : bytes + 4096
    }

    /// The rendered `body` if it is held now, without starting a parse or counting as a use.
    public func parsed(_ body: String) -> Document? {
        _ = landed
        return documents.peek(body)
    }

    /// How many parsed comments are held, and their estimated bytes (tests).
    var heldCount: Int { documents.count }
    var heldBytes: Int { documents.totalBytes }
    var isParsing: Bool { !parsing.isEmpty }

    /// The rendered `body`, or nil while it is being parsed (the first call starts the parse; after the document
    /// was dropped, only `reparse` starts one).
    func document(for body: String) -> Document? {
        _ = landed
        if let document = documents.value(for: body) { return document }
        guard !dropped.contains(body) else { return nil }
        startParse(body)
        return nil
    }

    /// Like `document(for:)`, parsing a dropped document again: a card that comes near the screen anew.
    func reparse(_ body: String) -> Document? {
        dropped.remove(body)
        return document(for: body)
    }

    private func startParse(_ body: String) {
        guard !parsing.contains(body), let markdown else { return }
        parsing.insert(body)
        parses.parse(markdown.request(body, in: repo), key: body) { [weak self] in self?.land($0, for: body) }
    }

    private func land(_ document: Document, for body: String) {
        parsing.remove(body)
        var evicted: [String] = []
        documents.insert(document, bytes: min(Self.estimatedBytes(of: body), documents.budget), for: body,
                         evicted: &evicted)
        dropped.formUnion(evicted)
        landed += 1
    }

    func cancelAll() {
        parses.cancelAll()
        parsing = []
    }
}
