internal import CGtk
internal import GtkBasics
import GLibRuntime
import MayunCore
import MayunDocument

/// A centred icon, title and explanation (an AdwStatusPage): the loading, empty, error and "not loaded yet" states
/// of a screen. While loading, a spinner takes the icon's place; an optional button (Retry) sits under the text.
@MainActor
package final class StatusView {
    // Stored widget pointers: `root` and its children, written by the `StateStack` that shows it, from its page's
    // bindings (which stop with the page).
    let root: Widget
    private let extras = Box(.vertical, spacing: 12)
    private let spinner: Widget
    private var iconName: String
    private var action: Button?

    package init(iconName: String, title: String, detail: String = "") {
        self.iconName = iconName
        root = widget(adw_status_page_new())
        gtk_widget_add_css_class(root, "status-view")
        gtk_widget_set_vexpand(root, 1)
        gtk_widget_set_hexpand(root, 1)
        extras.halign = .center
        spinner = widget(gtk_spinner_new())
        gtk_widget_set_size_request(spinner, 32, 32)
        gtk_widget_set_visible(spinner, 0)
        spinOnlyWhileMapped(spinner)
        extras.append(widget: spinner)
        extras.withWidget { adw_status_page_set_child(opaque(root), $0) }
        update(iconName: iconName, title: title, detail: detail)
    }

    package func update(iconName: String? = nil, title: String, detail: String) {
        if let iconName {
            self.iconName = iconName
            if gtk_widget_get_visible(spinner) == 0 { adw_status_page_set_icon_name(opaque(root), iconName) }
        }
        adw_status_page_set_title(opaque(root), title)
        // The description is Pango markup; the detail may quote a server's words.
        adw_status_page_set_description(opaque(root), detail.isEmpty ? nil : markupEscaped(detail))
    }

    /// Adds a button under the text (Retry); hidden until `showAction(true)`.
    package func setAction(title: String, _ handler: @escaping @MainActor () -> Void) {
        let button = Button(label: title, classes: ["suggested-action", "pill"])
        button.halign = .center
        button.onClicked(handler)
        button.isVisible = false
        extras.append(button)
        action = button
    }

    package func showAction(_ visible: Bool) {
        action?.isVisible = visible
    }

    /// The spinner shows once loading has lasted this long: a quick load never flashes it, and the first frame
    /// never draws it. Its icon (`process-working-symbolic`) exists only as SVG, so drawing it first loads
    /// gdk-pixbuf's SVG loader and librsvg: 15-20 ms on the main thread in the start-up's first frame (issue 29).
    static let spinnerDelayMilliseconds: guint = 400

    /// The pending delayed start of the spinner, nil when none (dropping it cancels it).
    private var spinnerDelay: MainLoopSource?

    /// While spinning, the icon gives way at once and the spinner appears after `spinnerDelayMilliseconds`.
    package func showSpinner(_ spinning: Bool) {
        adw_status_page_set_icon_name(opaque(root), spinning ? nil : iconName)
        spinnerDelay = nil
        guard spinning, gtk_widget_get_visible(spinner) == 0 else {
            setSpinnerVisible(spinning)
            return
        }
        // The source holds this view weakly: the view may go before the delay ends (its deinit cancels it anyway).
        spinnerDelay = MainLoopSource(milliseconds: Self.spinnerDelayMilliseconds, priority: G_PRIORITY_DEFAULT) {
            [weak self] in
            self?.spinnerDelay = nil
            self?.setSpinnerVisible(true)
            return false
        }
    }

    /// True once the spinner is on (after its delay); tests.
    var isSpinnerShown: Bool { gtk_widget_get_visible(spinner) != 0 }
    /// True while loading, the spinner shown or about to be; tests.
    var isSpinnerPending: Bool { spinnerDelay != nil }

    private func setSpinnerVisible(_ spinning: Bool) {
        gtk_widget_set_visible(spinner, spinning ? 1 : 0)
        gtk_spinner_set_spinning(opaque(spinner), spinning ? 1 : 0)
    }
}

/// Text made safe to pass where GTK or libadwaita expect Pango markup (toast titles, status descriptions).
/// `MarkupText.escape`: `g_markup_escape_text` wrote control characters as `&#x1;`, which Pango refuses (the whole
/// toast title went blank).
package func markupEscaped(_ text: String) -> String { MarkupText.escape(text) }

/// A spinning GtkSpinner keeps the frame clock running even on a hidden stack page or a recycled row, so an idle
/// window would repaint 60 times a second: it spins only while it is actually on screen (and visible).
@MainActor
func spinOnlyWhileMapped(_ spinner: Widget) {
    connect(raw(spinner), "unmap", main: { gtk_spinner_set_spinning(opaque(spinner), 0) })
    connect(raw(spinner), "map", main: { gtk_spinner_set_spinning(opaque(spinner), gtk_widget_get_visible(spinner)) })
}
