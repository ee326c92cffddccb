internal import CGtk
internal import GtkBasics
import GLibRuntime

/// A page built the first time it is shown. AdwViewStack and GtkNotebook want a child for every page up front (the
/// switchers and tabs list them); a placeholder box stands in and receives the page's root when it is first
/// mapped, so hidden tabs cost nothing on the way to the first frame.
///
/// The page is built inside the placeholder's "map": GTK maps a child added to a mapped parent at once, so the page
/// sees its own "map" (where lists start loading) in the same frame.
@MainActor
package final class LazyPage {
    // Stored widget pointer: attached to `placeholder`, so it goes with it.
    let placeholder: Widget
    private var make: (() -> Page)?
    /// The page, once built.
    package private(set) var page: Page?

    package init(_ make: @escaping () -> Page) {
        self.make = make
        placeholder = Build.box(GTK_ORIENTATION_VERTICAL)
        gtk_widget_set_vexpand(placeholder, 1)
        gtk_widget_set_hexpand(placeholder, 1)
        connect(raw(placeholder), "map", main: { [unowned self] in build() })
        attach(self, to: raw(placeholder), key: "mayun-lazy-page")
    }

    /// The page, built now if it has not been shown yet.
    @discardableResult
    package func build() -> Page {
        if let page { return page }
        let page = make!()
        make = nil
        self.page = page
        gtk_widget_set_vexpand(page.root, 1)
        gtk_box_append(typed(placeholder), page.root)
        return page
    }
}
