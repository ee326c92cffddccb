internal import CGtk
internal import GtkBasics
import Foundation

/// A rounded avatar of a fixed size: placeholder icon first, the picture once the image loader has it. The picture
/// is decoded once per URL at the size it is drawn (`ImageLoader`'s `fit`) and shared by every row showing it, so a
/// row shows a cached avatar without decoding or scaling anything. Showing another URL (a recycled row) cancels the
/// previous request.
///
/// It owns a reference to its image widget (it is not attached to it, so there is no cycle): a picture that
/// arrives after the row's widgets were destroyed is set on a widget that is still allocated, never on freed memory.
@MainActor
package final class AvatarView {
    let root: Widget
    private let images: ImageLoader
    private let size: Int32
    private var ticket: ImageTicket?
    private var shown: URL?
    private var showsPlaceholder = true

    package init(size: Int32, images: ImageLoader) {
        self.images = images
        self.size = size
        root = widget(gtk_image_new_from_icon_name("avatar-default-symbolic"))
        g_object_ref_sink(raw(root))
        gtk_image_set_pixel_size(opaque(root), size)
        gtk_widget_set_size_request(root, size, size)
        gtk_widget_set_valign(root, GTK_ALIGN_START)
        gtk_widget_set_overflow(root, GTK_OVERFLOW_HIDDEN)
        Build.addClasses(root, ["avatar"])
    }

    package func show(_ url: URL?) {
        guard url != shown else { return }
        cancel()
        shown = url
        var delivered = false
        if let url {
            // Pixels drawn: the widget's size at its scale factor (1 before it is realized on a HiDPI screen).
            let fit = Int(size) * Int(max(1, gtk_widget_get_scale_factor(root)))
            ticket = images.load(url, fit: fit) { [weak self] texture in
                guard let self, let texture else { return }
                delivered = true
                self.showsPlaceholder = false
                gtk_image_set_from_paintable(opaque(self.root), OpaquePointer(texture))
            }
        }
        // A cached picture came synchronously: no placeholder flashes (and no extra relayout) in between.
        if !delivered && !showsPlaceholder {
            showsPlaceholder = true
            gtk_image_set_from_icon_name(opaque(root), "avatar-default-symbolic")
        }
    }

    isolated deinit {
        ticket?.cancel()
        g_object_unref(raw(root))
    }

    /// Stops waiting for the picture (the row scrolled away); the next `show` starts over.
    package func cancel() {
        ticket?.cancel()
        ticket = nil
        shown = nil
    }
}
