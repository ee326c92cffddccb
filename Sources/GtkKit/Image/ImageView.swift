internal import CGtk
internal import GtkBasics
import Foundation
import GLibRuntime
import MayunCore

/// An image file, as GNOME's image viewer shows one: fitted to the window at first, zoom toward the cursor with
/// Ctrl+wheel (1.3 per notch) and pinch, Ctrl+plus/minus, Ctrl+0 to fit, Ctrl+1 for 100 %, drag to pan, a checkerboard
/// behind transparency, and the size and dimensions below. Images over 50 MB or 100 megapixels are not decoded;
/// decoding runs off the main thread.
@MainActor
package final class ImageView {
    package enum State: Equatable {
        case empty, loading, shown, refused(String), failed(String)
    }

    // Stored widget pointers: attached to `root`, with its descendants never removed; the decode task, the only
    // writer that can finish later, is cancelled when `root` is destroyed.
    let root: Widget
    package private(set) var state = State.empty
    package private(set) var zoom = 1.0
    package private(set) var isFitting = true
    let scroller: Widget
    let picture: Widget
    let frame: Widget
    private let info: Widget
    private let status: StatusView
    private let stack: Widget
    private let checker: CheckerboardStyle
    private var image: DecodedImage?
    private var byteCount = 0
    private var pointer = (x: 0.0, y: 0.0)
    private var gestureStartZoom = 1.0
    private var dragStart = (x: 0.0, y: 0.0)
    private var loadTask: Task<Void, Never>?

    package init(isNight: Bool = false) {
        picture = widget(gtk_picture_new())
        gtk_picture_set_can_shrink(opaque(picture), 1)
        gtk_picture_set_content_fit(opaque(picture), GTK_CONTENT_FIT_CONTAIN)  // keeps the aspect ratio
        frame = Build.box(GTK_ORIENTATION_HORIZONTAL, classes: ["image-checkerboard"])
        gtk_widget_set_halign(frame, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(frame, GTK_ALIGN_CENTER)
        Build.append(frame, picture)
        checker = CheckerboardStyle(widget: frame, isNight: isNight)

        scroller = widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(opaque(scroller), frame)
        gtk_widget_set_vexpand(scroller, 1)
        gtk_widget_set_hexpand(scroller, 1)
        gtk_widget_set_focusable(scroller, 1)
        Accessibility.setLabel(scroller, tr("Image"))

        status = StatusView(iconName: "image-x-generic-symbolic", title: tr("Loading image…"))
        stack = widget(gtk_stack_new())
        gtk_stack_add_named(opaque(stack), scroller, "image")
        gtk_stack_add_named(opaque(stack), status.root, "status")
        gtk_stack_set_visible_child_name(opaque(stack), "status")

        info = Build.label("", classes: ["dim-label", "image-info"], xalign: 0)
        Build.margins(info, 6)
        root = Build.box(GTK_ORIENTATION_VERTICAL, classes: ["image-view"])
        Build.append(root, stack, info)
        attach(self, to: raw(root), key: "mayun-image-view")
        // GTK frees the children (picture, frame, scroller...) when it destroys the root, before this object goes
        // with the root's finalize: a decode that finishes in between must not touch them.
        connect(raw(root), "destroy", main: { [weak self] in self?.loadTask?.cancel() })
        installControls()
    }

    // MARK: - Inputs

    /// Checks the guards, decodes `data` off the main thread and shows it fitted to the window.
    package func show(data: Data, completion: (@MainActor () -> Void)? = nil) {
        loadTask?.cancel()
        byteCount = data.count
        if let refusal = ImageLimits.check(data) {
            present(.refused(refusal.message))
            completion?()
            return
        }
        present(.loading)
        loadTask = Task { [weak self] in
            let result: Result<DecodedImage, Error>
            do { result = .success(try await ImageDecoder.decodeInBackground(data)) } catch { result = .failure(error) }
            guard let self, !Task.isCancelled else { return }
            switch result {
            case .success(let decoded): display(decoded)
            case .failure(let error as ImageDecodeError): present(error.isRefusal ? .refused(error.message) : .failed(error.message))
            case .failure: present(.failed(tr("This image could not be read.")))
            }
            completion?()
        }
    }

    package func zoomIn() { setZoom(zoom * ZoomGeometry.step, around: viewportCenter) }
    package func zoomOut() { setZoom(zoom / ZoomGeometry.step, around: viewportCenter) }
    func actualSize() { setZoom(1, around: viewportCenter) }

    package func fit() {
        isFitting = true
        applyZoom(geometry.fitZoom, offset: (0, 0))
    }

    /// Zooms to `newZoom`, keeping the image point under `point` (viewport coordinates) where it is.
    func setZoom(_ newZoom: Double, around point: (x: Double, y: Double)) {
        guard image != nil else { return }
        isFitting = false
        let target = ZoomGeometry.clamp(newZoom)
        let offset = geometry.offset(zoomingFrom: zoom, offset: scrollOffset, to: target, around: point)
        applyZoom(target, offset: offset)
    }

    package func apply(isNight: Bool) { checker.apply(isNight: isNight) }

    package func follow(_ nightMode: NightModeViewModel, in bindings: BindingBag) {
        bindings.bind { [weak self] in self?.apply(isNight: nightMode.isNight) }
    }

    /// The text under the image: dimensions, file size and zoom.
    var infoText: String {
        gtk_label_get_text(opaque(info)).map { String(cString: $0) } ?? ""
    }

    // MARK: - Geometry

    package var geometry: ZoomGeometry {
        ZoomGeometry(imageWidth: Double(image?.width ?? 0), imageHeight: Double(image?.height ?? 0),
                     viewportWidth: Double(gtk_widget_get_width(scroller)),
                     viewportHeight: Double(gtk_widget_get_height(scroller)))
    }

    private var horizontal: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_hadjustment(opaque(scroller))! }
    private var vertical: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(opaque(scroller))! }
    var scrollOffset: (x: Double, y: Double) {
        (gtk_adjustment_get_value(horizontal), gtk_adjustment_get_value(vertical))
    }
    private var viewportCenter: (x: Double, y: Double) {
        (Double(gtk_widget_get_width(scroller)) / 2, Double(gtk_widget_get_height(scroller)) / 2)
    }

    private func applyZoom(_ newZoom: Double, offset: (x: Double, y: Double)) {
        guard image != nil else { return }
        zoom = newZoom
        let geometry = self.geometry
        let (width, height) = geometry.displaySize(zoom: zoom)
        gtk_widget_set_size_request(picture, ZoomGeometry.widgetPixels(width), ZoomGeometry.widgetPixels(height))
        // Set the new extent now so the offset is not clamped to the old one before GTK reallocates.
        gtk_adjustment_configure(horizontal, offset.x, 0, max(width, geometry.viewportWidth), 20,
                                 geometry.viewportWidth * 0.9, geometry.viewportWidth)
        gtk_adjustment_configure(vertical, offset.y, 0, max(height, geometry.viewportHeight), 20,
                                 geometry.viewportHeight * 0.9, geometry.viewportHeight)
        updateInfo()
    }

    // MARK: - States

    private func display(_ decoded: DecodedImage) {
        image = decoded
        AnimationPlayer.show(decoded, in: picture)
        present(.shown)
        isFitting = true
        if gtk_widget_get_width(scroller) > 0 { fit() } else { applyZoom(1, offset: (0, 0)) }
    }

    private func present(_ newState: State) {
        state = newState
        switch newState {
        case .shown:
            gtk_stack_set_visible_child_name(opaque(stack), "image")
        case .loading, .empty:
            status.update(iconName: "image-x-generic-symbolic", title: tr("Loading image…"), detail: "")
            gtk_stack_set_visible_child_name(opaque(stack), "status")
        case .refused(let message), .failed(let message):
            status.update(iconName: "image-missing-symbolic", title: tr("Image not shown"), detail: message)
            gtk_stack_set_visible_child_name(opaque(stack), "status")
        }
        updateInfo()
    }

    private func updateInfo() {
        var parts = [ByteSize.format(byteCount)]
        if let image, state == .shown {
            parts.insert("\(image.width) × \(image.height)", at: 0)
            parts.append("\(Int((zoom * 100).rounded())) %")
        }
        gtk_label_set_text(opaque(info), byteCount > 0 ? parts.joined(separator: " · ") : "")
    }

    // MARK: - Controls

    private func installControls() {
        let motion = gtk_event_controller_motion_new()!
        connect(UnsafeMutableRawPointer(motion), "motion", mainWithArguments: { [unowned self] arguments in
            pointer = (arguments.double(at: 1), arguments.double(at: 2))
            return nil
        })
        gtk_widget_add_controller(scroller, motion)

        let scroll = gtk_event_controller_scroll_new(GTK_EVENT_CONTROLLER_SCROLL_VERTICAL)!
        gtk_event_controller_set_propagation_phase(scroll, GTK_PHASE_CAPTURE)
        connect(UnsafeMutableRawPointer(scroll), "scroll", mainWithArguments: { [unowned self] arguments in
            let modifiers = gtk_event_controller_get_current_event_state(scroll)
            guard modifiers.rawValue & GDK_CONTROL_MASK.rawValue != 0 else { return false }
            setZoom(zoom * pow(ZoomGeometry.step, -arguments.double(at: 2)), around: pointer)
            return true
        })
        gtk_widget_add_controller(scroller, scroll)

        let pinch = gtk_gesture_zoom_new()!
        connect(UnsafeMutableRawPointer(pinch), "begin", main: { [unowned self] in gestureStartZoom = zoom })
        connect(UnsafeMutableRawPointer(pinch), "scale-changed", mainWithArguments: { [unowned self] arguments in
            var center = (x: 0.0, y: 0.0)
            _ = gtk_gesture_get_bounding_box_center(pinch,
                                                     &center.x, &center.y)
            setZoom(gestureStartZoom * arguments.double(at: 1), around: center)
            return nil
        })
        gtk_widget_add_controller(scroller, pinch)

        let drag = gtk_gesture_drag_new()!
        connect(UnsafeMutableRawPointer(drag), "drag-begin", main: { [unowned self] in dragStart = scrollOffset })
        connect(UnsafeMutableRawPointer(drag), "drag-update", mainWithArguments: { [unowned self] arguments in
            gtk_adjustment_set_value(horizontal, dragStart.x - arguments.double(at: 1))
            gtk_adjustment_set_value(vertical, dragStart.y - arguments.double(at: 2))
            return nil
        })
        gtk_widget_add_controller(scroller, drag)

        let shortcuts = KeyShortcuts(on: root)
        shortcuts.add("<Control>plus|<Control>equal|<Control>KP_Add") { [unowned self] in zoomIn() }
        shortcuts.add("<Control>minus|<Control>KP_Subtract") { [unowned self] in zoomOut() }
        shortcuts.add("<Control>0|<Control>KP_0") { [unowned self] in fit() }
        shortcuts.add("<Control>1|<Control>KP_1") { [unowned self] in actualSize() }

        // Keep fitting while the window is resized, until the person zooms.
        connect(UnsafeMutableRawPointer(horizontal), "notify::page-size", main: { [unowned self] in
            if isFitting, image != nil, abs(zoom - geometry.fitZoom) > 0.001 { fit() }
        })
    }
}

