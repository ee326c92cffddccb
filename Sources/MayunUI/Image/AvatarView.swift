import CGtk
import Foundation

/// A rounded avatar: placeholder icon first, the picture once the image loader has it. Showing another URL (a
/// recycled row) cancels the previous request.
@MainActor
final class AvatarView {
    let root: Widget
    private let images: ImageLoader
    private var ticket: ImageTicket?
    private var shown: URL?

    init(size: Int32, images: ImageLoader) {
        self.images = images
        root = widget(gtk_image_new_from_icon_name("avatar-default-symbolic"))
        gtk_image_set_pixel_size(opaque(root), size)
        gtk_widget_set_valign(root, GTK_ALIGN_START)
        gtk_widget_set_overflow(root, GTK_OVERFLOW_HIDDEN)
        Build.addClasses(root, ["avatar"])
    }

    func show(_ url: URL?) {
        guard url != shown else { return }
        cancel()
        shown = url
        gtk_image_set_from_icon_name(opaque(root), "avatar-default-symbolic")
        guard let url else { return }
        ticket = images.load(url) { [weak self] texture in
            guard let self, let texture else { return }
            gtk_image_set_from_paintable(opaque(self.root), OpaquePointer(texture))
        }
    }

    /// Stops waiting for the picture (the row scrolled away); the next `show` starts over.
    func cancel() {
        ticket?.cancel()
        ticket = nil
        shown = nil
    }
}
