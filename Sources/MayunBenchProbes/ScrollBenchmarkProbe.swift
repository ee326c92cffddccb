import CGtk
import Foundation
import GLibRuntime
import GtkKit
import MayunCore
import MayunShell
import MayunUI

/// `MAYUN_BENCH_SCROLL="rows=10000 rate=24.9 list=1 rss_at=5000 width=1100 height=760"` (bench/scroll.py): once
/// the list shows rows, scrolls it paced by rows and prints one `scroll key=value ...` line, then exits.
///
/// bench/listfloor.c (a bare C GtkListView) does exactly the same with the same variable and prints the same line;
/// keep the two in step. Pacing: the target position is `rate` rows a second since the start, in rows (top row's
/// position plus the fraction of it scrolled away). Each frame clock tick the probe finds where that row is among the
/// bound row widgets and moves the adjustment by that many pixels, so the rate holds whatever the rows' heights and
/// however GTK estimates the adjustment. Waiting at the end of the list for a page (the loading row) pauses the
/// target rather than jumping ahead when the page comes.
@MainActor
final class ScrollBenchmarkProbe {
    struct Spec {
        var rows = 10_000, rate = 24.9, list = 1, rssAt = 5_000, width = 0, height = 0

        init(_ text: String) {
            for field in text.split(separator: " ") {
                let pair = field.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2, let value = Double(pair[1]), value.isFinite else { continue }
                let count = Int(min(max(value, 0), 1_000_000))
                switch pair[0] {
                case "rows": rows = count
                case "rate": rate = min(max(value, 0.1), 10_000)
                case "list": list = count
                case "rss_at": rssAt = count
                case "width": width = min(count, 10_000)
                case "height": height = min(count, 10_000)
                default: break
                }
            }
        }
    }

    private let spec: Spec
    // Stored widget pointers: the benchmark's list in its window, which lives until the benchmark exits.
    private let listView: Widget
    private let scroller: Widget
    /// Positions at or past this are the footer (the loading row), not items.
    private let itemCount: () -> Int
    private let isLoadingMore: () -> Bool
    private var binds = 0, unbinds = 0
    private var intervals: [Double] = [], work: [Double] = [], boundSamples: [Int] = []
    private var frameStart = 0, lastPaint = 0, lastTick = 0, scrollStart = 0
    private var paceStart = 0, paceFrom = 0.0, startRow = 0.0
    private var loadingSeconds = 0.0, rowFrames = 0, avatarFrames = 0, childrenMax = 0
    private var rowsPerScreen: [Double] = [], allocatedSamples: [Double] = []
    private var rssAtMiB = 0.0
    private var scrolling = false

    init(spec: Spec, listView: Widget, factory: UnsafeMutableRawPointer, scroller: Widget,
         itemCount: @escaping () -> Int, isLoadingMore: @escaping () -> Bool) {
        self.spec = spec
        self.listView = listView
        self.scroller = scroller
        self.itemCount = itemCount
        self.isLoadingMore = isLoadingMore
        // Counted from the start, so binds - unbinds is the number of rows GTK keeps bound. The row's widget learns
        // its list item, which is how a tick finds each row's position.
        // The list's own factory: the rows may be a GtkListView or a one-column GtkGridView (PagedListView).
        connect(factory, "bind", after: true, mainWithArguments: { [unowned self] arguments in
            binds += 1
            if let item = arguments.object(at: 1), let child = gtk_list_item_get_child(OpaquePointer(item)) {
                g_object_set_data(UnsafeMutablePointer(OpaquePointer(child)), "bench-list-item", item)
            }
            return nil
        })
        connect(factory, "unbind", mainWithArguments: { [unowned self] _ in
            unbinds += 1
            return nil
        })
    }

