import Foundation
import GiteeKit

/// A pull request's checks under the lines of its diff (the checks themselves: `CommitChecks`).
extension PullRequestViewModel {
    /// The annotations drawn under the line `anchor` names in the diff (its new side's line, where the diff shows it).
    public func checkNotes(at anchor: DiffAnchor) -> [CheckNoteRow] { checkAnchors[anchor] ?? [] }

    /// Where each annotation shows in the diff (`CommitChecks.notes(placedIn:)`).
    func placeCheckNotes() -> [DiffAnchor: [CheckNoteRow]] { checks.notes(placedIn: diff) }
}
