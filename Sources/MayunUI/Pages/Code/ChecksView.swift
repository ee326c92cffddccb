import GiteeKit
import GtkKit
import MayunCore

/// The Checks section of a commit (a pull request's conversation shows its head's, the commit page its own): the overall state (an icon and a sentence), each check with
/// its state in words and its summary, Retry after a failed load, and the annotations as "file:line: message" lines
/// (also drawn under their lines in Files changed). State is never shown by colour alone: every icon has its words
/// beside it and every row an accessible name. Redrawn whole when the checks change (a handful of rows).
@MainActor
final class ChecksView: ComposedView {
    /// Annotations listed here at most; the rest are counted ("and 12 more").
    static let maxNotesListed = 50

    private let view = Box(.vertical, spacing: 6, classes: ["card", "pull-checks"])
    private unowned let checks: CommitChecks
    /// The heading's sentence (tests read it).
    private(set) var headingText = ""
    /// The rows' accessible names, in order (tests read them).
    private(set) var rowNames: [String] = []
    /// The annotation lines listed (tests read them).
    private(set) var noteLines: [String] = []

    var root: WidgetObject { view }

    init(checks: CommitChecks, bindings: BindingBag) {
        self.checks = checks
        bindings.bind { [unowned self] in redraw() }
    }

    static func iconName(_ level: CheckAnnotation.Level) -> String {
        switch level {
        case .failure: return "dialog-error-symbolic"
        case .warning: return "dialog-warning-symbolic"
        case .notice: return "dialog-information-symbolic"
        }
    }

    private func redraw() {
        view.removeAll()
        headingText = checks.heading
        let rows = checks.rows
        let notes = checks.notes
        view.isVisible = checks.isShown
        rowNames = rows.map(\.accessibleName)
        noteLines = notes.prefix(Self.maxNotesListed).map { "\($0.levelText): \($0.located)" }
        guard view.isVisible else { return }
        view.setMargins(0)

        let top = Box(.horizontal, spacing: 8)
        top.setMargins(12)
        let heading = Label(headingText, classes: ["heading"], wrap: true, xalign: 0)
        heading.hexpand = true
        if case .loaded = checks.loadState { top.append(Icon(checks.overall.iconName)) }
        top.append(heading)
        if checks.canRetry {
            let retry = Button(label: tr("Retry"), classes: ["flat"])
            retry.onClicked { [weak checks] in checks?.retry() }
            top.append(retry)
        }
        top.accessibleLabel = String(format: tr("Checks: %@"), headingText)
        view.append(top)

        for row in rows { view.append(checkRow(row)) }
        guard !notes.isEmpty else { return }
        let list = Box(.vertical, spacing: 2)
        list.setMargins(12)
        list.append(Label(tr("Annotations"), classes: ["heading"], xalign: 0))
        for note in notes.prefix(Self.maxNotesListed) {
            let line = Box(.horizontal, spacing: 6)
            let text = Label("\(note.levelText): \(note.located)", classes: ["monospace", "caption"], wrap: true, xalign: 0)
            text.isSelectable = true
            text.hexpand = true
            line.append(Icon(Self.iconName(note.level)), text)
            line.accessibleLabel = "\(note.levelText): \(note.located)"
            list.append(line)
        }
        if notes.count > Self.maxNotesListed {
            let more = notes.count - Self.maxNotesListed
            list.append(Label(String(format: trn("and %d more annotation", "and %d more annotations", count: more), more),
                              classes: ["dim-label"], xalign: 0))
        }
        view.append(list)
    }

    private func checkRow(_ row: CheckRow) -> Box {
        let box = Box(.horizontal, spacing: 8)
        box.setMargins(12)
        let texts = Box(.vertical, spacing: 2)
        texts.hexpand = true
        let name = Label(row.name, wrap: true, xalign: 0)
        texts.append(name)
        if !row.summary.isEmpty { texts.append(Label(row.summary, classes: ["dim-label", "caption"], wrap: true, xalign: 0)) }
        box.append(Icon(row.state.iconName), texts, Label(row.stateText, classes: ["dim-label"], xalign: 1))
        box.accessibleLabel = row.accessibleName
        return box
    }
}
