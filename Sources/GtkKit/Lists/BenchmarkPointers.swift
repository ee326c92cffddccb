internal import CGtk
internal import GtkBasics
import GiteeKit

/// One project list's widgets and counts, for the list and scroll probes (pointers as in `BenchmarkWindow`).
@MainActor
package struct BenchmarkList {
    private let list: PagedListView<GiteeProject>
    package var listPointer: OpaquePointer { OpaquePointer(list.listWidget) }
    package var scrollerPointer: OpaquePointer { OpaquePointer(list.scrolledWindow) }
    /// The list item factory (GtkListItemFactory), whose bind and unbind signals the scroll probe counts.
    package var rowFactory: UnsafeMutableRawPointer { list.rowFactory }
    package var rowCount: Int { list.rowCount }
    package var isLoadingMore: Bool { list.isLoadingMore }

    package init(_ list: PagedListView<GiteeProject>) { self.list = list }
}

extension Shown {
    /// The root widget for `make bench`'s probes and `mayun-bench` (see `BenchmarkWindow`); pages use `shownRef`.
    package var benchmarkPointer: OpaquePointer { OpaquePointer(shownWidget) }
}

extension DiffView {
    /// The diff's scroller for `make bench`'s page probe (see `BenchmarkWindow`).
    package var benchmarkScroller: OpaquePointer { OpaquePointer(scrolledWindow) }
}