extension ImageDecodeError {
    var isRefusal: Bool { if case .refused = self { return true } else { return false } }
}

/// The squares behind transparent pixels, in tones that stay visible on light and dark themes. One stylesheet holds
/// both tones; night mode swaps a style class, which GTK restyles at once.
@MainActor
package final class CheckerboardStyle {
    private let widget: Widget
    private static let css: String = {
        func rule(_ selector: String, base: String, square: String) -> String {
            """
            .image-checkerboard.\(selector) { background-color: \(base);
              background-image: linear-gradient(45deg, \(square) 25%, transparent 25%, transparent 75%, \(square) 75%),
                                linear-gradient(45deg, \(square) 25%, transparent 25%, transparent 75%, \(square) 75%);
              background-size: 16px 16px; background-position: 0 0, 8px 8px; }

            """
        }
        return rule("light", base: "#ffffff", square: "#e4e4e4") + rule("night", base: "#2b2b2b", square: "#3a3a3a")
    }()

    init(widget: Widget, isNight: Bool) {
        self.widget = widget
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, Self.css, gssize(Self.css.utf8.count))
        gtk_style_context_add_provider(gtk_widget_get_style_context(widget), OpaquePointer(provider),
                                       guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
        apply(isNight: isNight)
    }

    package func apply(isNight: Bool) {
        gtk_widget_remove_css_class(widget, isNight ? "light" : "night")
        gtk_widget_add_css_class(widget, isNight ? "night" : "light")
    }
}
