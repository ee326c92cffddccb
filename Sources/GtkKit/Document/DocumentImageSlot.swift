internal import CGtk
import Foundation
import GLibRuntime
import MayunCore

/// One image of a document, laid out at its final size from the start: a box of `ImageFit.box` (the document's
/// width/height, or a fixed size when it gives none) that the picture is scaled into when it arrives, aspect kept,
/// so nothing below it moves. Only a failed image changes size (its alt text replaces the box).
///
/// Its widgets are held weakly (GWeakRef): the text view they are anchored in frees them when it is destroyed,
/// while this object lives on in its `DocumentTextView` (kept until the text view object is finalized, and by a
/// nested view's parent longer still). An image arriving after that (the quit-time flush runs the main loop for up
/// to 10 s) touches nothing; it used to call `gtk_overlay_add_overlay` / `gtk_box_remove` on freed widgets.
@MainActor
package final class DocumentImageSlot {
    package let image: DocumentImage
    private let isBlock: Bool
    private let environment: DocumentEnvironment
    private let rootRef: WeakWidget
    /// Holds the size: an overlay measures only its main child (the sized placeholder), so the picture on top
    /// never grows the box to the image's own size.
    private let frameRef: WeakWidget
    private let sizerRef: WeakWidget
    private var available = 600
    private(set) var state: State = .loading
    /// The download, cancelled when the slot goes (the page was closed or the document replaced).
    nonisolated(unsafe) private var loadTask: Task<Void, Never>?

    package enum State: Equatable { case loading, shown, failed }

    package init(image: DocumentImage, isBlock: Bool, link: Link?, environment: DocumentEnvironment) {
        self.image = image
        self.isBlock = isBlock
        self.environment = environment
        let root = Build.box(GTK_ORIENTATION_HORIZONTAL, classes: ["document-image"])
        gtk_widget_set_halign(root, GTK_ALIGN_START)
        gtk_widget_set_valign(root, GTK_ALIGN_END)
        let frame = widget(gtk_overlay_new())
        let sizer = Build.box(GTK_ORIENTATION_HORIZONTAL, classes: ["document-image-placeholder"])
        gtk_overlay_set_child(opaque(frame), sizer)
        gtk_box_append(typed(root), frame)
        // Floating until the text view takes it (`DocumentTextView.insertImage`, right after this initializer).
        rootRef = WeakWidget(root)
        frameRef = WeakWidget(frame)
        sizerRef = WeakWidget(sizer)
        let tooltip = link?.hint ?? image.title ?? (image.alt.isEmpty ? nil : image.alt)
        gtk_widget_set_tooltip_text(root, tooltip)
        Accessibility.setLabel(root, image.alt.isEmpty ? tr("Image") : image.alt)
        if let link { makeClickable(root, link) }
        resize(available: available)
        attach(self, to: raw(root), key: "mayun-image-slot")
        // Destroyed with its text view: the download stops (the slot object itself may outlive the widgets).
        connect(raw(root), "destroy", main: { [weak self] in self?.loadTask?.cancel() })
        load()
    }

    /// The slot's root while GTK keeps it (nil once freed). For an immediate call only: the text view placing it,
    /// tests measuring it; never stored.
    var root: Widget? {
        var live: Widget?
        rootRef.with { live = $0 }
        return live
    }

    /// The box's size for the pane's width (the same before and after the image loads).
    var boxSize: (width: Int, height: Int) {
        ImageFit.box(requestedWidth: image.width, requestedHeight: image.height, isBlock: isBlock,
                     available: available)
    }

    func resize(available width: Int) {
        available = width
        // The alt text took the box's place (and the box is gone).
        guard state != .failed else { return }
        let size = boxSize
        sizerRef.with { gtk_widget_set_size_request($0, Int32(size.width), Int32(size.height)) }
    }

    private func load() {
        guard let url = image.source, let loader = environment.imageLoader else {
            showAltText()
            return
        }
        loadTask = Task { [weak self] in
            do {
                let decoded = try await loader.image(for: url)
                // A loader that ignores cancellation still answers after the widgets went.
                guard !Task.isCancelled else { return }
                self?.show(decoded)
            } catch let refused as ImageDecodeError {
                // Too many bytes or pixels: the alt text stays, and the tooltip says why.
                self?.showAltText(reason: refused.message)
            } catch {
                if !Task.isCancelled { self?.showAltText() }
            }
        }
    }

    deinit { loadTask?.cancel() }

    private func show(_ decoded: DecodedImage) {
        frameRef.with { frame in
            sizerRef.with { sizer in show(decoded, in: frame, sizer: sizer) }
        }
    }

    private func show(_ decoded: DecodedImage, in frame: Widget, sizer: Widget) {
        let picture = widget(gtk_picture_new())
        gtk_picture_set_can_shrink(opaque(picture), 1)
        // The author's size is honoured (scaled up if need be); a reserved box only ever scales the image down.
        let sized = image.width != nil || image.height != nil
        gtk_picture_set_content_fit(opaque(picture), sized ? GTK_CONTENT_FIT_CONTAIN : GTK_CONTENT_FIT_SCALE_DOWN)
        Accessibility.setLabel(picture, image.alt)
        AnimationPlayer.show(decoded, in: picture)
        gtk_widget_remove_css_class(sizer, "document-image-placeholder")
        gtk_overlay_add_overlay(opaque(frame), picture)
        state = .shown
    }

    private func showAltText(reason: String? = nil) {
        rootRef.with { showAltText(in: $0, reason: reason) }
    }

    private func showAltText(in root: Widget, reason: String?) {
        frameRef.with { gtk_box_remove(typed(root), $0) }
        if let reason { gtk_widget_set_tooltip_text(root, reason) }
        let icon = widget(gtk_image_new_from_icon_name("image-missing-symbolic"))
        // Inline images (badges) keep their alt text on one line: wrapping in a box with no width breaks every letter.
        let label = Build.label(image.alt.isEmpty ? tr("Image") : image.alt, classes: ["dim-label"], wrap: isBlock)
        gtk_box_set_spacing(typed(root), 4)
        Build.append(root, icon, label)
        state = .failed
    }

    private func makeClickable(_ root: Widget, _ link: Link) {
        let click = gtk_gesture_click_new()!
        let environment = self.environment
        connect(UnsafeMutableRawPointer(click), "released", main: {
            if link.target.isFollowable { environment.activate(link) }
        })
        gtk_widget_add_controller(root, click)
        gtk_widget_set_cursor_from_name(root, link.target.isFollowable ? "pointer" : "not-allowed")
    }
}