    func start(clock: OpaquePointer) {
        let clockObject = UnsafeMutableRawPointer(clock)
        // before-paint opens the frame, ahead of the update phase's tick callbacks.
        connect(clockObject, "before-paint", main: { [unowned self] in frameStart = g_get_monotonic_time() })
        connect(clockObject, "after-paint", main: { [unowned self] in recordPaint() })
        scrollStart = g_get_monotonic_time()
        lastTick = scrollStart
        // The list view owns the callback and, through the destroy notify, the box that keeps this probe.
        gtk_widget_add_tick_callback(listView, { _, _, data in
            guard let box = CallbackData.borrow(data, as: ClosureBox<@MainActor () -> Bool>.self) else { return 0 }
            return MainActor.assumeIsolated { box.body() ? 1 : 0 }
        }, CallbackData.retain(ClosureBox<@MainActor () -> Bool> { [self] in tick() }), CallbackData.release)
    }

    private func recordPaint() {
        let now = g_get_monotonic_time()
        if scrolling, lastPaint > 0 { intervals.append(Double(now - lastPaint) / 1000) }
        if scrolling, frameStart > 0 { work.append(Double(now - frameStart) / 1000) }
        lastPaint = now
    }

    private struct Geometry {
        var rows: [Int: (y: Double, height: Double)] = [:]
        var top: (position: Int, y: Double, height: Double)?
        var footerVisible = false
        var visibleRows = 0, visibleHeight = 0.0, visibleAvatars = 0, children = 0, allocated = 0

        /// A row's share of the scroll: from its top to the next row's (rows have CSS margins between them).
        func pitch(_ position: Int, _ height: Double) -> Double {
            guard let here = rows[position], let next = rows[position + 1], next.y > here.y else { return max(height, 1) }
            return next.y - here.y
        }
    }

    /// Where each bound row is, relative to the top of the list's viewport.
    private func measure() -> Geometry {
        var geometry = Geometry()
        let viewHeight = Double(gtk_widget_get_height(listView))
        let items = itemCount()
        var child = gtk_widget_get_first_child(listView)
        while let rowWidget = child {
            child = gtk_widget_get_next_sibling(rowWidget)
            guard let content = gtk_widget_get_first_child(rowWidget),
                  let item = g_object_get_data(UnsafeMutablePointer(OpaquePointer(content)), "bench-list-item")
            else { continue }
            geometry.children += 1
            let position = Int(gtk_list_item_get_position(OpaquePointer(item)))
            var x = 0.0, y = 0.0
            // GTK allocates only the rows near the viewport; the others keep a stale position and are not child-visible.
            guard position != Int(GTK_INVALID_LIST_POSITION), gtk_widget_get_child_visible(rowWidget) != 0,
                  gtk_widget_translate_coordinates(rowWidget, listView, 0, 0, &x, &y) != 0 else { continue }
            geometry.allocated += 1
            let height = Double(gtk_widget_get_height(rowWidget))
            let visible = height > 0 && y < viewHeight && y + height > 0
            if position >= items {
                if visible { geometry.footerVisible = true }
                continue
            }
            geometry.rows[position] = (y, height)
            if y + height > 0, position < geometry.top?.position ?? Int.max {  // the first row not scrolled away
                geometry.top = (position, y, height)
            }
            if visible, y >= 0, y + height <= viewHeight {
                geometry.visibleRows += 1
                geometry.visibleHeight += height
                if Self.showsPicture(content) { geometry.visibleAvatars += 1 }
            }
        }
        return geometry
    }

    /// Whether the row's first image (its avatar) shows a picture rather than the placeholder icon.
    private static func showsPicture(_ root: Widget) -> Bool {
        guard let image = firstImage(root) else { return false }
        return gtk_image_get_storage_type(opaque(image)) == GTK_IMAGE_PAINTABLE
    }

