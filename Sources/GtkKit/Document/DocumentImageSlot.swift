internal import CGtk
internal import GtkBasics
import Foundation
import GLibRuntime
import MayunCore
import MayunDocument

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

    /// What this image holds of its page's `PageImageBudget` (reserved, then what the decoded image took).
    private var budgetBytes = 0

    /// `overBudget`: not decoded, the page already holds its images' worth.
    package enum State: Equatable { case loading, shown, failed, overBudget }

    /// Images are decoded for a pane at least this wide (logical pixels), so that one laid out before the window's
    /// first allocation (640) is not blurred when the pane turns out wider; unsized images keep their 480 x 270 box.
    static let narrowestDecodedPane = 1280

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
        connect(raw(root), "destroy", main: { [weak self] in
            self?.loadTask?.cancel()
            self?.releaseBudget()
        })
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
        guard state != .failed, state != .overBudget else { return }
        let size = boxSize
        sizerRef.with { gtk_widget_set_size_request($0, Int32(size.width), Int32(size.height)) }
    }

    private func load() {
        guard let url = image.source, let loader = environment.imageLoader else {
            showAltText()
            return
        }
        // In a task: the text view sets the pane's width right after this initializer.
        loadTask = Task { [weak self] in
            guard let size = self?.admit() else { return }
            do {
                let decoded = try await loader.image(for: url, size: size)
                // A loader that ignores cancellation still answers after the widgets went (or the document was
                // cleared: its share of the budget goes back).
                guard !Task.isCancelled else {
                    self?.releaseBudget()
                    return
                }
                self?.settle(decoded)
            } catch let refused as ImageDecodeError {
                // Too many bytes or pixels: the alt text stays, and the tooltip says why.
                self?.releaseBudget()
                self?.showAltText(reason: refused.message)
            } catch {
                self?.releaseBudget()
                if !Task.isCancelled { self?.showAltText() }
            }
        }
    }

    deinit { loadTask?.cancel() }

    /// The size to decode within (the box for a pane at least `narrowestDecodedPane` wide, in device pixels), with
    /// its worth reserved in the page's budget; nil, and the "not shown" placeholder, when the page is full.
    private func admit() -> DecodeSize? {
        let box = ImageFit.box(requestedWidth: image.width, requestedHeight: image.height, isBlock: isBlock,
                               available: max(available, Self.narrowestDecodedPane))
        let scale = DisplayScale.largest
        let size = DecodeSize.within(width: box.width * scale, height: box.height * scale)
        let (pixels, overflow) = size.width.multipliedReportingOverflow(by: size.height)
        let bytes = overflow ? Int.max : pixels.multipliedReportingOverflow(by: 4).overflow ? Int.max : pixels * 4
        guard environment.imageBudget.reserve(bytes) else {
            showOverBudget()
            return nil
        }
        budgetBytes = bytes
        return size
    }

    /// Shows `decoded` if the page can hold what it really took (an animation keeps its own size).
    private func settle(_ decoded: DecodedImage) {
        let reserved = budgetBytes
        budgetBytes = 0
        guard environment.imageBudget.settle(reserved: reserved, actual: decoded.byteCost) else {
            showOverBudget()
            return
        }
        budgetBytes = decoded.byteCost
        show(decoded)
    }

    /// Its document was cleared: the download stops and the page's budget gets its bytes back.
    func removed() {
        loadTask?.cancel()
        releaseBudget()
    }

    private func releaseBudget() {
        environment.imageBudget.release(budgetBytes)
        budgetBytes = 0
    }

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
        replaceFrame(in: root, icon: "image-missing-symbolic", text: image.alt.isEmpty ? tr("Image") : image.alt,
                     tooltip: reason)
        state = .failed
    }

    /// The page already holds its images' worth: says so where the image would be, the alt text in the tooltip.
    private func showOverBudget() {
        let message = environment.imageBudget.refusalMessage
        rootRef.with { root in
            replaceFrame(in: root, icon: "image-x-generic-symbolic", text: message,
                         tooltip: image.alt.isEmpty ? nil : image.alt)
        }
        state = .overBudget
    }

    private func replaceFrame(in root: Widget, icon iconName: String, text: String, tooltip: String?) {
        frameRef.with { gtk_box_remove(typed(root), $0) }
        if let tooltip { gtk_widget_set_tooltip_text(root, tooltip) }
        let icon = widget(gtk_image_new_from_icon_name(iconName))
        // Inline images (badges) keep their alt text on one line: wrapping in a box with no width breaks every letter.
        let label = Build.label(text, classes: ["dim-label"], wrap: isBlock)
        gtk_box_set_spacing(typed(root), 4)
        Build.append(root, icon, label)
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
