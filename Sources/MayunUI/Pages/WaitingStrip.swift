import GtkKit
import MayunCore

/// What waits in the account's outbox, on one line: "Waiting to send (2)" and Show, whose popover lists each write
/// with Cancel (and Try Again when it waits on the person). Hidden while nothing waits. The Mine page and the
/// notification center show it. A popover, not rows in the page: on a 360 x 640 phone the Mine page's profile and
/// lists left the rows no height, and the page widened to fit them.
@MainActor
final class WaitingStrip {
    let root: Box
    private let heading = Label(classes: ["heading"], wrap: true, xalign: 0)
    private let rows = Box(.vertical, spacing: 12)
    private let waiting: WaitingWrites

    /// `classes`: the page's own spacing around it (Mine's notices sit off the window's edges).
    init(waiting: WaitingWrites, bindings: BindingBag, classes: [String] = []) {
        self.waiting = waiting
        root = Box(.horizontal, spacing: 8, classes: classes)
        heading.hexpand = true
        let scroller = ScrolledWindow(horizontal: .never)
        scroller.setChild(rows)
        scroller.limitHeight(to: 320)
        rows.setMargins(top: 6, bottom: 6, start: 6, end: 6)
        rows.setSizeRequest(width: 300)
        root.append(heading)
        root.append(PopoverButton(label: waiting.showTitle, content: scroller))
        root.isVisible = false
        bindings.bind { [unowned self] in show(waiting.heading, waiting.lines) }
    }

    private func show(_ title: String?, _ lines: [(id: Int64, text: String, needsDecision: Bool)]) {
        rows.removeAll()
        root.isVisible = title != nil
        guard let title else { return }
        heading.show(title)
        for line in lines {
            // The words on their own lines, the buttons under them at the end: the popover stays 300 px wide.
            let row = Box(.vertical, spacing: 4)
            let text = Label(line.text, classes: ["dim-label"], wrap: true, xalign: 0)
            // Its natural width about the popover's 300 px: the scroller measures the rows at their natural width, and
            // a longer line measured unwrapped left the last row cut off.
            text.maxWidthChars = 34
            row.append(text)
            let buttons = Box(.horizontal, spacing: 8)
            buttons.halign = .end
            let id = line.id, waiting = waiting
            if line.needsDecision {
                let again = Button(label: waiting.tryAgainTitle)
                again.onClicked { waiting.tryAgain(id) }
                buttons.append(again)
            }
            let cancel = Button(label: waiting.cancelTitle)
            cancel.onClicked { waiting.cancel(id) }
            buttons.append(cancel)
            row.append(buttons)
            rows.append(row)
        }
    }
}
