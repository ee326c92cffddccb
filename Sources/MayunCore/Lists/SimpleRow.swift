import Foundation

/// A one-line list row (a language, a file, a commit): icon, title, a dim subtitle and trailing text.
public struct SimpleRow: Equatable, Sendable {
    public var iconName: String
    public var title: String
    public var subtitle: String
    public var trailing: String
    public var showsDisclosure: Bool
    /// A person's picture shown instead of the icon (issue authors, followers).
    public var avatarURL: URL?
    /// Labels drawn as coloured chips under the title (issue rows).
    public var chips: [LabelChip] = []
    /// A state beside the trailing text, as an icon with its words (a pull request's checks); empty: none.
    public var statusIconName = ""
    public var status = ""

    public init(iconName: String = "", title: String, subtitle: String = "", trailing: String = "",
                showsDisclosure: Bool = true, avatarURL: URL? = nil) {
        self.avatarURL = avatarURL
        self.iconName = iconName
        self.title = title
        self.subtitle = subtitle
        self.trailing = trailing
        self.showsDisclosure = showsDisclosure
    }
}
