import CGtk
import GiteeKit
import MayunCore
@testable import GtkKit

/// A window showing one diff view of `files`, presented at `width` x `height`: what the diff view's tests look at and
/// click. `themed: false` leaves the app's CSS out; `title` names the X window, for xdotool.
@MainActor
open class DiffWindow {
    package let nightMode = NightModeViewModel(preferences: InMemoryPreferences())
    package let theme: ThemeController?
    package let model = DiffViewModel()
    package let bindings = BindingBag()
    package let view: DiffView
    package let window: Widget

    package init(width: Int32, height: Int32, files: [DiffFile], title: String? = nil, themed: Bool = true) {
        theme = themed ? ThemeController(nightMode: nightMode, themesDirectory: themesDirectory) : nil
        view = DiffView(model: model, bindings: bindings)
        model.show(files)
        window = widget(gtk_window_new())
        if let title { gtk_window_set_title(typed(window), title) }
        gtk_window_set_default_size(typed(window), width, height)
        gtk_window_set_child(typed(window), view.root)
        gtk_window_present(typed(window))
    }

    package func close() { gtk_window_destroy(typed(window)) }
}
