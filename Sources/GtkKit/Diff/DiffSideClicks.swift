internal import CGtk
internal import GtkBasics
import Dispatch
import GLibRuntime
import MayunCore

/// Which half of a side-by-side row a click landed on. GtkListView's "activate" names only the row, so a click on
/// the old (left) half would comment on the new line beside it; this watches presses on the list (capture phase,
/// never claiming, so the row's own click still activates it) and remembers whether the widget under the pointer is
/// inside an old or a new cell (`oldSideClass` / `newSideClass`, set by the row's cells). The list's activation that
/// follows the press reads it; keyboard activation (Enter) finds none and takes the new side, as before.
@MainActor
package final class DiffSideClicks {
    static let oldSideClass = "diff-side-old"
    static let newSideClass = "diff-side-new"

    private let listView: Widget
    /// The half pressed last, until the press's release has been handled (nil: no press, or not on a line's cell).
    private(set) var pressedNewSide: Bool?

    init(listView: Widget) {
        self.listView = listView
        let click = gtk_gesture_click_new()!
        gtk_gesture_single_set_button(click, 1)
        gtk_event_controller_set_propagation_phase(click, GTK_PHASE_CAPTURE)
        connect(UnsafeMutableRawPointer(click), "pressed", mainWithArguments: { [unowned self] arguments in
            pressedNewSide = side(at: arguments.double(at: 2), arguments.double(at: 3))
            return nil
        })
        // The row activates on the release, after this capture-phase handler: forget the side once that is done.
        for signal in ["released", "cancel", "stopped"] {
            connect(UnsafeMutableRawPointer(click), signal, main: { [weak self] in
                DispatchQueue.main.async { MainActor.assumeIsolated { self?.pressedNewSide = nil } }
            })
        }
        gtk_widget_add_controller(listView, click)
    }

    /// Whether (x, y) in the list's coordinates is on a new cell (true), an old cell (false) or neither (nil).
    package func side(at x: Double, _ y: Double) -> Bool? {
        var current = gtk_widget_pick(listView, x, y, GTK_PICK_DEFAULT)
        while let widget = current, widget != listView {
            if gtk_widget_has_css_class(widget, Self.newSideClass) != 0 { return true }
            if gtk_widget_has_css_class(widget, Self.oldSideClass) != 0 { return false }
            current = gtk_widget_get_parent(widget)
        }
        return nil
    }

    /// Activates `row` on the side the click chose (side by side), or as a whole (one column, keyboard).
    package func activate(row: Int, in model: DiffViewModel) {
        if model.isSideBySide, let newSide = pressedNewSide {
            model.activate(row: row, newSide: newSide)
        } else {
            model.activate(row: row)
        }
        pressedNewSide = nil
    }
}
