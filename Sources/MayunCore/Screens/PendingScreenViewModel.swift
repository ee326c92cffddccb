import Observation

/// A screen whose feature has not been built yet. It says so plainly instead of showing fake content.
@MainActor
@Observable
public final class PendingScreenViewModel {
    public let route: Route
    public init(route: Route) { self.route = route }

    public var title: String { route.title }
    public var message: String { tr("Not loaded yet") }
    public var detail: String { tr("This part of Mayun is still being built.") }
}
