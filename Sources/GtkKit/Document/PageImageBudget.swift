internal import CGtk
internal import GtkBasics
import Foundation
import MayunCore

/// The bytes of decoded images one page may hold: a README, a file, or an issue's or pull request's whole thread
/// (its comment cards share one). An image is decoded only if the page can hold it: its box's worth is reserved
/// first (what a still decoded within its box costs at most), then set to what it really took. Past the limit,
/// further images show "Image not shown" instead of being decoded; the page never holds more than `limit`.
@MainActor
package final class PageImageBudget {
    /// 96 MiB, three quarters of `ImageLoader.defaultMemoryBudget` (128 MiB), so that a page's images can all stay
    /// in the shared cache with room for avatars and the previous page. Images are decoded within their box (at
    /// most the pane's width): 96 MiB is 13 full-width 1280 x 720 screenshots on a scale-2 display, 50 at scale 1,
    /// or every badge a README could want. A README of ten 10000 x 10000 PNGs held 3-4 GB before.
    nonisolated package static let defaultLimit = 96 * 1024 * 1024

    package let limit: Int
    /// Reserved or held now.
    package private(set) var heldBytes = 0
    /// Images not shown because the page was full (tests).
    package private(set) var refusedCount = 0

    package init(limit: Int = PageImageBudget.defaultLimit) {
        self.limit = max(limit, 0)
    }

    /// Reserves `bytes` for an image about to be decoded; false (nothing reserved) when it does not fit.
    func reserve(_ bytes: Int) -> Bool {
        let bytes = max(bytes, 0)
        guard bytes <= limit - heldBytes else {
            refusedCount += 1
            return false
        }
        heldBytes += bytes
        return true
    }

    /// Turns a reservation into what the image took; false (the reservation dropped) when that does not fit.
    func settle(reserved: Int, actual: Int) -> Bool {
        release(reserved)
        return reserve(actual)
    }

    func release(_ bytes: Int) {
        heldBytes = max(0, heldBytes - max(bytes, 0))
    }

    /// What the placeholder of an image not shown says.
    var refusalMessage: String {
        let megabytes = max(1, Int((Double(heldBytes) / 1_048_576).rounded()))
        return String(format: tr("Image not shown: this page already shows %d MB of images."), megabytes)
    }
}

/// The largest scale factor of the display's monitors: the most device pixels a logical pixel of a pane may take
/// wherever its window goes.
enum DisplayScale {
    @MainActor static var largest: Int {
        guard let display = gdk_display_get_default(), let monitors = gdk_display_get_monitors(display) else { return 1 }
        var largest: Int32 = 1
        for index in 0..<g_list_model_get_n_items(monitors) {
            guard let item = g_list_model_get_item(monitors, index) else { continue }
            largest = max(largest, gdk_monitor_get_scale_factor(OpaquePointer(item)))
            g_object_unref(item)
        }
        return Int(largest)
    }
}
