internal import CGtk
internal import GtkBasics

/// A view made of several widgets under one root. The kit's own (`DocumentView`, `AvatarView`, `StateStack`,
/// `PagedListView`, `CodeView`...) are built outside the typed layer because they are drawn or recycled with care;
/// a page's own (`ComposedView`) are made of typed widgets. Pages place and show both through this protocol,
/// without touching their widgets.
@MainActor
public protocol Component: Shown {}

/// A component a page composes from typed widgets: its root is one of them.
@MainActor
package protocol ComposedView: Component {
    var root: WidgetObject { get }
}

extension ComposedView {
    package var shownRef: WidgetRef { root.shownRef }
}

extension Box {
    package func append(_ components: any Component...) {
        withExtendedLifetime(components) {
            for component in components { append(widget: component.shownWidget) }
        }
    }
}

extension Stack {
    package func add(_ component: any Component, name: String) {
        withExtendedLifetime(component) { add(widget: component.shownWidget, name: name) }
    }
}

// The kit's components keep their root as a widget pointer (`root`), which pages never see.
extension Page: Component { public var shownRef: WidgetRef { WidgetRef(widget: root) } }
extension DocumentView: Component { package var shownRef: WidgetRef { WidgetRef(widget: root) } }
extension AvatarView: Component { package var shownRef: WidgetRef { WidgetRef(widget: root) } }
extension StateStack: Component { package var shownRef: WidgetRef { WidgetRef(widget: root) } }
extension StatusView: Component { package var shownRef: WidgetRef { WidgetRef(widget: root) } }
extension ListBanner: Component { package var shownRef: WidgetRef { WidgetRef(widget: root) } }
extension PagedListView: Component { package var shownRef: WidgetRef { WidgetRef(widget: root) } }
extension CodeView: Component { package var shownRef: WidgetRef { WidgetRef(widget: root) } }
extension ImageView: Component { package var shownRef: WidgetRef { WidgetRef(widget: root) } }
extension BranchPicker: Component { package var shownRef: WidgetRef { WidgetRef(widget: root) } }
extension DiffView { package var shownRef: WidgetRef { WidgetRef(widget: root) } }

// The kit's list rows likewise (a page's row, `EventRowView`, gives its typed root).
extension ProjectRowView { package var shownRef: WidgetRef { WidgetRef(widget: root) } }
extension SimpleRowView { package var shownRef: WidgetRef { WidgetRef(widget: root) } }

/// A lazily built page's placeholder stands where the page will be (a tab, a view-stack page).
extension LazyPage: Shown { package var shownRef: WidgetRef { WidgetRef(widget: placeholder) } }

extension Notebook {
    package func append(_ page: any Shown, title: String) {
        withExtendedLifetime(page) { append(widget: page.shownWidget, title: title) }
    }

    package func appendWithNamedTab(_ page: any Shown, title: String) {
        withExtendedLifetime(page) { appendWithNamedTab(widget: page.shownWidget, title: title) }
    }
}

extension PreferencesDialog {
    /// The window, for the page that opened it and for tests.
    package var ref: WidgetRef { WidgetRef(widget: widget) }

    package func setModal(over parent: WidgetRef) { setModal(over: parent.widget) }

    package static func currentSize(of window: WidgetRef) -> (width: Int32, height: Int32) { currentSize(of: window.widget) }
}
