import GtkKit
import MayunCore

/// A view model whose changes may wait in the outbox: the issue's and the pull request's.
@MainActor
protocol WaitingChangesSource: AnyObject {
    var waitingChanges: [WaitingChange] { get }
    var cancelWaitingTitle: String { get }
    func cancelWaiting(_ change: WaitingChange)
}

extension IssueViewModel: WaitingChangesSource {}
extension PullRequestViewModel: WaitingChangesSource {}

/// Changes to the thing a page shows that wait in the outbox ("Closed: Waiting to send", "Merge: Waiting to send"):
/// one line each with its Cancel, on lines of their own so a phone's width is not widened by the buttons beside
/// them. Hidden while nothing waits. The issue and pull request pages show it under their actions.
@MainActor
final class WaitingChangesView {
    let root = Box(.vertical, spacing: 6)
    private let cancelTitle: String
    private let cancel: @MainActor (WaitingChange) -> Void

    init(cancelTitle: String, cancel: @escaping @MainActor (WaitingChange) -> Void) {
        self.cancelTitle = cancelTitle
        self.cancel = cancel
        root.isVisible = false
    }

    func show(_ changes: [WaitingChange]) {
        root.removeAll()
        root.isVisible = !changes.isEmpty
        for change in changes {
            let line = Box(.horizontal, spacing: 8)
            let label = Label(change.text, classes: ["dim-label"], wrap: true, xalign: 0)
            label.hexpand = true
            let button = Button(label: cancelTitle)
            button.onClicked { [cancel] in cancel(change) }
            button.valign = .center
            line.append(label, button)
            root.append(line)
        }
    }
}
