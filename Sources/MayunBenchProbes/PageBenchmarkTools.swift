import CGtk
import Foundation
import GLibRuntime
import GtkKit
import MayunCore
import MayunShell
import MayunUI

/// Helpers of `PageBenchmarkProbe` (bench/pages.py): the main-thread stall meter and the widget-tree searches that
/// find a page's state, its "Load more" button and its scroller without the pages knowing about the benchmark.
@MainActor
final class StallMeter {
    private var last = 0
    private(set) var longestMicroseconds = 0
    private var source: MainLoopSource?
    /// Runs on each beat (about every millisecond while the loop is free).
    var onBeat: () -> Void = {}

    /// A high-priority 1 ms timer: the gap between two of its runs is how long the main loop was busy elsewhere.
    func start() {
        last = g_get_monotonic_time()
        source = MainLoopSource(milliseconds: 1, priority: G_PRIORITY_HIGH) { [unowned self] in
            let now = g_get_monotonic_time()
            longestMicroseconds = max(longestMicroseconds, now - last)
            last = now
            onBeat()
            return true
        }
    }

    func reset() {
        last = g_get_monotonic_time()
        longestMicroseconds = 0
    }

    var longestMilliseconds: Double { Double(longestMicroseconds) / 1000 }
}

@MainActor
package enum PageBenchmarkTree {
    /// The process's resident set in MiB (/proc/self/statm), for the page and scroll probes.
    package static func residentMiB() -> Double {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }

    /// Prints a page probe's one result line (`page route=… <fields> rss_mib=…`, which the benchmark runner reads)
    /// and ends the process with `status`.
    static func report(route: String, _ fields: [String], status: Int32) -> Never {
        print((["page", "route=\(route)"] + fields + [String(format: "rss_mib=%.1f", residentMiB())]).joined(separator: " "))
        fflush(nil)
        exit(status)
    }

    static func typeName(_ widget: Widget) -> String {
        let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
        return String(cString: g_type_name(instance.pointee.g_class.pointee.g_type))
    }

    /// Every widget under `root` (itself included), breadth first, so outer widgets come before inner ones.
    static func descendants(of root: Widget) -> [Widget] {
        var found: [Widget] = []
        var queue = [root]
        var index = 0
        while index < queue.count, queue.count < 200_000 {
            let widget = queue[index]
            index += 1
            found.append(widget)
            var child = gtk_widget_get_first_child(widget)
            while let next = child {
                queue.append(next)
                child = gtk_widget_get_next_sibling(next)
            }
        }
        return found
    }

    /// The page on top of the navigation stack (the GtkStack holding the tabs and the pushed pages), nil on the tabs.
    static func topPage(in window: Widget) -> Page? {
        for widget in descendants(of: window) where typeName(widget) == "GtkStack" {
            guard gtk_stack_get_child_by_name(opaque(widget), "tabs") != nil else { continue }
            guard let visible = gtk_stack_get_visible_child(opaque(widget)) else { return nil }
            return attachment(of: raw(visible), key: "mayun-page", as: Page.self)
        }
        return nil
    }

    /// A page's state stack: a GtkStack with a "status" child (the loading spinner or the failure) beside what the
    /// page shows once loaded (`StateStack`'s "content", `BlobPage`'s document or code).
    private static func isStateStack(_ widget: Widget) -> Bool {
        typeName(widget) == "GtkStack" && gtk_stack_get_child_by_name(opaque(widget), "status") != nil
    }

    /// The page's outermost state stack has left its status (its first screen has come).
    static func showsContent(_ page: Page) -> Bool {
        guard let stack = descendants(of: widget(page.benchmarkPointer)).first(where: isStateStack),
              let name = gtk_stack_get_visible_child_name(opaque(stack)) else { return false }
        return String(cString: name) != "status"
    }

    /// A mapped button whose label is `label` ("Load more comments").
    static func mappedButton(labelled label: String, in root: Widget) -> Widget? {
        descendants(of: root).first { widget in
            guard typeName(widget) == "GtkButton", gtk_widget_get_mapped(widget) != 0,
                  let text = gtk_button_get_label(typed(widget, as: GtkButton.self)) else { return false }
            return String(cString: text) == label
        }
    }

    /// The mapped scrolled window with the most to scroll: the page's body.
    static func mainScroller(in root: Widget) -> Widget? {
        var best: (widget: Widget, range: Double)?
        for widget in descendants(of: root) where typeName(widget) == "GtkScrolledWindow" && gtk_widget_get_mapped(widget) != 0 {
            let adjustment = gtk_scrolled_window_get_vadjustment(opaque(widget))
            let range = gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
            if range > (best?.range ?? 0) { best = (widget, range) }
        }
        return best?.widget
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}
