internal import CGtk
internal import GtkBasics
import GLibRuntime

/// Plays a `GdkPixbufAnimation` in a GtkPicture by swapping in each frame's texture when its delay runs out. It
/// lives as long as the picture (attached to it), so frames stop when the picture goes away.
@MainActor
package final class AnimationPlayer {
    private let iterator: ObjectRef
    // Stored widget pointer: attached to `picture` (goes with it, and its timer with it).
    private let picture: Widget
    private var timer: MainLoopSource?

    /// Starts playing `image` in `picture` (a still image is simply shown).
    static func show(_ image: DecodedImage, in picture: Widget) {
        gtk_picture_set_paintable(opaque(picture), OpaquePointer(image.texturePointer))
        guard let animation = image.animation,
              let iterator = gdk_pixbuf_animation_get_iter(OpaquePointer(animation.pointer), nil)
        else { return }
        let player = AnimationPlayer(iterator: ObjectRef(adopting: UnsafeMutableRawPointer(iterator)), picture: picture)
        attach(player, to: raw(picture), key: "mayun-animation")
        player.scheduleNextFrame()
    }

    private init(iterator: ObjectRef, picture: Widget) {
        self.iterator = iterator
        self.picture = picture
    }

    private var typedIterator: OpaquePointer { OpaquePointer(iterator.pointer) }

    private func scheduleNextFrame() {
        let delay = gdk_pixbuf_animation_iter_get_delay_time(typedIterator)
        guard delay >= 0 else { return }  // -1: the last frame stays forever
        timer = MainLoopSource(milliseconds: UInt32(max(delay, 20)), priority: G_PRIORITY_DEFAULT) { [unowned self] in
            showCurrentFrame()
            return false
        }
    }

    private func showCurrentFrame() {
        gdk_pixbuf_animation_iter_advance(typedIterator, nil)
        if gtk_widget_get_mapped(picture) != 0, let pixbuf = gdk_pixbuf_animation_iter_get_pixbuf(typedIterator),
           let texture = gdk_texture_new_for_pixbuf(pixbuf) {
            gtk_picture_set_paintable(opaque(picture), texture)
            g_object_unref(UnsafeMutableRawPointer(texture))
        }
        scheduleNextFrame()
    }
}
