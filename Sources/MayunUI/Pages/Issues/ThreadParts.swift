import GtkKit
import MayunCore

/// What an issue's page and a pull request's page both show, made once: the header, the comments (one budget of
/// decoded images with the description; Edit puts a comment into the composer), the composer, and the changes that
/// wait in the outbox. Each page lays them out with its own rows between them.
@MainActor
final class ThreadParts<Source: IssueHeaderSource & CommentActions & CommentComposerOwner & WaitingChangesSource> {
    let header: IssueHeader
    let comments: CommentThread<Source>
    let composer: CommentComposerView
    let waitingChanges: WaitingChangesView

    /// `stateClass` names the header's badge style for the current state.
    init(viewModel: Source, images: ImageLoader, bylineWraps: Bool, bindings: BindingBag,
         stateClass: @escaping @MainActor () -> String) {
        let imageBudget = PageImageBudget()
        header = IssueHeader(source: viewModel, images: images, imageBudget: imageBudget, bylineWraps: bylineWraps,
                             bindings: bindings, stateClass: stateClass)
        comments = CommentThread(source: viewModel, images: images, imageBudget: imageBudget, bindings: bindings,
                                 actions: viewModel)
        let composer = CommentComposerView(viewModel: viewModel, images: images, bindings: bindings)
        self.composer = composer
        let waitingChanges = WaitingChangesView(cancelTitle: viewModel.cancelWaitingTitle) { [unowned viewModel] change in
            viewModel.cancelWaiting(change)
        }
        self.waitingChanges = waitingChanges
        comments.onEdit = { [unowned composer] in composer.focusText() }
        bindings.bind { [unowned viewModel] in waitingChanges.show(viewModel.waitingChanges) }
    }
}
