import CGtk
import FakeGitee
import Foundation
import GLibRuntime
@testable import GiteeKit
@testable import MayunCore
@testable import GtkKit
@testable import MayunShell
@testable import MayunUI
import XCTest

/// Create Issue's labels, assignee and milestone fields (issue 24) in the real window against FakeGitee: a member
/// sees them, filled from the project's labels, collaborators and milestones as the server lists them; what is
/// picked with the widgets (a label's check, a menu entry) shows on the form, is kept in the draft on disk, and is
/// what the POST carries. Someone who is not a member, or no one logged in, never sees them. Screenshots at 1280
/// and 360 px, light and night (tests/artifacts/create-issue-*.png).
final class CreateIssueTriageViewTests: XCTestCase {
    override func setUpWithError() throws { try requireDisplay() }

    func testAMemberPicksLabelsAssigneeAndMilestoneOnTheFormAndTheyAreSentAndKept() throws {
        try onMain {
            for size in [(width: Int32(1280), height: Int32(800)), (width: Int32(360), height: Int32(720))] {
                let fixture = FakeGiteeWindowFixture(size: size)
                defer { fixture.close() }
                try Self.memberFillsTheForm(fixture)
            }
        }
    }

    @MainActor private static func memberFillsTheForm(_ fixture: FakeGiteeWindowFixture) throws {
        let repo = try fixture.project(own: true)
        var labels: [Issue.Label] = [], people: [User] = [], milestones: [Milestone] = []
        fixture.finish("the project's labels, collaborators and milestones") { [client = fixture.client] in
            labels = (try? await client.send(Endpoints.labels(owner: repo.owner, repo: repo.name))) ?? []
            people = (try? await client.send(Endpoints.collaborators(owner: repo.owner, repo: repo.name))) ?? []
            milestones = (try? await client.send(Endpoints.milestones(owner: repo.owner, repo: repo.name))) ?? []
        }
        XCTAssertGreaterThanOrEqual(labels.count, 2, "the seeded project has labels to pick")
        XCTAssertFalse(people.isEmpty)
        XCTAssertFalse(milestones.isEmpty)
        fixture.coordinator.push(.createIssue(repo))
        let form = try XCTUnwrap(fixture.coordinator.top?.model as? CreateIssueViewModel)
        let window = fixture.window
        // The assignee and milestone menus are named by what they hold ("No one", "No milestone" at first).
        let noOne = tr("No one"), noMilestone = tr("No milestone")
        waitUntil("a member's Labels, Assignee and Milestone show", timeout: 10) {
            menuButton(form.labelsTitle, in: window) != nil && menu(startingWith: noOne, in: window) != nil
                && menu(startingWith: noMilestone, in: window) != nil
        }

        // The choices are the project's, in the server's order.
        XCTAssertEqual(labelLines(in: window).map(\.name), labels.map(\.name))
        let assignee = try XCTUnwrap(menu(startingWith: noOne, in: window))
        XCTAssertEqual(menuTitles(of: assignee), [noOne] + people.map {
            $0.name.isEmpty || $0.name == $0.login ? $0.login : "\($0.name) (\($0.login))"
        })
        XCTAssertEqual(buttonLabel(assignee), form.assigneeTitle, "the button says what the menu is for")
        let milestoneMenu = try XCTUnwrap(menu(startingWith: noMilestone, in: window))
        XCTAssertEqual(menuTitles(of: milestoneMenu), [noMilestone] + milestones.map(\.title))
        XCTAssertEqual(buttonLabel(milestoneMenu), form.milestoneTitle)

        // Picked with the widgets: two labels' checks, a collaborator and the last milestone from the menus.
        let picked = [labels[1].name, labels[0].name]
        let checksBefore = labelLines(in: window).map(\.check)
        for name in picked {
            let check = try XCTUnwrap(labelLines(in: window).first { $0.name == name }?.check)
            gtk_check_button_set_active(typed(check, as: GtkCheckButton.self), 1)
            waitUntil("\(name) is in the draft") { form.draft.labels.contains(name) }
        }
        XCTAssertEqual(form.draft.labels, picked)
        waitUntil("the chosen labels show as chips on the form") {
            let shown = visibleLabelTexts(in: window)
            return picked.allSatisfy(shown.contains)
        }
        XCTAssertTrue(labelLines(in: window).filter(\.isOn).map(\.name).sorted() == picked.sorted(),
                      "the popover's checks say what is chosen")
        XCTAssertEqual(labelLines(in: window).map(\.check), checksBefore,
                       "the checks are updated in place (an open popover keeps its lines and focus)")
        let person = try XCTUnwrap(people.firstIndex { $0.login == "mayun-demo" } ?? people.indices.first)
        // The form rebuilds its menus after each choice: look them up again.
        XCTAssertEqual(menu(startingWith: noOne, in: window).map {
            gtk_widget_activate_action_variant($0, "menu.entry-\(person + 1)", nil)
        }, 1)
        waitUntil("the assignee is in the draft") { form.draft.assignee == people[person].login }
        let milestone = milestones[milestones.count - 1]
        XCTAssertEqual(menu(startingWith: noMilestone, in: window).map {
            gtk_widget_activate_action_variant($0, "menu.entry-\(milestones.count)", nil)
        }, 1)
        waitUntil("the milestone is in the draft") { form.draft.milestone == milestone.number }
        waitUntil("each menu says what it is for and what it holds") {
            menu(startingWith: noMilestone, in: window).map(buttonLabel) == "Milestone: \(milestone.title)"
                && menu(startingWith: noOne, in: window).map(buttonLabel)
                    == "Assigned to \(people[person].name.isEmpty ? people[person].login : people[person].name)"
        }

        // Typed like the title, and kept on disk with it.
        let title = "Triage from the form \(UUID().uuidString.prefix(6))"
        let titleEntry = try XCTUnwrap(entry(placeholder: form.titlePlaceholder, in: window))
        gtk_editable_set_text(OpaquePointer(titleEntry), title)
        waitUntil("the title is in the draft") { form.draft.title == title }
        fixture.finish("the draft is written") { [drafts = fixture.coordinator.services.drafts] in await drafts.flush() }
        let kept = DraftStore(directory: fixture.draftsFolder).draft(for: repo)
        XCTAssertEqual(kept.labels, picked, "the choices survive a restart")
        XCTAssertEqual(kept.assignee, people[person].login)
        XCTAssertEqual(kept.milestone, milestone.number)

        fixture.checkLayout("Create Issue, filled")
        fixture.screenshots("create-issue-member")

        FakeGiteeWindowFixture.server.clearLog()
        let submit = try XCTUnwrap(descendants(of: window).first {
            isA($0, gtk_button_get_type()) && gtk_widget_is_drawable($0) != 0
                && gtk_button_get_label(typed($0, as: GtkButton.self)).map { String(cString: $0) } == form.submitTitle
        })
        gtk_widget_activate(submit)
        waitUntil("the issue is created and shown", timeout: 10) { fixture.coordinator.top?.model is IssueViewModel }
        let post = try XCTUnwrap(FakeGiteeWindowFixture.server.requestLog.first {
            $0.method == "POST" && $0.path == "/api/v5/repos/\(repo.owner)/issues"
        })
        XCTAssertEqual(post.status, 201)
        XCTAssertEqual(post.fields["repo"], repo.name)
        XCTAssertEqual(post.fields["title"], title)
        XCTAssertEqual(post.fields["labels"], picked.joined(separator: ","))
        XCTAssertEqual(post.fields["assignee"], people[person].login)
        XCTAssertEqual(post.fields["milestone"], String(milestone.number))
        fixture.finish("the cleared draft is written") { [drafts = fixture.coordinator.services.drafts] in await drafts.flush() }
        XCTAssertEqual(DraftStore(directory: fixture.draftsFolder).draft(for: repo), IssueDraft(),
                       "the draft is cleared once the server has the issue")
    }