    private static func firstImage(_ root: Widget) -> Widget? {
        if g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(root)), gtk_image_get_type()) != 0 {
            return root
        }
        var child = gtk_widget_get_first_child(root)
        while let next = child {
            if let image = firstImage(next) { return image }
            child = gtk_widget_get_next_sibling(next)
        }
        return nil
    }

    /// One frame: measure, move toward the paced target; false stops the tick callback.
    private func tick() -> Bool {
        guard let adjustment = gtk_scrolled_window_get_vadjustment(opaque(scroller)) else { return false }
        let now = g_get_monotonic_time()
        let seconds = Double(now - lastTick) / 1e6
        lastTick = now
        let geometry = measure()
        guard let top = geometry.top else { return true }  // not laid out yet
        let current = Double(top.position) + max(0, -top.y) / geometry.pitch(top.position, top.height)
        if !scrolling {
            scrolling = true
            (paceStart, paceFrom, startRow, scrollStart) = (now, current, current, now)
        }
        boundSamples.append(binds - unbinds)
        childrenMax = max(childrenMax, geometry.children)
        allocatedSamples.append(Double(geometry.allocated))
        rowFrames += geometry.visibleRows
        avatarFrames += geometry.visibleAvatars
        if geometry.visibleRows > 0 {
            let viewHeight = Double(gtk_widget_get_height(listView))
            rowsPerScreen.append(viewHeight / (geometry.visibleHeight / Double(geometry.visibleRows)))
        }
        if geometry.footerVisible, isLoadingMore() { loadingSeconds += seconds }
        if rssAtMiB == 0, current - startRow >= Double(spec.rssAt) { rssAtMiB = Self.residentMiB() }
        if current - startRow >= Double(spec.rows) {
            report(rows: current - startRow, now: now)
            return false
        }

        let value = gtk_adjustment_get_value(adjustment)
        let limit = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
        var target = paceFrom + spec.rate * Double(now - paceStart) / 1e6
        if value >= limit - 0.5, target > current {  // at the end, waiting for a page: pause the target
            (paceStart, paceFrom, target) = (now, current, current)
        }
        let row = target.rounded(.down)
        let fraction = target - row
        let delta: Double
        if let bound = geometry.rows[Int(row)] {
            delta = bound.y + fraction * geometry.pitch(Int(row), bound.height)
        } else {
            let average = geometry.visibleRows > 0 ? geometry.visibleHeight / Double(geometry.visibleRows) : top.height
            delta = (target - current) * average
        }
        gtk_adjustment_set_value(adjustment, min(max(value + delta, gtk_adjustment_get_lower(adjustment)), limit))
        return true
    }

    static func residentMiB() -> Double { PageBenchmarkTree.residentMiB() }

    private func report(rows: Double, now: Int) {
        func percentile(_ values: [Double], _ p: Double) -> Double {
            let sorted = values.sorted()
            guard !sorted.isEmpty else { return 0 }
            return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
        }
        let total = Double(now - scrollStart) / 1000
        let bound = boundSamples.map(Double.init)
        print(String(format: "scroll rows=%.0f frames=%d total_ms=%.0f rate=%.2f rows_per_screen=%.2f "
                     + "interval_p50=%.2f interval_p95=%.2f interval_p99=%.2f work_p50=%.2f work_p95=%.2f "
                     + "work_p99=%.2f loading_ms=%.0f rss_at_mib=%.1f rss_end_mib=%.1f bound_median=%.0f bound_max=%.0f "
                     + "children_max=%d allocated_median=%.0f binds=%d avatars_pct=%.1f",
                     rows, intervals.count, total, rows / max(total / 1000, 0.001), percentile(rowsPerScreen, 0.5),
                     percentile(intervals, 0.5), percentile(intervals, 0.95), percentile(intervals, 0.99),
                     percentile(work, 0.5), percentile(work, 0.95), percentile(work, 0.99), loadingSeconds * 1000,
                     rssAtMiB, Self.residentMiB(), percentile(bound, 0.5), bound.max() ?? 0, childrenMax,
                     percentile(allocatedSamples, 0.5), binds,
                     rowFrames > 0 ? 100 * Double(avatarFrames) / Double(rowFrames) : 0))
        exit(0)
    }
}
