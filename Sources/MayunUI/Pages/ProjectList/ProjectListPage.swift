import CGtk
import MayunCore

/// One explore list. Shows the ViewModel's state; the rows arrive with the browsing feature.
@MainActor
final class ProjectListPage: Page {
    private let viewModel: ProjectListViewModel
    private let status: StatusView

    init(viewModel: ProjectListViewModel) {
        self.viewModel = viewModel
        status = StatusView(iconName: "view-list-symbolic", title: "")
        super.init(root: status.root)
        bindings.bind { [unowned self] in render(viewModel.state) }
    }

    override var title: String { viewModel.title }

    private func render(_ state: ScreenState) {
        switch state {
        case .notLoaded(let message): status.update(title: message, detail: "")
        case .loading: status.update(iconName: "content-loading-symbolic", title: tr("Loading…"), detail: "")
        case .content: status.update(title: "", detail: "")
        case .empty(let text): status.update(iconName: "folder-symbolic", title: text, detail: "")
        case .failed(let message): status.update(iconName: "network-error-symbolic", title: message, detail: "")
        }
    }
}
