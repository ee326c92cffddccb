import GtkKit
import MayunCore
import MayunDocument

/// What the top of an issue or a pull request page shows; both view models have it.
@MainActor
protocol IssueHeaderSource: CommentThreadSource {
    var heading: String { get }
    var stateText: String { get }
    var byline: String { get }
    var body: String { get }
    var bodyDocument: Document? { get }
}

extension IssueViewModel: IssueHeaderSource {}
extension PullRequestViewModel: IssueHeaderSource {}

/// The top of an issue or a pull request page: the title, the state badge with the byline, and the body (its plain
/// text at once, swapped for the rendered document when parsed; an empty body keeps the plain label). The page lays
/// the pieces out with its own rows between them (an issue's labels, a pull request's branches).
@MainActor
final class IssueHeader {
    let heading = Label(classes: ["title-2"], wrap: true, xalign: 0)
    /// The state badge and the byline, side by side.
    let meta = Box(.horizontal, spacing: 8)
    let body = Label(classes: ["issue-body"], wrap: true, xalign: 0)
    let bodyView: DocumentView
    private let stateLabel = Label(classes: ["badge"])
    private let byline: Label

    /// `stateClass` names the badge's style for the current state, one of `stateClasses`.
    /// `imageBudget`: the page's, shared with its comment thread.
    init<Source: IssueHeaderSource>(source: Source, images: ImageLoader, imageBudget: PageImageBudget = PageImageBudget(),
                                    bylineWraps: Bool, bindings: BindingBag,
                                    stateClass: @escaping @MainActor () -> String) {
        bodyView = IssueHeader.makeDocumentView(images: images, nightMode: source.nightMode, imageBudget: imageBudget)
        heading.isSelectable = true
        byline = Label(classes: ["dim-label"], wrap: bylineWraps, xalign: 0)
        body.isSelectable = true
        meta.append(stateLabel, byline)

        bindings.bind { [unowned self] in
            heading.text = source.heading
            stateLabel.text = source.stateText
            for name in Self.stateClasses { stateLabel.setClass(name, false) }
            stateLabel.addClasses([stateClass()])
            byline.text = source.byline
            body.text = source.body
        }
        bindings.bind { [unowned self] in
            guard let document = source.bodyDocument else {
                // No document (yet, or an edit emptied the body): the plain text.
                body.isVisible = true
                bodyView.isVisible = false
                return
            }
            bodyView.show(document)
            body.isVisible = false
            bodyView.isVisible = true
        }
        if let nightMode = source.nightMode { bodyView.follow(nightMode, in: bindings) }
        bodyView.onActivateLink = { target in source.activate(target) }
    }

    static let stateClasses = ["issue-open", "issue-progressing", "issue-closed", "pull-closed"]

    /// A document inside a page's column (a body, a comment), hidden until it has something to show; a thread's
    /// comments share their thread's `imageBudget`.
    static func makeDocumentView(images: ImageLoader, nightMode: NightModeViewModel?,
                                 imageBudget: PageImageBudget = PageImageBudget()) -> DocumentView {
        let view = DocumentView(imageLoader: SharedImageLoaderAdapter(images), imageBudget: imageBudget,
                                palette: nightMode?.palette ?? .light, isNight: nightMode?.isNight ?? false)
        view.growWithContent()
        view.setVerticalMargins(top: 6, bottom: 2)
        view.isVisible = false
        return view
    }
}
