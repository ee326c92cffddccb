import GiteeKit
import Observation

/// What a merge sends besides the go-ahead: the method (merge commit, squash, rebase) and the merge commit's title
/// and description. Filled in from the pull request the way the website fills its merge box (the title, and the
/// spec's default description "Merge pull request !N from author/branch"), until the person edits them.
@MainActor
@Observable
public final class MergeForm {
    public private(set) var method: Endpoints.MergeMethod = .merge
    public private(set) var title = ""
    public private(set) var message = ""
    /// The person changed the title or description: a re-read pull request no longer overwrites them.
    @ObservationIgnored private var edited = false

    public init() {}

    /// The methods in the site's order, each with a short name (three side by side fit a phone's width).
    public var methods: [(method: Endpoints.MergeMethod, title: String)] {
        Endpoints.MergeMethod.allCases.map { method in
            switch method {
            case .merge: (method, tr("Merge commit"))
            case .squash: (method, tr("Squash"))
            case .rebase: (method, tr("Rebase"))
            }
        }
    }

    public static func name(of method: Endpoints.MergeMethod) -> String {
        switch method {
        case .merge: tr("Merge commit")
        case .squash: tr("Squash and merge")
        case .rebase: tr("Rebase and merge")
        }
    }

    /// One line under the choice saying what the method does to the history.
    public var methodExplanation: String {
        switch method {
        case .merge: tr("All commits are added to the base branch with a merge commit.")
        case .squash: tr("The commits are combined into one commit on the base branch.")
        case .rebase: tr("The commits are replayed onto the base branch, without a merge commit.")
        }
    }

    public var titlePlaceholder: String { tr("Merge commit title") }
    public var messagePlaceholder: String { tr("Merge commit description") }

    public func select(_ chosen: Endpoints.MergeMethod) { method = chosen }

    public func setTitle(_ text: String) {
        guard text != title else { return }
        title = text
        edited = true
    }

    public func setMessage(_ text: String) {
        guard text != message else { return }
        message = text
        edited = true
    }

    func fill(from pull: PullRequest) {
        guard !edited else { return }
        title = pull.title
        let author = pull.author?.login ?? ""
        let source = author.isEmpty ? pull.head.ref : "\(author)/\(pull.head.ref)"
        message = "Merge pull request !\(pull.number) from \(source)"
    }
}
