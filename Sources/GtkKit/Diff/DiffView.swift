internal import CGtk
internal import GtkBasics
import Dispatch
import GLibRuntime
import MayunCore

/// A commit's or a pull request's changes, drawn lazily: a bar with the summary and a file list that jumps to a
/// file, then one GtkListView of rows (`DiffViewModel.rows`: file headers, hunks, lines) whose widgets GTK creates
/// only for the rows near the screen and recycles (`DiffRowView`). Side by side from a 1,200 px window, one column
/// below. The view decides nothing: folding, caps and layout are the model's; this mirrors its rows into a
/// GListStore, splicing only the range that changed so a fold keeps the scroll position.
@MainActor
package final class DiffView {
    let root: Widget
    private let model: DiffViewModel
    /// One plain object per row: the first screen at once, then `feedPerFrame` a frame up to `feedAllAfter` rows,
    /// then the rest.
    private let store = FedListStore(perFrame: DiffView.feedPerFrame, allAfter: DiffView.feedAllAfter)
    private let listView: Widget
    private let scroller: Widget
    private let summary = Label("", classes: ["heading"], xalign: 0, ellipsize: .end)
    private let fileList: Widget
    private let paths = gtk_string_list_new(nil)!
    private var shownGeneration = 0
    private var shownPaths: [String] = []
    /// True while the file list is refilled (its selection moves without the person choosing a file).
    private var refillingPaths = false
    private lazy var layoutWatch = LayoutWatch { [weak self] in self?.checkWidth() }
    /// The page's widgets for comment threads and the line composer (a pull request's diff; nil for a commit's).
    /// Set before the view is shown (rows made earlier would lack it).
    package weak var annotations: (any DiffAnnotationViews)?
    private var widthAsked = -1
    /// Which half of a side-by-side row a click chose (the old line or the new one).
    private let sideClicks: DiffSideClicks
    /// Syntax colours by file type, built per file as its rows are drawn; rows are drawn again when night mode changes.
    private let highlighter = DiffHighlighter(isNight: DiffNightWatch.isNight)
    private let nightWatch = DiffNightWatch()
    private var rowViews: [WeakRowView] = []

    /// The drop-down holds its own reference to the paths.
    isolated deinit { g_object_unref(UnsafeMutableRawPointer(paths)) }

    package init(model: DiffViewModel, bindings: BindingBag) {
        self.model = model
        root = Build.box(GTK_ORIENTATION_VERTICAL, classes: ["diff-view"])
        let factory = gtk_signal_list_item_factory_new()!
        listView = store.makeListView(factory: factory)
        sideClicks = DiffSideClicks(listView: listView)
        Accessibility.setLabel(listView, tr("Changes"))
        Build.addClasses(listView, ["diff-rows"])
        scroller = widget(gtk_scrolled_window_new())
        // Sideways too: lines do not wrap (DiffRowView's LineCells), so a long one scrolls rather than widening the
        // window.
        gtk_scrolled_window_set_policy(opaque(scroller), GTK_POLICY_AUTOMATIC, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(opaque(scroller), listView)
        gtk_widget_set_vexpand(scroller, 1)

        fileList = widget(gtk_drop_down_new(OpaquePointer(g_object_ref(UnsafeMutableRawPointer(paths))), nil))
        gtk_drop_down_set_factory(opaque(fileList), Self.pathFactory())
        Accessibility.setLabel(fileList, tr("Jump to file"))
        gtk_widget_set_tooltip_text(fileList, tr("Jump to file"))
        summary.hexpand = true
        let bar = Box(.horizontal, spacing: 8, classes: ["diff-bar"])
        bar.append(summary)
        bar.append(widget: fileList)
        bar.withWidget { gtk_box_append(typed(root), $0) }
        gtk_box_append(typed(root), scroller)
        attach(self, to: raw(root), key: "mayun-diff-view")

        connectRows(UnsafeMutableRawPointer(factory))
        // A line's activation (a click, or Enter on a focused line) is the model's: a pull request opens the composer.
        gtk_list_view_set_single_click_activate(opaque(listView), 1)
        connect(raw(listView), "activate", mainWithArguments: { [unowned self] arguments in
            sideClicks.activate(row: Int(arguments.uint(at: 1)), in: model)
            return nil
        })
        connect(raw(fileList), "notify::selected", main: { [unowned self] in jumpToChosenFile() })
        highlighter.onReady = { [weak self] in self?.redrawRows() }
        connect(raw(root), "map", main: { [weak self] in
            self?.watchWidth(true)
            if let self { SourceLanguageWarmUp.afterNextFrame(of: listView) }
            self?.nightWatch.start { [weak self] night in self?.nightChanged(night) }
        })
        connect(raw(root), "unmap", main: { [weak self] in
            self?.watchWidth(false)
            self?.nightWatch.stop()
        })
        bindings.bind { [unowned self] in
            _ = model.files  // new files: the colours of the old ones go
            highlighter.reset()
        }
        bindings.bind { [unowned self] in
            sync(generation: model.generation)
            summary.text = model.files.isEmpty ? "" : model.summary
            refillPaths(model.shownPaths)
        }
    }

    /// Rows the list shows once fed (tests, the benchmark).
    package var rowCount: Int { model.rows.count }
    /// Rows in the store so far (the rest are being fed, `feedPerFrame` a frame).
    var fedRows: Int { store.fedRows }
    var listWidget: Widget { listView }
    /// The drop-down that jumps to a file (tests).
    var fileListWidget: Widget { fileList }
    var scrolledWindow: Widget { scroller }

    // MARK: Rows

    /// Rows added to the store per frame while the list view binds them: GTK 4.8's GtkListView binds, styles and
    /// measures up to about 200 rows around its anchor in the frame that shows them (~100 ms of diff lines in a
    /// release build), so the first screen gets this many and the next frames as many more each, until the bound
    /// window is full; past `feedAllAfter` rows the rest go in at once (no widget is made for them).
    static let feedPerFrame = 40
    static let feedAllAfter = 240

    /// Mirrors the model's last change into the store (a change that skipped a generation replaces every row);
    /// rows after the first `fedRows` are not in the store yet.
    private func sync(generation: Int) {
        guard generation != shownGeneration else { return }
        let change = generation == shownGeneration + 1
            ? model.lastChange : RowListChange.replacingAll(store.rows, with: model.rows.count)
        shownGeneration = generation
        store.apply(change, batch: Self.feedPerFrame)
    }

    private func connectRows(_ factory: UnsafeMutableRawPointer) {
        connect(factory, "setup", mainWithArguments: { [unowned self] arguments in
            guard let item = arguments.object(at: 1) else { return nil }
            let row = DiffRowView(model: model, listItem: OpaquePointer(item), annotations: annotations,
                                  highlighter: highlighter)
            rowViews.removeAll { $0.view == nil }
            rowViews.append(WeakRowView(view: row))
            gtk_list_item_set_child(OpaquePointer(item), row.root)
            gtk_list_item_set_activatable(OpaquePointer(item), 0)
            return nil
        })
        connect(factory, "bind", mainWithArguments: { [unowned self] arguments in
            guard let item = arguments.object(at: 1), let row = DiffRowView.of(OpaquePointer(item)) else { return nil }
            let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
            guard model.rows.indices.contains(position) else { return nil }
            gtk_list_item_set_activatable(OpaquePointer(item), model.isActivatable(row: position) ? 1 : 0)
            // GTK's list item takes the focus on a click, which would pull it out of the line composer's text the
            // moment it is clicked: rows leave the focus where the click put it.
            if let host = gtk_widget_get_parent(row.root), gtk_widget_get_focus_on_click(host) != 0 {
                gtk_widget_set_focus_on_click(host, 0)
            }
            row.show(model.rows[position], sideBySide: model.isSideBySide)
            return nil
        })
    }

    // MARK: Files

    private func refillPaths(_ wanted: [String]) {
        guard wanted != shownPaths else { return }
        refillingPaths = true
        defer { refillingPaths = false }
        let selected = gtk_drop_down_get_selected(opaque(fileList))
        let kept = wanted.starts(with: shownPaths) ? shownPaths.count : 0
        let removed = shownPaths.count - kept
        withCStringArray(Array(wanted[kept...])) { strings in
            gtk_string_list_splice(paths, guint(kept), guint(removed), strings)
        }
        shownPaths = wanted
        if kept > 0, selected < guint(kept) { gtk_drop_down_set_selected(opaque(fileList), selected) }
        gtk_widget_set_visible(fileList, wanted.count > 1 ? 1 : 0)
    }

    private func jumpToChosenFile() {
        guard !refillingPaths else { return }
        let selected = gtk_drop_down_get_selected(opaque(fileList))
        guard selected != GTK_INVALID_LIST_POSITION, let row = model.reveal(file: Int(selected)) else { return }
        scroll(toRow: row)
    }

    /// Brings a row to the top of the list (GTK 4.8 has no `gtk_list_view_scroll_to`; its action scrolls the row
    /// into view).
    package func scroll(toRow row: Int) {
        store.feed(upTo: row + 1)
        gtk_widget_activate_action_variant(listView, "list.scroll-to-item", g_variant_new_uint32(guint32(row)))
    }

    /// File list entries ellipsize at the start, so a long path neither widens the window nor hides its name.
    private static func pathFactory() -> OpaquePointer {
        let factory = gtk_signal_list_item_factory_new()!
        connect(UnsafeMutableRawPointer(factory), "setup", mainWithArguments: { arguments in
            guard let item = arguments.object(at: 1) else { return nil }
            let label = Build.label("", classes: ["monospace"], xalign: 0)
            gtk_label_set_ellipsize(opaque(label), PANGO_ELLIPSIZE_START)
            gtk_label_set_max_width_chars(opaque(label), 40)
            gtk_label_set_width_chars(opaque(label), 12)
            gtk_list_item_set_child(OpaquePointer(item), label)
            return nil
        })
        connect(UnsafeMutableRawPointer(factory), "bind", mainWithArguments: { arguments in
            guard let item = arguments.object(at: 1), let child = gtk_list_item_get_child(OpaquePointer(item)),
                  let object = gtk_list_item_get_item(OpaquePointer(item)),
                  let text = gtk_string_object_get_string(OpaquePointer(object)) else { return nil }
            gtk_label_set_text(OpaquePointer(child), text)
            return nil
        })
        return factory
    }

    // MARK: Width

    /// The window's width decides the layout; read after each layout while mapped and handed to the model on the
    /// next main-loop turn (changing rows inside a layout would relayout within it).
    private func watchWidth(_ on: Bool) {
        if layoutWatch.watch(root, on) { checkWidth() }
    }

    private func checkWidth() {
        guard let window = gtk_widget_get_root(root) else { return }
        let width = Int(gtk_widget_get_width(widget(window)))
        guard width > 0, width != widthAsked else { return }
        widthAsked = width
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.model.widthChanged(to: width) }
        }
    }
}

extension DiffView: Component {}

extension DiffView {
    /// The rows on screen are drawn again in the other scheme's colours.
    private func nightChanged(_ night: Bool) {
        guard night != highlighter.isNight else { return }
        highlighter.setNight(night)
        redrawRows()
    }

    private func redrawRows() {
        for row in rowViews { row.view?.redraw() }
    }
}

@MainActor
private struct WeakRowView {
    weak var view: DiffRowView?
}

/// The widgets a page draws under lines of its diff: a line's comment thread and the line composer. The page keeps
/// them (one per thread, one composer) so that their state survives the rows being recycled.
@MainActor
package protocol DiffAnnotationViews: AnyObject {
    func threadView(for anchor: DiffAnchor) -> (any Shown)?
    func composerView(for anchor: DiffAnchor) -> (any Shown)?
}
