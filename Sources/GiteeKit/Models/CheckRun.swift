/// One check run of a commit (the published description's `CheckRun`: `GET .../commits/{ref}/check-runs`,
/// `GET .../check-runs/{id}`). `status` and `conclusion` are the description's enums (the create call's: queued /
/// in_progress / completed; neutral / success / failure / cancelled / action_required / timed_out / skipped); the
/// response schema types both as plain strings, so a value outside them is kept as `.other` rather than failing.
/// Every text is a stranger's (whoever runs the checks writes it) and is capped here, before anything keeps it.
public struct CheckRun: Sendable, Hashable, Identifiable, Decodable {
    public enum Status: Sendable, Hashable {
        case queued, inProgress, completed
        /// Not one of the description's values (the list filter's `expected` among them).
        case other(String)

        init(_ text: String) {
            switch text.lowercased() {
            case "queued": self = .queued
            case "in_progress": self = .inProgress
            case "completed": self = .completed
            default: self = .other(text)
            }
        }
    }

    public enum Conclusion: Sendable, Hashable {
        case success, failure, neutral, cancelled, actionRequired, timedOut, skipped
        case other(String)

        init(_ text: String) {
            switch text.lowercased() {
            case "success": self = .success
            case "failure": self = .failure
            case "neutral": self = .neutral
            case "cancelled": self = .cancelled
            case "action_required": self = .actionRequired
            case "timed_out": self = .timedOut
            case "skipped": self = .skipped
            default: self = .other(text)
            }
        }
    }

    /// `output`: typed by the description as an object with no properties; the create call's form names its members
    /// (`output[title]`, `output[summary]`, `output[text]`), so those are read, each optional.
    public struct Output: Sendable, Hashable, Decodable {
        public var title: String?
        public var summary: String?
        /// `annotations_count`: not in the description (assumed, after GitHub's output); nil when not sent, and then
        /// the annotations are asked.
        public var annotationsCount: Int?

        enum CodingKeys: String, CodingKey { case title, summary, annotationsCount = "annotations_count" }
    }

    public var id: Int
    public var name: String
    public var headSHA: String?
    public var status: Status
    /// nil until the run completed (and when the server left it out).
    public var conclusion: Conclusion?
    public var output: Output?
    public var htmlURL: String?
    public var detailsURL: String?
    public var startedAt: Timestamp?
    public var completedAt: Timestamp?

    enum CodingKeys: String, CodingKey {
        case id, name, status, conclusion, output
        case headSHA = "head_sha", htmlURL = "html_url", detailsURL = "details_url", startedAt = "started_at"
        case completedAt = "completed_at"
    }

    /// Whether the run is still going (not completed): the page asks again while one is.
    public var isPending: Bool { status != .completed }
}

extension CheckRun {
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = c.value(.id, or: 0)
        name = CheckText.capped(c.value(.name, or: ""), to: CheckText.maxNameCharacters)
        headSHA = c.text(.headSHA)
        // A missing status is the description's default for a new run: `queued`.
        status = c.text(.status).map(Status.init) ?? .queued
        conclusion = c.text(.conclusion).map(Conclusion.init)
        output = c.optional(.output)
        htmlURL = c.text(.htmlURL)
        detailsURL = c.text(.detailsURL)
        startedAt = c.optional(.startedAt)
        completedAt = c.optional(.completedAt)
    }
}

extension CheckRun.Output {
    public init(from decoder: Decoder) throws {
        guard let c = try? decoder.container(keyedBy: CodingKeys.self) else { return }
        annotationsCount = (c.optional(.annotationsCount) as Int?).map { max(0, $0) }
        title = c.text(.title).map { CheckText.capped($0, to: CheckText.maxTitleCharacters) }
        summary = c.text(.summary).map { CheckText.capped($0, to: CheckText.maxSummaryCharacters) }
    }
}

/// One line note of a check run (the description's `CheckAnnotation`: `GET .../check-runs/{id}/annotations`): a file
/// of the repository, the lines it is about (in the commit's version of the file), its level and message.
public struct CheckAnnotation: Sendable, Hashable, Decodable {
    /// `annotation_level`: the create call's enum notice / warning / failure; anything else is shown as a notice.
    public enum Level: String, Sendable, Hashable, CaseIterable {
        case notice, warning, failure
    }

