import GiteeKit

/// An issue or a pull request: what a person can open, close or reopen.
protocol HasState { var state: String { get set } }

extension Issue: HasState {}
extension PullRequest: HasState {}

/// An issue's or a pull request's page, whose state a person changes: the new state is shown at once and laid over
/// fresh reads (`writtenState`, through the resource's `keepWritten`) until the server's answer replaces it.
@MainActor
protocol StateWriting: AnyObject {
    associatedtype Thread: HasState & Sendable
    var resource: RemoteResource<Thread> { get }
    /// The issue or pull request as the server has it now (the check of a write whose answer was lost).
    var reread: Endpoint<Thread> { get }
    var writtenState: String? { get set }
    var onChanged: @MainActor (Thread) -> Void { get set }
}

extension StateWriting {
    /// The new state, shown before the server answers.
    func showState(_ state: String) {
        writtenState = state
        guard var shown = resource.value else { return }
        shown.state = state
        resource.show(shown)
    }

    /// The server's answer to a state change: shown and kept, and passed on to the lists below.
    func stateChanged(_ answer: Thread) {
        writtenState = answer.state
        resource.show(answer)
        onChanged(answer)
    }
}

extension Coordinator {
    /// `page` keeps its saved copy current and tells the lists below (`changed`) whenever the server confirms a change.
    func keepingSaved<Page: StateWriting>(_ page: Page, as saved: Cached<Page.Thread>,
                                          changed: @escaping @MainActor (Coordinator, Page.Thread) -> Void) {
        page.onChanged = { [weak self] thread in
            saved.remember(thread)
            if let self { changed(self, thread) }
        }
    }
}

extension IssueViewModel: StateWriting {}
extension PullRequestViewModel: StateWriting {}
