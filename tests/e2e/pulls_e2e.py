#!/usr/bin/python3
"""End-to-end test of pull requests and notifications (issue 15), driven through AT-SPI against FakeGitee.

  1. a project link opens the project; a mouse click on "Pull Requests" lists its open pull requests
  2. a mouse click on the newest one opens it: its title, its branches and its changed files with the diff
  3. (logged in with MAYUN_TOKEN, refreshed every 2 s) a notification created in FakeGitee while another X window has
     the focus becomes a desktop notification (seen by tests/e2e/notification_daemon.py on the session bus)
  4. it is listed on the Notifications page (Mine's button, with the unread badge); a click on it opens its pull
     request and marks it read on the server
  5. another one, about an issue, shown on the desktop and clicked there (the stand-in notification service emits
     ActionInvoked): the issue opens in the window and the notification is read on the server
  6. (issue 26) a third one's desktop "Mark as Read" button (ActionInvoked with the button's action) marks it read on
     the server, and the rows lead with the subjects' titles (the issue's and pull request's own, from FakeGitee)
  7. (issue 25) a member opens an open, mergeable pull request of a project of theirs from a link, comments on it
     with the composer (Ctrl+Enter, one POST), picks Squash, clicks Merge, confirms in the dialog: one PUT .../merge
     with merge_method=squash, and the page then says Merged (as does the server); before merging (issue 25, line
     comments and review) they approve it (asked to review through the API first: POST .../review, "Approved"),
     click a line of the diff, write in the composer that opens under it (Ctrl+Enter: a POST with path, position and
     commit_id), and the comment shows in a thread right under that line

Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and the throwaway keyring, with Debian's /usr/bin/python3.
Synchronisation is polling with a deadline (atspi_helpers), never fixed sleeps.
"""

import json
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
from e2e_support import Scenario, teardown, top, list_row  # noqa: E402
from atspi_helpers import CheckFailed  # noqa: E402
import pulls_member  # noqa: E402

NAME = "pulls"
r = h.Report(NAME)
s = Scenario(r, wheel_x=12)
artifact, shot, seen_labels, settled, back_to_tabs, reveal, click = s.artifact, s.shot, s.seen_labels, s.settled, s.back_to_tabs, s.reveal, s.click
TOKEN = pulls_member.TOKEN
pulls_member.bind(r, s)


def review_requested_filter(server, app, owner, repo, title):
    """"Review requested" asks for the pull requests whose reviewers (`assignees`) include the person; the demo account
    reviews none of this project's, so the list empties; "Everyone's" brings them back."""
    settled(app, lambda: list_row(app, title), f"the open pull request \"{title}\" is listed")
    drop = settled(app, lambda: app.find("Whose pull requests", ("combo box", "push button", "toggle button"),
                                         root=top(app)), "the \"Whose pull requests\" filter shows")
    since = server.last_seq()
    app.click(drop, "the \"Whose pull requests\" filter")
    for _ in range(3):  # Everyone's, Created by me, Test requested, Review requested
        app.key("Down")
    app.key("Return")
    wanted = f"/api/v5/repos/{owner}/{repo}/pulls"
    asked = r.wait_for(lambda: [e for e in server.log(since) if e["method"] == "GET" and e["path"] == wanted
                                and e["fields"].get("assignee") == "mayun-demo"],
                       "\"Review requested\" asks for assignee=mayun-demo", seen=lambda: h.brief_log(server.log(since)))
    r.check(asked[0]["status"] == 200, "answered 200", f"{asked[0]}")
    r.wait_for(lambda: h.find(top(app), "No pull requests here.", ("label",)), "none asks the demo account to review",
               seen=seen_labels(app))
    since = server.last_seq()
    # The drop-down's list is clicked, not keyed: after a choice made with Return, GTK 4.8's drop-down button may
    # need a second click before its list opens again, and keys sent meanwhile go to the page.
    entry = None
    for _ in range(3):
        app.click(drop, "the \"Whose pull requests\" filter")
        entry = wait_briefly(lambda: app.find("Everyone's", ("label", "list item"), root=top(app)))
        if entry is not None:
            break
    r.check(entry is not None, "the filter's list opens again", f"{seen_labels(app)()}")
    app.click(entry, "\"Everyone's\"")
    r.wait_for(lambda: [e for e in server.log(since) if e["method"] == "GET" and e["path"] == wanted
                        and "assignee" not in e["fields"]], "\"Everyone's\" asks without a person",
               seen=lambda: h.brief_log(server.log(since)))


