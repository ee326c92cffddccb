internal import CGtk
internal import GtkBasics
import MayunCore
import MayunDocument

/// What every part of one rendered document shares: the image loader, the colours, and where link clicks go.
/// Nested views (the body of a `<details>`) use their parent's environment.
@MainActor
package final class DocumentEnvironment {
    package let imageLoader: (any DocumentImageLoader)?
    /// Shared by every document of the page (a thread's comment cards).
    package let imageBudget: PageImageBudget
    package var palette: Palette
    package var isNight: Bool
    /// Called for a followable link (in-app route, external address, or an anchor the view could not scroll to).
    package var activate: (Link) -> Void = { _ in }
    var hover: (String?) -> Void = { _ in }

    package init(imageLoader: (any DocumentImageLoader)?, imageBudget: PageImageBudget = PageImageBudget(),
                 palette: Palette, isNight: Bool) {
        self.imageLoader = imageLoader
        self.imageBudget = imageBudget
        self.palette = palette
        self.isNight = isNight
    }
}
