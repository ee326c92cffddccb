extension PullRequestsViewModel: ScreenModel {}
extension PullRequestViewModel: ScreenModel {}
