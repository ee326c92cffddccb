import CGtk
import Foundation
import GLibRuntime
import MayunCore

/// An image file: fitted to the window, Ctrl+wheel / pinch zoom toward the pointer, drag to pan (all in
/// `ImageView`); the bar above shows size, dimensions and type and offers zoom, Save As… and Open on Website.
@MainActor
final class ImagePage: Page {
    private let viewModel: ImageViewModel
    private let stack: Widget
    private let status: StatusView
    private let image: ImageView
    private let actions: FileActionsBar
    private var shownData: Data?

    init(viewModel: ImageViewModel) {
        self.viewModel = viewModel
        stack = widget(gtk_stack_new())
        status = StatusView(iconName: "image-x-generic-symbolic", title: tr("Loading…"))
        status.setAction(title: tr("Retry")) { viewModel.refresh() }
        image = ImageView(isNight: viewModel.nightMode?.isNight ?? false)
        actions = FileActionsBar(fileName: viewModel.location.fileName, save: { viewModel.save(to: $0) },
                                 openWebsite: { viewModel.openOnWebsite() })
        let root = Build.box(GTK_ORIENTATION_VERTICAL)
        super.init(root: root)

        let zoomOut = actions.button(tr("Zoom Out"), icon: "zoom-out-symbolic")
        let fit = actions.button(tr("Fit"), icon: "zoom-fit-best-symbolic")
        let zoomIn = actions.button(tr("Zoom In"), icon: "zoom-in-symbolic")
        connect(raw(zoomOut), "clicked", main: { [unowned self] in image.zoomOut() })
        connect(raw(fit), "clicked", main: { [unowned self] in image.fit() })
        connect(raw(zoomIn), "clicked", main: { [unowned self] in image.zoomIn() })
        gtk_stack_add_named(opaque(stack), status.root, "status")
        gtk_stack_add_named(opaque(stack), image.root, "image")
        gtk_widget_set_vexpand(stack, 1)
        Build.append(root, actions.root, widget(gtk_separator_new(GTK_ORIENTATION_HORIZONTAL)), stack)
        if let nightMode = viewModel.nightMode { image.follow(nightMode, in: bindings) }

        bindings.bind { [unowned self] in render(viewModel.state, data: viewModel.data, refusal: viewModel.refusal) }
        bindings.bind { [unowned self] in actions.showInfo(viewModel.info) }
        bindings.bind { [unowned self] in actions.showTransfer(viewModel.transfer.state) }
        connect(raw(root), "map", main: { viewModel.start() })
    }

    override var title: String { viewModel.title }

    private func render(_ state: ScreenState, data: Data?, refusal: String?) {
        switch state {
        case .content:
            if let refusal {
                status.update(iconName: "image-x-generic-symbolic", title: tr("This image is not shown"), detail: refusal)
                status.showSpinner(false)
                status.showAction(false)
                gtk_stack_set_visible_child_name(opaque(stack), "status")
            } else if let data {
                if data != shownData {
                    shownData = data
                    image.show(data: data)
                }
                gtk_stack_set_visible_child_name(opaque(stack), "image")
            }
            return
        case .failed(let message):
            status.update(iconName: "network-error-symbolic", title: tr("Could not load this image"), detail: message)
            status.showSpinner(false)
            status.showAction(true)
        default:
            status.update(iconName: nil, title: tr("Loading…"), detail: "")
            status.showSpinner(true)
            status.showAction(false)
        }
        gtk_stack_set_visible_child_name(opaque(stack), "status")
    }
}
