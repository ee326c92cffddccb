import GiteeKit

/// The model of one pushed page, by kind. The Coordinator makes one for every `Route` and MayunUI makes a page for
/// every case; both are exhaustive switches, so a new screen that lacks either does not compile.
@MainActor
public enum ScreenContent {
    case projectList(ProjectListViewModel)
    case project(ProjectViewModel)
    case tree(TreeViewModel)
    case commits(CommitsViewModel)
    case commit(CommitViewModel)
    case releases(ReleasesViewModel)
    case release(ReleaseViewModel)
    case issues(IssuesViewModel)
    case issue(IssueViewModel)
    case createIssue(CreateIssueViewModel)
    case pullRequests(PullRequestsViewModel)
    case pullRequest(PullRequestViewModel)
    case notifications(NotificationsViewModel)
    case user(UserViewModel)
    case people(PeopleListViewModel)
    case login(LoginViewModel)
    case blob(BlobViewModel)
    case image(ImageViewModel)
    // A project's branches and tags (issue 28, part B)
    case branches(RefListViewModel<GiteeKit.Branch>)
    case tags(RefListViewModel<GiteeKit.Tag>)
    case contributors(ContributorsViewModel)
    case organization(OrganizationViewModel)
    case organizations(OrganizationListViewModel)
    // Writing to a repository (issue 27).
    case fileEditor(FileEditorViewModel)
    // Forks and new pull requests (issue 25).
    case newPullRequest(NewPullRequestViewModel)

    case newFile(NewFileViewModel)

    /// The same model seen through what every page model has.
    public var model: any ScreenModel {
        switch self {
        case .projectList(let model): model
        case .project(let model): model
        case .tree(let model): model
        case .commits(let model): model
        case .commit(let model): model
        case .releases(let model): model
        case .release(let model): model
        case .issues(let model): model
        case .issue(let model): model
        case .createIssue(let model): model
        case .pullRequests(let model): model
        case .pullRequest(let model): model
        case .notifications(let model): model
        case .user(let model): model
        case .people(let model): model
        case .login(let model): model
        case .blob(let model): model
        case .image(let model): model
        case .branches(let model): model
        case .tags(let model): model
        case .contributors(let model): model
        case .organization(let model): model
        case .organizations(let model): model
        case .fileEditor(let model): model
        case .newPullRequest(let model): model

        case .newFile(let model): model
        }
    }
}

/// One screen on the navigation stack: the route it shows and the model made for it.
@MainActor
public struct Screen: Identifiable {
    public let id: Int
    public let route: Route
    public let content: ScreenContent

    public var model: any ScreenModel { content.model }
}
