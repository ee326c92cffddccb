/// What a comment thread shows, whatever the comments are about (an issue, a pull request): the comments page by
/// page, each as plain text at once and as a document once parsed.
@MainActor
public protocol CommentThreadSource: AnyObject {
    associatedtype CommentItem: Sendable
    var comments: PagedListViewModel<CommentItem> { get }
    /// Rendered comments by position, filled in as each is parsed.
    var commentDocuments: [Int: Document] { get }
    func comment(at index: Int) -> (author: String, when: String, body: String)?
    /// The rendered comment at `index`; starts parsing it the first time it is asked for.
    func commentDocument(at index: Int) -> Document?
    var nightMode: NightModeViewModel? { get }
    func activate(_ target: LinkTarget)
}

extension IssueViewModel: CommentThreadSource {}
extension PullRequestViewModel: CommentThreadSource {}
