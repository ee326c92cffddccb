import Observation

/// A Star or Watch button: on/off with its count, changed optimistically and rolled back when the server says no.
@MainActor
@Observable
public final class ToggleState {
    public enum Kind: Sendable { case star, watch }

    public let kind: Kind
    public private(set) var isOn = false
    public private(set) var count = 0
    public private(set) var isBusy = false
    @ObservationIgnored private var before: (isOn: Bool, count: Int)?

    init(kind: Kind) { self.kind = kind }

    /// The button's text ("Star" / "Unstar") and what a screen reader says ("Star, 12").
    public var label: String {
        switch (kind, isOn) {
        case (.star, false): tr("Star")
        case (.star, true): tr("Unstar")
        case (.watch, false): tr("Watch")
        case (.watch, true): tr("Unwatch")
        }
    }
    public var countText: String { CompactCount.format(count) }
    public var accessibleLabel: String { "\(label), \(count)" }

    func settle(isOn: Bool, count: Int) {
        guard !isBusy else { return }
        self.isOn = isOn
        self.count = count
    }

    func beginChange(to on: Bool) {
        before = (isOn, count)
        isBusy = true
        isOn = on
        // The count is the server's (Int.max stars is a number it can send): `+ 1` must not trap.
        let (next, overflow) = count.addingReportingOverflow(on ? 1 : -1)
        count = overflow ? count : max(0, next)
    }

    func finishChange() {
        isBusy = false
        before = nil
    }

    func rollBack() {
        if let before {
            isOn = before.isOn
            count = before.count
        }
        isBusy = false
        before = nil
    }

    func failureFormat(turningOn: Bool) -> String {
        switch (kind, turningOn) {
        case (.star, true): tr("Could not star: %@")
        case (.star, false): tr("Could not unstar: %@")
        case (.watch, true): tr("Could not watch: %@")
        case (.watch, false): tr("Could not unwatch: %@")
        }
    }
}
