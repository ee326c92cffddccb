/// The top-level tabs of the main window.
public enum Tab: String, CaseIterable, Hashable, Sendable {
    case projects, discover, mine

    public var title: String {
        switch self {
        case .projects: tr("Projects")
        case .discover: tr("Discover")
        case .mine: tr("Mine")
        }
    }
}
