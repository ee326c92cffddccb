import Observation

/// What a remote screen shows: the states every list and page moves through.
public enum ScreenState: Equatable, Sendable {
    /// Nothing has been requested yet (the list arrives with its feature).
    case notLoaded(message: String)
    case loading
    case content
    case empty(text: String)
    case failed(message: String)
}

/// One explore list (Featured, Popular, Latest). Until browsing lands it honestly reports "not loaded yet".
@MainActor
@Observable
public final class ProjectListViewModel {
    public let kind: ProjectListKind
    public private(set) var state: ScreenState

    public init(kind: ProjectListKind) {
        self.kind = kind
        state = .notLoaded(message: tr("Not loaded yet"))
    }

    public var title: String { kind.title }
}
