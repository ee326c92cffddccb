import Foundation
import Synchronization

/// How long one document parse may run, and whether its page still wants it. The reader polls it at every element,
/// so a parse stops within one element's work of running out or being cancelled.
public final class ParseBudget: Sendable {
    private let deadline: ContinuousClock.Instant
    private let cancelled = Atomic<Bool>(false)

    public init(_ allowance: Duration = DocumentLimits.parseBudget) {
        deadline = ContinuousClock.now.advanced(by: allowance)
    }

    public func cancel() { cancelled.store(true, ordering: .relaxed) }

    public var isCancelled: Bool { cancelled.load(ordering: .relaxed) }

    public var isExhausted: Bool { isCancelled || ContinuousClock.now >= deadline }
}
