import Foundation
import GiteeKit

/// A commit's checks as a whole: passing when every run completed without a problem (success, neutral or
/// skipped), failing when one completed with a problem (failure, timed out, cancelled, action required, or an answer
/// outside the description's enums), pending while one is still going and none failed, none without runs.
public enum CheckOverall: Sendable, Equatable {
    case none, passing, failing, pending

    /// The state's icon; wherever it shows, the state is said in words too (`sentence`), never by the icon alone.
    public var iconName: String {
        switch self {
        case .passing: "emblem-ok-symbolic"
        case .failing: "dialog-error-symbolic"
        case .pending: "content-loading-symbolic"
        case .none: "action-unavailable-symbolic"
        }
    }

    /// The state in words: the Checks section's heading, and beside a pull request in a list.
    public var sentence: String {
        switch self {
        case .none: tr("No checks")
        case .passing: tr("All checks passed")
        case .failing: tr("Some checks failed")
        case .pending: tr("Checks are running")
        }
    }
}

/// One run as the Checks section lists it: said in words with an icon name, never by colour alone.
public struct CheckRow: Sendable, Equatable {
    public let name: String
    public let state: CheckOverall
    /// "Succeeded", "Failed", "In progress"...
    public let stateText: String
    /// The output's title and summary, one line each, capped (empty when none).
    public let summary: String
    /// What a screen reader says for the row: "lint: Failed. 2 problems".
    public let accessibleName: String
}

/// One annotation as drawn: under its line in the diff and in the Checks section's list.
public struct CheckNoteRow: Sendable, Equatable, Hashable {
    public let path: String
    public let line: Int
    public let level: CheckAnnotation.Level
    /// "Failure", "Warning", "Notice".
    public let levelText: String
    /// The check's name and the annotation's title, then its message: one line, capped.
    public let message: String
    /// "src/lib.rs:12: variable `count` is never used" (the list's text, without a line when it has none).
    public var located: String { line > 0 ? "\(path):\(line): \(message)" : "\(path): \(message)" }
}

extension CommitChecks {
    // MARK: Outputs (what a Checks section shows)

    public var overall: CheckOverall { Self.overall(of: runs) }

    /// The Checks section's heading: its sentence for the overall state (empty while nothing is known).
    public var heading: String {
        switch loadState {
        case .notLoaded: return ""
        case .loading: return tr("Loading checks…")
        case .failed(let message): return String(format: tr("Could not load the checks: %@"), message)
        case .loaded: break
        }
        return overall.sentence
    }

    /// Whether the page shows a Checks section: while loading, after a failure (with Retry), and when there are runs;
    /// a pull request without checks (most of them) shows none.
    public var isShown: Bool {
        if case .loaded = loadState { return !runs.isEmpty }
        return loadState != .notLoaded
    }

    /// The section shows Retry (after a failed first load).
    public var canRetry: Bool {
        if case .failed = loadState { return true }
        return false
    }

    public var rows: [CheckRow] {
        runs.map { run in
            let state = Self.state(of: run)
            let stateText = Self.stateText(of: run)
            let parts = [run.output?.title, run.output?.summary].compactMap { $0.map { CheckDisplayText.line($0) } }
                .filter { !$0.isEmpty }
            let summary = parts.joined(separator: "  ·  ")
            let name = CheckDisplayText.line(run.name, limit: CheckText.maxNameCharacters)
            return CheckRow(name: name, state: state, stateText: stateText, summary: summary,
                            accessibleName: summary.isEmpty ? "\(name): \(stateText)" : "\(name): \(stateText). \(summary)")
        }
    }

    /// Every annotation of every run read, in the runs' order (what the Checks section lists as "file:line: message").
    public var notes: [CheckNoteRow] {
        runs.flatMap { run in
            (annotations[run.id] ?? []).map { note in Self.row(of: note, in: run) }
        }
    }

    /// The annotations by the line of `diff` they are drawn under: each at its `start_line` on the new side of its
    /// file, when the diff shows that line (an annotation elsewhere is listed in the Checks section only).
    public func notes(placedIn diff: DiffViewModel) -> [DiffAnchor: [CheckNoteRow]] {
        var placed: [DiffAnchor: [CheckNoteRow]] = [:]
        for note in notes where note.line > 0 {
            guard let anchor = diff.anchor(path: note.path, newLine: note.line) else { continue }
            placed[anchor, default: []].append(note)
        }
        return placed
    }

    // MARK: Working out

    static func overall(of runs: [CheckRun]) -> CheckOverall {
        guard !runs.isEmpty else { return .none }
        let states = runs.map(state(of:))
        if states.contains(.failing) { return .failing }
        if states.contains(.pending) { return .pending }
        return .passing
    }

    static func state(of run: CheckRun) -> CheckOverall {
        guard !run.isPending else { return .pending }
        switch run.conclusion {
        case .success?, .neutral?, .skipped?: return .passing
        case nil: return .passing
        default: return .failing
        }
    }

    static func stateText(of run: CheckRun) -> String {
        switch run.status {
        case .queued: return tr("Queued")
        case .inProgress: return tr("In progress")
        case .other: return tr("Waiting")
        case .completed: break
        }
        switch run.conclusion {
        case .success?: return tr("Succeeded")
        case .failure?: return tr("Failed")
        case .neutral?: return tr("Neutral")
        case .cancelled?: return tr("Cancelled")
        case .actionRequired?: return tr("Action required")
        case .timedOut?: return tr("Timed out")
        case .skipped?: return tr("Skipped")
        case .other?, nil: return tr("Completed")
        }
    }

    static func row(of note: CheckAnnotation, in run: CheckRun) -> CheckNoteRow {
        let levelText: String
        switch note.level {
        case .failure: levelText = tr("Failure")
        case .warning: levelText = tr("Warning")
        case .notice: levelText = tr("Notice")
        }
        let title = note.title.map { "\($0): " } ?? ""
        return CheckNoteRow(path: CheckDisplayText.line(note.path, limit: CheckText.maxPathCharacters), line: note.startLine,
                            level: note.level, levelText: levelText,
                            message: CheckDisplayText.line("\(run.name) · \(title)\(note.message)"))
    }
}

/// A check's text as a label shows it: labels take plain text (never markup, `Label`), so nothing is escaped; control
/// and direction-override characters go (a message cannot reorder what is drawn after it), line breaks become spaces,
/// and the line is capped.
enum CheckDisplayText {
    static let maxLineCharacters = 500

    static func line(_ text: String, limit: Int = maxLineCharacters) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n", "\r", "\t", "\u{2028}", "\u{2029}": scalars.append(" ")
            case "\u{202A}"..."\u{202E}", "\u{2066}"..."\u{2069}", "\u{200E}", "\u{200F}": continue
            default: if scalar.properties.generalCategory != .control { scalars.append(scalar) }
            }
        }
        return CheckText.capped(String(scalars).trimmingCharacters(in: .whitespaces), to: limit)
    }
}
