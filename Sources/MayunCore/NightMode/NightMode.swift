/// The person's choice; `system` follows the desktop's dark-style preference.
public enum NightMode: String, CaseIterable, Sendable {
    case system, light, night

    public var title: String {
        switch self {
        case .system: tr("System")
        case .light: tr("Light")
        case .night: tr("Night")
        }
    }
}
