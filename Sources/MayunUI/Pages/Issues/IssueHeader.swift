import CGtk
import GLibRuntime
import MayunCore

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
    let heading: Widget
    /// The state badge and the byline, side by side.
    let meta: Widget
    let body: Widget
    let bodyView: DocumentView
    private let stateLabel: Widget
    private let byline: Widget

    /// `stateClass` names the badge's style for the current state, one of `stateClasses`.
    init<Source: IssueHeaderSource>(source: Source, images: ImageLoader, bylineWraps: Bool, bindings: BindingBag,
                                    stateClass: @escaping @MainActor () -> String) {
        bodyView = IssueHeader.makeDocumentView(images: images, nightMode: source.nightMode)
        heading = Build.label("", classes: ["title-2"], wrap: true, xalign: 0)
        gtk_label_set_selectable(opaque(heading), 1)
        stateLabel = Build.label("", classes: ["badge"])
        byline = Build.label("", classes: ["dim-label"], wrap: bylineWraps, xalign: 0)
        body = Build.label("", classes: ["issue-body"], wrap: true, xalign: 0)
        gtk_label_set_selectable(opaque(body), 1)
        meta = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 8)
        Build.append(meta, stateLabel, byline)

        bindings.bind { [unowned self] in
            gtk_label_set_text(opaque(heading), source.heading)
            gtk_label_set_text(opaque(stateLabel), source.stateText)
            for name in Self.stateClasses { gtk_widget_remove_css_class(stateLabel, name) }
            Build.addClasses(stateLabel, [stateClass()])
            gtk_label_set_text(opaque(byline), source.byline)
            gtk_label_set_text(opaque(body), source.body)
        }
        bindings.bind { [unowned self] in
            guard let document = source.bodyDocument else { return }
            bodyView.show(document)
            gtk_widget_set_visible(body, 0)
            gtk_widget_set_visible(bodyView.root, 1)
        }
        if let nightMode = source.nightMode { bodyView.follow(nightMode, in: bindings) }
        bodyView.onActivateLink = { target in source.activate(target) }
    }

    static let stateClasses = ["issue-open", "issue-closed", "pull-closed"]

    /// A document inside a page's column (a body, a comment), hidden until it has something to show.
    static func makeDocumentView(images: ImageLoader, nightMode: NightModeViewModel?) -> DocumentView {
        let view = DocumentView(imageLoader: SharedImageLoaderAdapter(images), palette: nightMode?.palette ?? .light,
                                isNight: nightMode?.isNight ?? false)
        view.growWithContent()
        gtk_widget_set_visible(view.root, 0)
        return view
    }
}
