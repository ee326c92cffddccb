import GtkKit
import MayunCore

/// An organisation: avatar, name and description over a notebook of its Projects and Members.
@MainActor
final class OrganizationPage: Page {
    private let viewModel: OrganizationViewModel
    private let avatar: AvatarView
    // Down to a 360 px phone: the name ellipsizes, the description wraps, the tab strip scrolls.
    private let name = Label(classes: ["title-2"], xalign: 0, ellipsize: .end)
    private let subtitle = Label(classes: ["dim-label"], xalign: 0, ellipsize: .end)
    private let about = Label(wrap: true, xalign: 0)
    private let notebook = Notebook()
    private let projects: ProjectListPage
    private let members: SimpleListPage<PeopleListViewModel>

    init(viewModel: OrganizationViewModel, images: ImageLoader) {
        self.viewModel = viewModel
        avatar = AvatarView(size: 72, images: images)
        projects = ProjectListPage(viewModel: viewModel.projects, images: images)
        members = SimpleListPage(viewModel: viewModel.members, images: images)
        notebook.vexpand = true
        notebook.accessibleLabel = viewModel.pagesLabel
        let root = Box(.vertical)
        let bindings = BindingBag()
        super.init(root: root, bindings: bindings)

        let text = Box(.vertical, spacing: 4)
        text.hexpand = true
        text.append(name, subtitle, about)
        let header = Box(.horizontal, spacing: 12, classes: ["user-header"])
        header.setMargins(12)
        header.append(avatar)
        header.append(text)
        root.append(header, notebook)
        notebook.append(projects, title: tr("Projects"))
        notebook.append(members, title: tr("Members"))
        bindings.bind { [unowned self] in showProfile() }
        notebook.follow({ viewModel.selectedList }, select: { viewModel.selectList($0) }, bindings: bindings)
        onMap { viewModel.start() }
    }

    override var title: String { viewModel.title }

    private func showProfile() {
        name.text = viewModel.name
        subtitle.showText(viewModel.subtitle)
        about.showText(viewModel.about)
        avatar.show(viewModel.avatarURL)
    }
}