    public var path: String
    public var startLine: Int
    public var endLine: Int
    public var level: Level
    public var title: String?
    public var message: String

    public init(path: String, startLine: Int, endLine: Int? = nil, level: Level, title: String? = nil, message: String) {
        self.path = path
        self.startLine = startLine
        self.endLine = max(startLine, endLine ?? startLine)
        self.level = level
        self.title = title
        self.message = message
    }

    enum CodingKeys: String, CodingKey {
        case path, title, message
        case startLine = "start_line", endLine = "end_line", level = "annotation_level"
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        path = CheckText.capped(c.value(.path, or: ""), to: CheckText.maxPathCharacters)
        // Lines count from 1; a missing or nonsensical start is 0 ("no line": listed, never drawn on a line).
        startLine = max(0, c.value(.startLine, or: 0))
        endLine = max(startLine, c.value(.endLine, or: startLine))
        level = c.text(.level).flatMap { Level(rawValue: $0.lowercased()) } ?? .notice
        title = c.text(.title).map { CheckText.capped($0, to: CheckText.maxTitleCharacters) }
        message = CheckText.capped(c.value(.message, or: ""), to: CheckText.maxMessageCharacters)
    }
}

/// The answer of `GET .../commits/{ref}/check-runs`. The description types it as one `CheckRun` although the call
/// pages (`page`, `per_page`); Gitee's other lists are bare arrays, GitHub's is `{total_count, check_runs}`. All
/// three shapes are read (assumed: no recorded sample), at most `maxRuns` runs, entries that are not objects dropped.
public struct CheckRunList: Sendable, Hashable, Decodable {
    public static let maxRuns = 100
    public var runs: [CheckRun]

    public init(runs: [CheckRun]) { self.runs = runs }

    enum CodingKeys: String, CodingKey { case checkRuns = "check_runs" }

    public init(from decoder: Decoder) throws {
        if let items = try? decoder.singleValueContainer().decode([Lenient<CheckRun>].self) {
            runs = Array(items.compactMap(\.value).prefix(Self.maxRuns))
        } else if let c = try? decoder.container(keyedBy: CodingKeys.self), c.contains(.checkRuns) {
            let items: [Lenient<CheckRun>] = c.list(.checkRuns)
            runs = Array(items.compactMap(\.value).prefix(Self.maxRuns))
        } else if let one = try? decoder.singleValueContainer().decode(CheckRun.self), one.id != 0 || !one.name.isEmpty {
            runs = [one]
        } else {
            runs = []
        }
    }
}

/// The answer of `GET .../check-runs/{id}/annotations`: typed by the description as one `CheckAnnotation` although
/// it pages; read as a bare array or as one object (assumed), at most `maxAnnotations`.
public struct CheckAnnotationList: Sendable, Hashable, Decodable {
    public static let maxAnnotations = 500
    public var annotations: [CheckAnnotation]

    public init(annotations: [CheckAnnotation]) { self.annotations = annotations }

    public init(from decoder: Decoder) throws {
        if let items = try? decoder.singleValueContainer().decode([Lenient<CheckAnnotation>].self) {
            annotations = Array(items.compactMap(\.value).prefix(Self.maxAnnotations))
        } else if let one = try? decoder.singleValueContainer().decode(CheckAnnotation.self), !one.path.isEmpty {
            annotations = [one]
        } else {
            annotations = []
        }
    }
}

/// One element of a list that may be unusable (a number where an object belongs): nil instead of failing the list.
struct Lenient<Value: Decodable>: Decodable {
    let value: Value?
    init(from decoder: Decoder) throws { value = try? Value(from: decoder) }
}

/// Caps on a check's texts (whoever runs the checks writes them): bounded before the app keeps or draws them.
public enum CheckText {
    public static let maxNameCharacters = 200
    public static let maxTitleCharacters = 300
    public static let maxSummaryCharacters = 4_000
    public static let maxMessageCharacters = 2_000
    public static let maxPathCharacters = 1_000

    /// At most `limit` characters, an ellipsis included.
    public static func capped(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        return String(text.prefix(max(limit - 1, 0))) + "…"
    }
}