    func testSomeoneWhoIsNotAMemberOrNotLoggedInSeesNoTriageFields() throws {
        try onMain {
            for loggedIn in [true, false] {
                let fixture = FakeGiteeWindowFixture(size: (1280, 800), loggedIn: loggedIn)
                defer { fixture.close() }
                let repo = try fixture.project(own: false)
                fixture.coordinator.push(.createIssue(repo))
                let form = try XCTUnwrap(fixture.coordinator.top?.model as? CreateIssueViewModel)
                let window = fixture.window
                waitUntil("the form shows") { entry(placeholder: form.titlePlaceholder, in: window).map { gtk_widget_is_drawable($0) != 0 } == true }
                if loggedIn {
                    waitUntil("the person's permission is read") { form.permission != nil }
                    XCTAssertFalse(form.canTriage)
                } else {
                    // Nothing is read for no one; let whatever the page asked for come back first.
                    fixture.finish("the session settles") { [session = fixture.coordinator.services.session] in await session.start() }
                }
                waitForFrames(of: window, count: 3)
                XCTAssertNil(menuButton(form.labelsTitle, in: window), "no Labels (logged in: \(loggedIn))")
                for first in [tr("No one"), tr("No milestone")] {
                    XCTAssertNil(menu(startingWith: first, in: window), "no \(first) menu (logged in: \(loggedIn))")
                }
                XCTAssertTrue(labelLines(in: window).isEmpty, "no label to check")
                if !loggedIn { fixture.screenshots("create-issue-logged-out") }
            }
        }
    }
}

