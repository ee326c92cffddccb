import Foundation
import GiteeKit
import MayunDocument
import Observation

/// The Write / Preview switch of a form's markdown body (New Issue, New Pull Request): Preview parses the body as it
/// is then, off the main thread, and shows it unless the person switched again meanwhile.
@MainActor
@Observable
public final class BodyPreview {
    public private(set) var isPreviewing = false
    /// The body as it will look (nil until a preview was parsed).
    public private(set) var document: Document?
    /// The switch's label: what a click goes to.
    public var toggleTitle: String { isPreviewing ? tr("Write") : tr("Preview") }
    public var nightMode: NightModeViewModel? { markdown?.nightMode }
    @ObservationIgnored private let markdown: RepositoryMarkdown?
    /// Counts the switches: a parse is shown only if no switch came after the one that asked for it.
    @ObservationIgnored private var switches = 0

    init(markdown: RepositoryMarkdown?) {
        self.markdown = markdown
    }

    /// Switches between Write and Preview; `text` is the body now, written in `repo` (its links resolve there).
    func toggle(_ text: String, in repo: RepositoryID) {
        isPreviewing.toggle()
        switches &+= 1
        guard isPreviewing, let markdown else { return }
        let asked = switches
        Task {
            let parsed = await markdown.parse(text, in: repo)
            if isPreviewing, switches == asked { document = parsed }
        }
    }
}
