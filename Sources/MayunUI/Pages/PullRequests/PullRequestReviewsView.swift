import GiteeKit
import GtkKit
import MayunCore

/// Reviewers and testers of a pull request, each with their state (Approved / Waiting); for a member, Approve or
/// Pass test when they are asked, Add (a menu of the project's collaborators) and a Remove button per person. The
/// page keeps it (its bindings hold it unowned). Redrawn whole when anything in it changes (a handful of rows).
@MainActor
final class PullRequestReviewsView: ComposedView {
    private let view = Box(.vertical, spacing: 8, classes: ["card", "pull-reviews"])
    private unowned let viewModel: PullRequestViewModel

    var root: WidgetObject { view }

    init(viewModel: PullRequestViewModel, bindings: BindingBag) {
        self.viewModel = viewModel
        view.setMargins(0)
        bindings.bind { [unowned self] in redraw() }
    }

    private func redraw() {
        view.removeAll()
        view.isVisible = viewModel.showsReviews
        guard viewModel.showsReviews else { return }
        for role in Endpoints.ReviewRole.allCases where viewModel.showsSection(role) { view.append(section(role)) }
    }

    private func section(_ role: Endpoints.ReviewRole) -> Box {
        let box = Box(.vertical, spacing: 4)
        box.setMargins(12)
        let heading = Label(role == .reviewers ? viewModel.reviewersHeading : viewModel.testersHeading,
                            classes: ["heading"], xalign: 0)
        heading.hexpand = true
        let top = Box(.horizontal, spacing: 8)
        top.append(heading)
        let assignable = viewModel.assignable(role)
        if !assignable.isEmpty {
            let entries = assignable.map { person in
                MenuEntry(title: person.name.isEmpty ? person.login : "\(person.name) (\(person.login))") { [weak viewModel] in
                    viewModel?.add(person.login, as: role)
                }
            }
            let add = MenuButton(label: viewModel.addTitle(role), entries: entries)
            add.addClasses(["flat"])
            top.append(add)
        }
        if viewModel.canAccept(role) {
            let accept = Button(label: viewModel.acceptTitle(role), classes: ["suggested-action"])
            accept.onClicked { [weak viewModel] in viewModel?.accept(role) }
            top.append(accept)
        }
        box.append(top)
        let people = viewModel.people(role)
        if people.isEmpty { box.append(Label(viewModel.nobodyAsked, classes: ["dim-label"], xalign: 0)) }
        for person in people {
            let row = Box(.horizontal, spacing: 8)
            let name = Label(person.name, xalign: 0)
            name.hexpand = true
            let state = Label(person.state, classes: person.accepted ? ["success"] : ["dim-label"], xalign: 1)
            row.append(name, state)
            if viewModel.canAct {
                let remove = Button(child: Icon("list-remove-symbolic"), accessibleLabel: viewModel.removeTitle(role, login: person.login),
                                    classes: ["flat", "small-button"])
                remove.tooltip = viewModel.removeTitle(role, login: person.login)
                remove.onClicked { [weak viewModel] in viewModel?.remove(person.login, as: role) }
                row.append(remove)
            }
            box.append(row)
        }
        return box
    }
}
