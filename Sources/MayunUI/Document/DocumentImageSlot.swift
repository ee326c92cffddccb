import CGtk
import Foundation
import GLibRuntime
import MayunCore

/// One image of a document: a placeholder of the expected size while loading, then the picture scaled to the pane
/// (block images) or at its own size (badges), or the alt text when it cannot be loaded.
@MainActor
final class DocumentImageSlot {
    let root: Widget
    let image: DocumentImage
    private let isBlock: Bool
    private let environment: DocumentEnvironment
    private var picture: Widget?
    private var natural: (width: Int, height: Int)?
    private var available = 600
    private(set) var state: State = .loading
    /// The download, cancelled when the slot goes (the page was closed or the document replaced).
    nonisolated(unsafe) private var loadTask: Task<Void, Never>?

    enum State: Equatable { case loading, shown, failed }

    init(image: DocumentImage, isBlock: Bool, link: Link?, environment: DocumentEnvironment) {
        self.image = image
        self.isBlock = isBlock
        self.environment = environment
        root = Build.box(GTK_ORIENTATION_HORIZONTAL, classes: ["document-image"])
        gtk_widget_set_halign(root, GTK_ALIGN_START)
        gtk_widget_set_valign(root, GTK_ALIGN_END)
        let tooltip = link?.hint ?? image.title ?? (image.alt.isEmpty ? nil : image.alt)
        gtk_widget_set_tooltip_text(root, tooltip)
        Accessibility.setLabel(root, image.alt.isEmpty ? tr("Image") : image.alt)
        if let link { makeClickable(link) }
        showPlaceholder()
        attach(self, to: raw(root), key: "mayun-image-slot")
        load()
    }

    func resize(available width: Int) {
        available = width
        guard let picture, let natural else { return }
        let size = ImageFit.size(natural: natural, requestedWidth: image.width, requestedHeight: image.height,
                                 available: available)
        gtk_widget_set_size_request(picture, Int32(size.width), Int32(size.height))
    }

    private func load() {
        guard let url = image.source, let loader = environment.imageLoader else {
            showAltText()
            return
        }
        loadTask = Task { [weak self] in
            do {
                let decoded = try await loader.image(for: url)
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
        clear()
        let picture = widget(gtk_picture_new())
        gtk_picture_set_can_shrink(opaque(picture), 1)
        gtk_picture_set_keep_aspect_ratio(opaque(picture), 1)
        Accessibility.setLabel(picture, image.alt)
        AnimationPlayer.show(decoded, in: picture)
        self.picture = picture
        natural = (decoded.width, decoded.height)
        gtk_box_append(typed(root), picture)
        state = .shown
        resize(available: available)
    }

    private func showPlaceholder() {
        let placeholder = Build.box(GTK_ORIENTATION_HORIZONTAL, classes: ["document-image-placeholder"])
        let width = image.width ?? (isBlock ? 64 : 20), height = image.height ?? (isBlock ? 64 : 20)
        let fitted = ImageFit.size(natural: (width, height), requestedWidth: nil, requestedHeight: nil,
                                   available: available)
        gtk_widget_set_size_request(placeholder, Int32(fitted.width), Int32(fitted.height))
        gtk_box_append(typed(root), placeholder)
    }

    private func showAltText(reason: String? = nil) {
        clear()
        if let reason { gtk_widget_set_tooltip_text(root, reason) }
        let icon = widget(gtk_image_new_from_icon_name("image-missing-symbolic"))
        // Inline images (badges) keep their alt text on one line: wrapping in a box with no width breaks every letter.
        let label = Build.label(image.alt.isEmpty ? tr("Image") : image.alt, classes: ["dim-label"], wrap: isBlock)
        gtk_box_set_spacing(typed(root), 4)
        Build.append(root, icon, label)
        state = .failed
    }

    private func clear() {
        while let child = gtk_widget_get_first_child(root) { gtk_box_remove(typed(root), child) }
        picture = nil
    }

    private func makeClickable(_ link: Link) {
        let click = gtk_gesture_click_new()!
        let environment = self.environment
        connect(UnsafeMutableRawPointer(click), "released", main: {
            if link.target.isFollowable { environment.activate(link) }
        })
        gtk_widget_add_controller(root, click)
        gtk_widget_set_cursor_from_name(root, link.target.isFollowable ? "pointer" : "not-allowed")
    }
}
