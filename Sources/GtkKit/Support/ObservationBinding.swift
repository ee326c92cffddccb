import Observation

/// Re-applies `apply` whenever an observable property it read changes, on the main loop.
///
/// `withObservationTracking` fires once per registration and before the new value is stored, so the binding re-arms
/// itself on the next main-queue turn, when the value is in place. Several changes in one turn coalesce into one apply.
@MainActor
package final class ObservationBinding {
    private let apply: @MainActor () -> Void
    private var isActive = true
    private var isScheduled = false

    package init(_ apply: @escaping @MainActor () -> Void) {
        self.apply = apply
        track()
    }

    package func cancel() { isActive = false }

    private func track() {
        guard isActive else { return }
        withObservationTracking(apply) { [weak self] in
            Task { @MainActor in self?.changed() }
        }
    }

    private func changed() {
        guard isActive, !isScheduled else { return }
        isScheduled = true
        defer { isScheduled = false }
        track()
    }
}

/// The bindings of one page. The page owns the bag and the bag ends its bindings when the page goes away.
@MainActor
public final class BindingBag {
    private var bindings: [ObservationBinding] = []

    public init() {}

    package func bind(_ apply: @escaping @MainActor () -> Void) {
        bindings.append(ObservationBinding(apply))
    }

    package var count: Int { bindings.count }

    package func cancelAll() {
        bindings.forEach { $0.cancel() }
        bindings.removeAll()
    }

    isolated deinit { cancelAll() }
}
