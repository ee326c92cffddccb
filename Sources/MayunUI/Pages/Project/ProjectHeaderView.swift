import Foundation
import GtkKit
import MayunCore

/// Avatar, names, description, facts, badges, the Star and Watch buttons and the share menu.
@MainActor
final class ProjectHeaderView {
    let view = Box(.vertical, spacing: 12, classes: ["project-header"])
    private let avatar: AvatarView
    private let name = Label(classes: ["title-2"], wrap: true, xalign: 0)
    private let humanName = Label(classes: ["dim-label"], xalign: 0, ellipsize: .end)
    private let summary = Label(wrap: true, xalign: 0)
    private let facts = Label(classes: ["dim-label"], wrap: true, xalign: 0)
    private let starButton = Button(label: tr("Star"), classes: ["toggle-action"])
    private let watchButton = Button(label: tr("Watch"), classes: ["toggle-action"])
    /// What waits in the outbox for Star and Watch ("Star: Waiting to send"), with Cancel; hidden when nothing does.
    private let waiting = Box(.horizontal, spacing: 8)
    private let waitingText = Label(classes: ["dim-label"], wrap: true, xalign: 0)

    init(viewModel: ProjectViewModel, images: ImageLoader) {
        avatar = AvatarView(size: 64, images: images)
        summary.isSelectable = true
        let text = Box(.vertical, spacing: 4)
        text.hexpand = true
        text.append(name, humanName, summary, facts)
        let top = Box(.horizontal, spacing: 16)
        top.append(avatar)
        top.append(text)

        starButton.onClicked { viewModel.toggleStar() }
        watchButton.onClicked { viewModel.toggleWatch() }
        let website = Button(label: tr("Open on Website"))
        website.onClicked { viewModel.openWebsite() }
        let share = MenuButton(label: tr("Copy"), entries: [
            MenuEntry(title: tr("Copy Link")) { viewModel.copyLink() },
            MenuEntry(title: tr("Copy HTTPS Clone URL")) { viewModel.copyCloneURL(ssh: false) },
            MenuEntry(title: tr("Copy SSH Clone URL")) { viewModel.copyCloneURL(ssh: true) },
        ])
        share.accessibleLabel = tr("Copy link or clone URL")
        // Two groups that sit on one line on a wide window and wrap onto two on a phone.
        let toggles = Box(.horizontal, spacing: 8)
        toggles.append(starButton, watchButton)
        let links = Box(.horizontal, spacing: 8)
        links.append(website, share)
        let actions = WrappingRow(maxPerLine: 2)
        actions.append(toggles, links)
        waitingText.hexpand = true
        let cancel = Button(label: viewModel.cancelWaitingTitle)
        cancel.onClicked { viewModel.cancelWaitingToggles() }
        waiting.append(waitingText, cancel)
        waiting.isVisible = false
        view.append(top, actions, waiting)
    }

    func showWaiting(_ lines: [String]) {
        waiting.isVisible = !lines.isEmpty
        waitingText.text = lines.joined(separator: "\n")
    }

    func show(_ header: ProjectHeader?) {
        guard let header else { return }
        name.text = header.fullName
        humanName.text = header.humanName ?? ""
        humanName.isVisible = header.humanName != nil
        summary.text = header.description
        let parts = [header.language, header.license, header.forks, header.openIssues, header.updated]
            + header.badges.map(\.title) + [header.homepage?.absoluteString]
        facts.text = parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "  ·  ")
        avatar.show(header.avatarURL)
    }

    func showToggles(star: ToggleState, watch: ToggleState) {
        for (button, toggle) in [(starButton, star), (watchButton, watch)] {
            let glyph = toggle.kind == .star ? (toggle.isOn ? "★" : "☆") : "◉"
            button.label = "\(glyph) \(toggle.label)  \(toggle.countText)"
            button.accessibleLabel = toggle.accessibleLabel
            button.setClass("on", toggle.isOn)
        }
    }
}
