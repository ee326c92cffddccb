import Foundation
import GtkKit
import MayunCore

/// An image file: fitted to the window, Ctrl+wheel / pinch zoom toward the pointer, drag to pan (all in
/// `ImageView`); the bar above shows size, dimensions and type and offers zoom, Save As… and Open on Website.
@MainActor
final class ImagePage: Page {
    private let viewModel: ImageViewModel
    private let states: StateStack
    private let image: ImageView
    private let actions: FileActionsBar
    /// A failed refresh over the image on screen: the reason, with Retry.
    private let banner: ListBanner
    private var shownData: Data?

    init(viewModel: ImageViewModel) {
        self.viewModel = viewModel
        image = ImageView(isNight: viewModel.nightMode?.isNight ?? false)
        states = StateStack(content: image, failureTitle: tr("Could not load this image")) { viewModel.refresh() }
        actions = FileActionsBar(fileName: viewModel.location.fileName, save: { viewModel.save(to: $0) },
                                 openWebsite: { viewModel.openOnWebsite() })
        banner = ListBanner { viewModel.refresh() }
        let root = Box(.vertical)
        super.init(root: root)

        let zoomOut = actions.button(tr("Zoom Out"), icon: "zoom-out-symbolic")
        let fit = actions.button(tr("Fit"), icon: "zoom-fit-best-symbolic")
        let zoomIn = actions.button(tr("Zoom In"), icon: "zoom-in-symbolic")
        zoomOut.onClicked { [unowned self] in image.zoomOut() }
        fit.onClicked { [unowned self] in image.fit() }
        zoomIn.onClicked { [unowned self] in image.zoomIn() }
        root.append(actions.view, Separator())
        root.append(banner, states)
        if let nightMode = viewModel.nightMode { image.follow(nightMode, in: bindings) }

        bindings.bind { [unowned self] in render(viewModel.state, data: viewModel.data, refusal: viewModel.refusal) }
        bindings.bind { [unowned self] in banner.show(viewModel.banner) }
        bindings.bind { [unowned self] in actions.showInfo(viewModel.info) }
        bindings.bind { [unowned self] in actions.showTransfer(viewModel.transfer.state) }
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    /// Content is either the image or, when it is too large to show, why not.
    private func render(_ state: ScreenState, data: Data?, refusal: String?) {
        if state == .content, let refusal {
            states.showNotice(iconName: "image-x-generic-symbolic", title: tr("This image is not shown"),
                              detail: refusal)
            return
        }
        if state == .content, let data, data != shownData {
            shownData = data
            image.show(data: data)
        }
        states.show(state)
    }
}
