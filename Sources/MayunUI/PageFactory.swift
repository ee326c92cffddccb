import GtkKit
import MayunCore

/// Makes the page of each screen (`ProjectViewModel` -> `ProjectPage`, ...). The only place that knows which view
/// shows which model; the switch is exhaustive, so a screen without a page does not compile.
@MainActor
package struct PageFactory {
    let images: ImageLoader

    package init(images: ImageLoader) { self.images = images }

    package func makePage(for screen: Screen) -> Page {
        makePage(for: screen.content)
    }

    func makePage(for content: ScreenContent) -> Page {
        switch content {
        case .projectList(let list): ProjectListPage(viewModel: list, images: images)
        case .project(let project): ProjectPage(viewModel: project, images: images)
        case .tree(let tree): TreePage(viewModel: tree)
        case .commits(let commits): CommitsPage(viewModel: commits)
        case .commit(let commit): CommitPage(viewModel: commit)
        case .releases(let releases): SimpleListPage(viewModel: releases)
        case .release(let release): ReleasePage(viewModel: release, images: images)
        case .issues(let issues): IssuesPage(viewModel: issues, images: images)
        case .user(let user): UserPage(viewModel: user, images: images)
        case .people(let people): SimpleListPage(viewModel: people, images: images)
        case .issue(let issue): IssuePage(viewModel: issue, images: images)
        case .createIssue(let create): CreateIssuePage(viewModel: create, images: images)
        case .pullRequests(let pulls): PullRequestsPage(viewModel: pulls, images: images)
        case .pullRequest(let pull): PullRequestPage(viewModel: pull, images: images)
        case .notifications(let notifications): NotificationsPage(viewModel: notifications, images: images)
        case .login(let login): LoginPage(viewModel: login)
        case .blob(let blob): BlobPage(viewModel: blob, images: images)
        case .image(let image): ImagePage(viewModel: image)
        // A project's branches and tags (issue 28, part B)
        case .branches(let branches): RepositoryListPage(viewModel: branches)
        case .tags(let tags): RepositoryListPage(viewModel: tags)
        case .contributors(let contributors): RepositoryListPage(viewModel: contributors)
        case .organization(let organization): OrganizationPage(viewModel: organization, images: images)
        case .organizations(let organizations): SimpleListPage(viewModel: organizations, images: images)
        // Writing to a repository (issue 27).
        case .fileEditor(let editor): FileEditorPage(viewModel: editor)
        case .newPullRequest(let form): NewPullRequestPage(viewModel: form, images: images)

        case .newFile(let creator): NewFilePage(viewModel: creator)
        }
    }

    // The tabs' pages (they live as long as the window).
    package func makeProjectsTab(_ tab: ProjectsTabViewModel) -> Page { ProjectsTabPage(viewModel: tab, factory: self) }
    package func makeDiscoverTab(_ tab: DiscoverViewModel) -> Page { DiscoverPage(viewModel: tab, images: images) }
    package func makeMineTab(_ tab: MineViewModel) -> Page { MinePage(viewModel: tab, images: images) }
    func makeProjectList(_ list: ProjectListViewModel) -> Page { ProjectListPage(viewModel: list, images: images) }
}
