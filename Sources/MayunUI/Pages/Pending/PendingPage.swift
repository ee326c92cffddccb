import CGtk
import MayunCore

/// A screen whose feature is still being built: says so, shows nothing fake.
@MainActor
final class PendingPage: Page {
    private let viewModel: PendingScreenViewModel

    init(viewModel: PendingScreenViewModel) {
        self.viewModel = viewModel
        let status = StatusView(iconName: "content-loading-symbolic", title: viewModel.message, detail: viewModel.detail)
        super.init(root: status.root)
    }

    override var title: String { viewModel.title }
}