/// A shown GtkMenuButton whose label is `label`.
@MainActor
private func menuButton(_ label: String, in root: Widget) -> Widget? {
    descendants(of: root).first {
        isA($0, gtk_menu_button_get_type()) && gtk_widget_is_drawable($0) != 0
            && gtk_menu_button_get_label(opaque($0)).map { String(cString: $0) } == label
    }
}

/// A shown GtkMenuButton whose menu starts with `first`.
@MainActor
private func menu(startingWith first: String, in root: Widget) -> Widget? {
    descendants(of: root).first {
        isA($0, gtk_menu_button_get_type()) && gtk_widget_is_drawable($0) != 0 && menuTitles(of: $0).first == first
    }
}

@MainActor
private func buttonLabel(_ button: Widget) -> String? {
    gtk_menu_button_get_label(opaque(button)).map { String(cString: $0) }
}

/// The entries of a menu button's menu, in order.
@MainActor
private func menuTitles(of button: Widget) -> [String] {
    guard let model = gtk_menu_button_get_menu_model(opaque(button)) else { return [] }
    return (0..<g_menu_model_get_n_items(model)).compactMap { index in
        guard let value = g_menu_model_get_item_attribute_value(model, index, "label", nil) else { return nil }
        defer { g_variant_unref(value) }
        return g_variant_get_string(value, nil).map { String(cString: $0) }
    }
}

/// The label chooser's lines (in the Labels popover, open or not): each label's name, its check, and whether it is on.
@MainActor
private func labelLines(in root: Widget) -> [(name: String, check: Widget, isOn: Bool)] {
    descendants(of: root).compactMap { check -> (name: String, check: Widget, isOn: Bool)? in
        guard isA(check, gtk_check_button_get_type()), let chips = gtk_widget_get_next_sibling(check),
              let name = allLabelTexts(in: chips).first else { return nil }
        return (name, check, gtk_check_button_get_active(typed(check, as: GtkCheckButton.self)) != 0)
    }
}

/// The entry showing `placeholder` while empty.
@MainActor
private func entry(placeholder: String, in root: Widget) -> Widget? {
    descendants(of: root).first {
        isA($0, gtk_entry_get_type())
            && gtk_entry_get_placeholder_text(typed($0, as: GtkEntry.self)).map { String(cString: $0) } == placeholder
    }
}
