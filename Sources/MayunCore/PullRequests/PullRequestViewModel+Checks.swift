import Foundation
import GiteeKit

/// A pull request's checks under the lines of its diff (the checks themselves: `CommitChecks`).
extension PullRequestViewModel {
    /// The annotations drawn under the line `anchor` names in the diff (its new side's line, where the diff shows it).
    public func checkNotes(at anchor: DiffAnchor) -> [CheckNoteRow] { checkAnchors[anchor] ?? [] }

    /// Where each annotation shows in the diff: its `start_line` on the new side of its file, when the diff shows that
    /// line (an annotation elsewhere is listed in the Checks section only).
    func placeCheckNotes() -> [DiffAnchor: [CheckNoteRow]] {
        var placed: [DiffAnchor: [CheckNoteRow]] = [:]
        for note in checks.notes where note.line > 0 {
            guard let anchor = diff.anchor(path: note.path, newLine: note.line) else { continue }
            placed[anchor, default: []].append(note)
        }
        return placed
    }
}
