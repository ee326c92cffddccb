import GiteeKit

/// An issue or a pull request: what a person can open, close or reopen.
protocol HasState { var state: String { get set } }

extension Issue: HasState {}
extension PullRequest: HasState {}

extension RemoteResource where Value: HasState {
    /// Shows the value with `state` in place of its own: a state change shown before the server answers.
    func show(state: String) {
        guard var shown = value else { return }
        shown.state = state
        show(shown)
    }
}
