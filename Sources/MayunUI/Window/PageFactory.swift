import CGtk
import MayunCore

/// Maps each ViewModel type to its page (`SettingsViewModel` -> `SettingsPage`, ...). The only place that knows
/// which view shows which ViewModel.
@MainActor
struct PageFactory {
    let images: ImageLoader

    func makePage(for screen: Screen) -> Page {
        makePage(for: screen.viewModel)
    }

    func makePage(for viewModel: AnyObject) -> Page {
        switch viewModel {
        case let settings as SettingsViewModel: SettingsPage(viewModel: settings)
        case let list as ProjectListViewModel: ProjectListPage(viewModel: list, images: images)
        case let tab as ProjectsTabViewModel: ProjectsTabPage(viewModel: tab, factory: self)
        case let project as ProjectViewModel: ProjectPage(viewModel: project, images: images)
        case let discover as DiscoverViewModel: DiscoverPage(viewModel: discover, images: images)
        case let tree as TreeViewModel: TreePage(viewModel: tree)
        case let commits as CommitsViewModel: CommitsPage(viewModel: commits)
        case let commit as CommitViewModel: CommitPage(viewModel: commit)
        case let issues as IssuesViewModel: IssuesPage(viewModel: issues, images: images)
        case let user as UserViewModel: UserPage(viewModel: user, images: images)
        case let people as PeopleListViewModel: PeopleListPage(viewModel: people, images: images)
        case let issue as IssueViewModel: IssuePage(viewModel: issue, images: images)
        case let create as CreateIssueViewModel: CreateIssuePage(viewModel: create, images: images)
        case let login as LoginViewModel: LoginPage(viewModel: login)
        case let mine as MineViewModel: MinePage(viewModel: mine, images: images)
        case let blob as BlobViewModel: BlobPage(viewModel: blob, images: images)
        case let image as ImageViewModel: ImagePage(viewModel: image)
        case let pending as PendingScreenViewModel: PendingPage(viewModel: pending)
        default: fatalError("no page for \(type(of: viewModel))")  // a programming error, caught by PageFactoryTests
        }
    }
}