def wait_briefly(find, seconds=3.0):
    """`find()`'s answer once it has one, or None after `seconds` (for something that may need another try)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = find()
        if found is not None:
            return found
        time.sleep(0.1)
    return None


def a_project_with_open_pull_requests(server):
    for project in server.get("/api/v3/projects/featured?per_page=30"):
        owner, repo = project["path_with_namespace"].split("/", 1)
        pulls = server.get(f"/api/v5/repos/{owner}/{repo}/pulls?state=open&per_page=20")
        if pulls and server.get(f"/api/v5/repos/{owner}/{repo}")["open_issues_count"] > 0:
            return owner, repo, pulls[0]
    raise CheckFailed("no Featured project with an open pull request and an open issue")


class NotificationDaemon:
    """tests/e2e/notification_daemon.py on this session bus: what the app shows on the desktop, and clicks on it."""

    def __init__(self):
        self.log = artifact("notifications.jsonl")
        self.proc = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                                   "notification_daemon.py"), self.log],
                                     stdin=subprocess.DEVNULL, start_new_session=True)
        r.wait_for(lambda: os.path.exists(self.log), "a stand-in notification service owns org.freedesktop.Notifications")

    def shown(self, body):
        """Bubbles whose body starts with `body` (what happened; the repository and kind follow it)."""
        with open(self.log) as f:
            return [n for n in map(json.loads, f) if n["body"].startswith(body)]

    def click(self, nid):
        with open(self.log + ".click", "w") as f:
            f.write(str(nid))

    def press(self, bubble, label):
        """Presses the bubble's button labelled `label` (Notify's actions alternate key, label)."""
        actions = bubble["actions"]
        keys = [actions[i] for i in range(0, len(actions) - 1, 2) if actions[i + 1] == label]
        r.check(len(keys) == 1, f"the bubble has a \"{label}\" button", f"{actions}")
        with open(self.log + ".click", "w") as f:
            f.write(f"{bubble['id']} {keys[0]}")

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=10)


def unfocused(make):
    """Runs make() while another X window (xmessage) has the keyboard focus, so the app's window is not active."""
    other = subprocess.Popen(["xmessage", "-geometry", "+900+860", "another window has the focus"],
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                             start_new_session=True)
    try:
        def other_window():
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--name", "^xmessage$"],
                                   capture_output=True, text=True).stdout.split()
            return found[0] if found else None
        wid = r.wait_for(other_window, "another X window (xmessage) is mapped")
        subprocess.run(["xdotool", "windowfocus", "--sync", wid], check=True, timeout=h.TIMEOUT)
        return make()
    finally:
        other.terminate()
        other.wait(timeout=10)


