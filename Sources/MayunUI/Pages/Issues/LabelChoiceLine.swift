import GtkKit
import MayunCore

/// One line of a label chooser: a check (named by the label) beside the label's chip. The issue page and the
/// Create Issue form both list a project's labels this way.
@MainActor
enum LabelChoiceLine {
    static func make(_ chip: LabelChip, isOn: Bool, onToggled: @escaping @MainActor (Bool) -> Void) -> Box {
        makeWithCheck(chip, isOn: isOn, onToggled: onToggled).line
    }

    /// The line and its check, for a chooser that updates its checks in place.
    static func makeWithCheck(_ chip: LabelChip, isOn: Bool, onToggled: @escaping @MainActor (Bool) -> Void)
        -> (line: Box, check: CheckButton)
    {
        let check = CheckButton()
        check.isActive = isOn
        check.accessibleLabel = chip.name
        check.onToggled(onToggled)
        let chips = LabelChips(wraps: false)
        chips.show([chip])
        let line = Box(.horizontal, spacing: 6)
        line.append(check, chips)
        return (line, check)
    }
}
