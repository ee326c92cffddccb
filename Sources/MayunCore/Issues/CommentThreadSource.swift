import MayunDocument

/// What a comment thread shows, whatever the comments are about (an issue, a pull request): the comments page by
/// page, each as plain text at once and as a document once parsed.
@MainActor
public protocol CommentThreadSource: AnyObject {
    associatedtype CommentItem: WrittenComment
    var comments: PagedListViewModel<CommentItem> { get }
    var renderedComments: RenderedComments { get }
    var nightMode: NightModeViewModel? { get }
    func activate(_ target: LinkTarget)
    /// The comment at `index` as the thread draws it (a pull request adds where a line comment sits).
    func comment(at index: Int) -> (author: String, when: String, body: String)?
}

extension CommentThreadSource {
    /// Rendered comments by position, filled in as each is parsed.
    public var commentDocuments: [Int: Document] {
        var shown: [Int: Document] = [:]
        for (index, comment) in comments.items.enumerated() {
            if let document = renderedComments.parsed(comment.body) { shown[index] = document }
        }
        return shown
    }

    public func comment(at index: Int) -> (author: String, when: String, body: String)? {
        guard let comment = comments.item(at: index) else { return nil }
        return (comment.author?.name ?? comment.author?.login ?? "", RelativeTime.describe(comment.createdAt?.date) ?? "",
                comment.body)
    }

    /// The rendered comment at `index`; starts parsing it when it is not held (its card came near the screen).
    public func commentDocument(at index: Int) -> Document? {
        guard let comment = comments.item(at: index) else { return nil }
        return renderedComments.reparse(comment.body)
    }
}

extension IssueViewModel: CommentThreadSource {}
extension PullRequestViewModel: CommentThreadSource {}