def scenario(state):
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("fake-gitee.log"), ["--latency", "30"])
    server = h.Server(r, server_proc.url)
    app = None
    daemon = NotificationDaemon()
    try:
        owner, repo, pull = a_project_with_open_pull_requests(server)
        number, title = pull["number"], pull["title"]
        files = server.get(f"/api/v5/repos/{owner}/{repo}/pulls/{number}/files")
        first_file = files[0]["filename"]
        first_hunk = files[0]["patch"]["diff"].split("\n")[0]
        env = h.state_env(state, server.url, {"MAYUN_TOKEN": TOKEN, "MAYUN_LOG_NOTIFICATIONS": "1",
                                              "MAYUN_NOTIFICATION_INTERVAL": "2"})

        r.step("1. the project's Pull Requests row lists its open pull requests")
        app = h.App(r, env, artifact("app.log"), "project link",
                    args=[f"{server.url}/{owner}/{repo}"]).wait_window(with_tabs=False)
        r.wait_for(lambda: h.open_project_name(app.frame) == f"{owner}/{repo}", f"the window shows {owner}/{repo}",
                   seen=seen_labels(app))
        app.click(settled(app, lambda: app.find("Pull Requests", ("list item", "label"), root=top(app)),
                          "the \"Pull Requests\" row"), "\"Pull Requests\"")
        r.wait_for(lambda: h.page_title(app.frame) == "Pull Requests", "the Pull Requests page opens",
                   seen=seen_labels(app))
        for name in ("Open", "Merged", "Closed", "All"):
            r.check(app.find(name, ("toggle button", "push button"), root=top(app)) is not None,
                    f"the \"{name}\" filter is there")
        review_requested_filter(server, app, owner, repo, title)
        row = settled(app, lambda: list_row(app, title), f"the newest open pull request \"{title}\" is listed")
        shot("1-list")

        r.step("2. a click opens the pull request with its branches and its diff")
        since = server.last_seq()
        app.click(row, f"\"{title}\"")
        r.wait_for(lambda: h.page_title(app.frame) == f"!{number}", f"the page \"!{number}\" opens",
                   seen=seen_labels(app))
        r.wait_for(lambda: app.find(title, ("label",), root=top(app)), "its title shows", seen=seen_labels(app))
        branches = f"{pull['head']['ref']} into {pull['base']['ref']}"
        r.wait_for(lambda: app.find(branches, ("label",), root=top(app)), f"its branches show: \"{branches}\"",
                   seen=seen_labels(app))
        # The diff is in the Files changed tab (DiffView): a header per file, then its hunks as rows.
        tab = r.wait_for(lambda: app.find("Files changed", ("page tab",), root=top(app)), "the \"Files changed\" tab",
                         seen=seen_labels(app))
        app.click(tab, "\"Files changed\"")
        r.wait_for(lambda: h.find(top(app), lambda n: n.startswith(first_file + " +"), into_rows=True),
                   f"the changed file {first_file} is named with its counts", seen=seen_labels(app))

        def diff_shown():
            return h.find(top(app), first_hunk, ("label",), into_rows=True)
        r.wait_for(diff_shown, f"its diff shows, starting with \"{first_hunk}\"")
        asked = [e["path"] for e in server.log(since)]
        r.check(f"/api/v5/repos/{owner}/{repo}/pulls/{number}/files" in asked, "the files were asked for once the page opened",
                f"{asked}")
        shot("2-pull-request")

        r.step("3. a notification made in FakeGitee while another window has the focus reaches the desktop")

        def make_and_wait():
            status, created = server.call("POST", "/__fake/notifications", {
                "login": "mayun-demo", "repo": f"{owner}/{repo}", "kind": "pull", "number": str(number),
                "title": "E2E 请审查 review request"})
            r.check(status == 201, "FakeGitee made the notification", f"{status} {created!r}")
            shown = r.wait_for(lambda: daemon.shown("E2E 请审查 review request"),
                               "the background refresh shows it on the desktop (org.freedesktop.Notifications.Notify)",
                               seen=lambda: app.tail_log(3))
            return created["id"], shown
        thread_id, shown = unfocused(make_and_wait)
        pull_title = server.get(f"/api/v5/repos/{owner}/{repo}/pulls/{number}")["title"]
        r.check(len(shown) == 1 and shown[0]["summary"] == pull_title and
                shown[0]["body"] == f"E2E 请审查 review request  ·  {owner}/{repo}  ·  Pull request" and
                "default" in shown[0]["actions"] and "Open" in shown[0]["actions"] and
                "Mark as Read" in shown[0]["actions"],
                "one bubble, titled with the pull request's title, saying what happened where, with Open and "
                "Mark as Read", f"{shown}")
        h.focus_window(app.pid)

        r.step("4. the notification is listed; a click opens its pull request and marks it read on the server")
        back_to_tabs(app)
        tab = r.wait_for(lambda: h.find_tab(app.frame, "Mine"), "the Mine tab", seen=seen_labels(app))
        app.click(tab, "tab \"Mine\"")
        r.wait_for(lambda: h.selected(tab) or tab.getState().contains(h.pyatspi.STATE_CHECKED),
                   "the Mine tab is selected after a click", seen=lambda: h.describe(tab))
        button = settled(app, lambda: app.find("Notifications", ("push button",)), "Mine's \"Notifications\" button")
        app.click(button, "\"Notifications\"")
        r.wait_for(lambda: h.page_title(app.frame) == "Notifications", "the Notifications page opens",
                   seen=seen_labels(app))
        item = settled(app, lambda: h.find(top(app), pull_title, ("label",), into_rows=True),
                       "the new notification is listed, led by its pull request's title")
        r.check(h.find(top(app), "E2E 请审查 review request", ("label",), into_rows=True) is not None,
                "what happened is on its row too")
        shot("3-notifications")
        app.click(item, "the notification")
        r.wait_for(lambda: h.page_title(app.frame) == f"!{number}", "the click opens its pull request",
                   seen=seen_labels(app))

        def read_on_server():
            threads = server.get("/__fake/notifications?login=mayun-demo")["threads"]
            return any(t["id"] == thread_id and not t["unread"] for t in threads)
        r.wait_for(read_on_server, "the notification is read on the server")
        marks = [e for e in server.log() if e["method"] == "PATCH"]
        r.check(any(e["path"] == f"/api/v5/notifications/threads/{thread_id}" and e["status"] == 205 for e in marks),
                "the app sent PATCH /notifications/threads/{id} (205)", f"{marks}")
        shot("4-opened")

        r.step("5. clicking a desktop notification opens its page and marks it read")

        def make_issue_notification():
            status, created = server.call("POST", "/__fake/notifications", {
                "login": "mayun-demo", "repo": f"{owner}/{repo}", "kind": "issue", "title": "E2E issue 提醒"})
            r.check(status == 201, "FakeGitee made a notification about an issue", f"{status} {created!r}")
            return created, r.wait_for(lambda: daemon.shown("E2E issue 提醒"), "it shows on the desktop",
                                       seen=lambda: app.tail_log(3))
        issue_note, bubbles = unfocused(make_issue_notification)
        issue_number = issue_note["html_url"].rstrip("/").split("/")[-1]
        daemon.click(bubbles[0]["id"])
        r.wait_for(lambda: h.page_title(app.frame) == f"#{issue_number}",
                   f"the click opens the issue #{issue_number} in the window", seen=seen_labels(app))

        def issue_read():
            threads = server.get("/__fake/notifications?login=mayun-demo")["threads"]
            return any(t["id"] == issue_note["id"] and not t["unread"] for t in threads)
        r.wait_for(issue_read, "and marks it read on the server")
        shot("5-from-desktop")

        r.step("6. a desktop notification's \"Mark as Read\" button marks it read on the server")
        issue_title = issue_note["subject"]["title"]
        r.check(issue_title and "E2E" not in issue_title, "FakeGitee's subject is the issue's own title",
                f"{issue_note['subject']}")

        def make_third():
            status, created = server.call("POST", "/__fake/notifications", {
                "login": "mayun-demo", "repo": f"{owner}/{repo}", "kind": "issue", "content": "E2E 按钮 button"})
            r.check(status == 201, "FakeGitee made a third notification", f"{status} {created!r}")
            return created, r.wait_for(lambda: daemon.shown("E2E 按钮 button"), "it shows on the desktop",
                                       seen=lambda: app.tail_log(3))
        third, third_bubbles = unfocused(make_third)
        r.check(third_bubbles[0]["summary"] == issue_title, "titled with the issue's title", f"{third_bubbles}")
        since = server.last_seq()
        daemon.press(third_bubbles[0], "Mark as Read")

        def third_read():
            threads = server.get("/__fake/notifications?login=mayun-demo")["threads"]
            return any(t["id"] == third["id"] and not t["unread"] for t in threads)
        r.wait_for(third_read, "\"Mark as Read\" on the desktop marks it read on the server")
        marks = [e for e in server.log(since) if e["method"] == "PATCH"]
        r.check(any(e["path"] == f"/api/v5/notifications/threads/{third['id']}" and e["status"] == 205 for e in marks),
                "the app sent PATCH /notifications/threads/{id} (205)", f"{marks}")
        app.quit()
        app = None
        pulls_member.member_comments_and_squash_merges(server, env)
    finally:
        teardown(r, app, daemon, server_proc)


def main():
    return h.scenario_main(r, scenario)


if __name__ == "__main__":
    sys.exit(main())
