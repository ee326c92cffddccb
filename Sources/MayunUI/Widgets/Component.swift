import CGtk

/// A view made of several widgets under one root, built outside the typed layer because it is drawn or recycled
/// with care (`DocumentView`, `AvatarView`, `StateStack`, `PagedListView`, `CodeView`...). Pages place and show
/// these through this protocol, without touching their widgets.
@MainActor
protocol Component: Shown {
    var root: Widget { get }
}

extension Component {
    var shownWidget: Widget { root }
}

extension Box {
    func append(_ components: any Component...) {
        withExtendedLifetime(components) {
            for component in components { append(widget: component.root) }
        }
    }
}

extension Stack {
    func add(_ component: any Component, name: String) {
        withExtendedLifetime(component) { add(widget: component.root, name: name) }
    }
}

extension Page: Component {}
extension DocumentView: Component {}
extension AvatarView: Component {}
extension StateStack: Component {}
extension StatusView: Component {}
extension ListBanner: Component {}
extension PagedListView: Component {}
extension CodeView: Component {}
extension ImageView: Component {}
extension BranchPicker: Component {}
