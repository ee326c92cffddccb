import CGtk
import MayunCore

/// What every part of one rendered document shares: the image loader, the colours, and where link clicks go.
/// Nested views (the body of a `<details>`) use their parent's environment.
@MainActor
final class DocumentEnvironment {
    let imageLoader: (any DocumentImageLoader)?
    var palette: Palette
    var isNight: Bool
    /// Called for a followable link (in-app route, external address, or an anchor the view could not scroll to).
    var activate: (Link) -> Void = { _ in }
    var hover: (String?) -> Void = { _ in }

    init(imageLoader: (any DocumentImageLoader)?, palette: Palette, isNight: Bool) {
        self.imageLoader = imageLoader
        self.palette = palette
        self.isNight = isNight
    }
}

/// A GObject weak pointer: nil once the object is finalized.
@MainActor
final class WeakObject {
    private let slot: UnsafeMutablePointer<gpointer?>

    init(_ object: UnsafeMutableRawPointer) {
        slot = .allocate(capacity: 1)
        slot.initialize(to: object)
        g_object_add_weak_pointer(object.assumingMemoryBound(to: GObject.self), slot)
    }

    var object: UnsafeMutableRawPointer? { slot.pointee }

    isolated deinit {
        if let object = slot.pointee {
            g_object_remove_weak_pointer(object.assumingMemoryBound(to: GObject.self), slot)
        }
        slot.deallocate()
    }
}
