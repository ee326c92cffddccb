#!/usr/bin/python3
"""End-to-end test of taking part in an issue (issues 23 and 24), driven with the mouse and keyboard through AT-SPI
against FakeGitee.

  1. an issue link opens the issue logged out: its state by the site's name, and "Log in to comment" where the
     composer goes; the button leads to the login page, and after a token login back to the same issue
  2. comment: typed into the composer, Preview draws it as a document, Ctrl+Enter sends one POST; the comment shows
     without a reload
  3. edit it (Edit, new text, Save: one PATCH), then delete it (Delete asks first; one DELETE)
  3a. (issue 38) a comment sent on a slow link (its answer dripped) and Back at once: the draft goes when the answer
     comes; opened again, the issue shows the comment once and an empty composer (tests/e2e/slow_comment.py)
  3b. @mention completion: "@mayun-d" in the composer reads the project's collaborators once and lists them beside
     the cursor (screenshots light and night), Enter inserts "@mayun-demo "
  3c. a member adds a label (Labels, one PATCH with labels=...), then the project's issue list filtered by that
     label (GET .../issues?labels=...) shows the issue; the pointer resting on its row asks for the issue and its
     comments before any click (issue 41)
  4. a member moves the issue to In progress, then to Closed (PATCH /repos/{owner}/issues/{number} with repo in the
     body); the badge follows
  5. screenshots at 1280 and 360 px, light and night
  5b. (issue 38) the server unreachable, Reopen and a comment show "Waiting to send", survive Ctrl+Q and a new
     launch on the same state folders (Mine lists them), and are sent once (one POST, one PATCH) when it answers
  6. log out on Mine; the issue, opened again, shows "Log in to comment"

Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and the throwaway keyring, with Debian's /usr/bin/python3.
Synchronisation is polling with a deadline (atspi_helpers), never fixed sleeps.
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
from e2e_support import Scenario, teardown, top  # noqa: E402
from atspi_helpers import CheckFailed  # noqa: E402
from slow_comment import back_right_after_a_slow_comment  # noqa: E402
from unplug_proxy import UnplugProxy  # noqa: E402

NAME = "issues"
r = h.Report(NAME)
s = Scenario(r, label_count=40)
artifact, shot, seen_labels, settled, reveal, click = s.artifact, s.shot, s.seen_labels, s.settled, s.reveal, s.click
TOKEN = "mayun-demo-token"
LOGIN = "mayun-demo"
NAME_SHOWN = "Mayun-Demo"  # the account's display name, as comments show it
COMPOSER = "Leave a comment (Markdown; Ctrl+Enter sends)"


def sensitive(acc):
    return acc.getState().contains(h.pyatspi.STATE_SENSITIVE)


def requests(server, since, method, path=None):
    return [e for e in server.log(since) if e["method"] == method and (path is None or e["path"] == path)]


def an_issue_of_the_demo_account(server):
    """An open issue on a project the demo account owns (so it is a member), with someone else's comment."""
    for project in server.get(f"/api/v5/users/{LOGIN}/repos?per_page=50"):
        owner, repo = project["full_name"].split("/", 1)
        if owner != LOGIN:
            continue
        for issue in server.get(f"/api/v5/repos/{owner}/{repo}/issues?state=open&per_page=50"):
            if issue["comments"] > 0:
                return owner, repo, issue
    raise CheckFailed(f"no open issue with comments on a project of {LOGIN}")


def document_showing(app, text):
    """A document pane (a read-only text view) on the page whose text starts with `text`."""
    for view in h.find_all(top(app), lambda n: True, ("text",)):
        if (h.text_of(view) or "").strip().startswith(text):
            return view
    return None


def composer_text(app):
    return app.find(h.entry_named(COMPOSER), ("text", "entry"), root=top(app))


def log_in_from_the_issue(app, server, number):
    r.step("1. logged out, the composer is \"Log in to comment\"; it leads to the login and back")
    click(app, "Log in to comment")
    token_way = r.wait_for(lambda: app.find("Access Token", ("push button", "toggle button", "radio button")),
                           "the login page shows \"Access Token\"", seen=seen_labels(app))
    app.click(token_way, "\"Access Token\"")
    field = r.wait_for(lambda: app.find(h.entry_named("Personal access token"), ("password text", "text")),
                       "the form shows \"Personal access token\"", seen=seen_labels(app))
    app.click(field, "\"Personal access token\"")
    r.wait_for(lambda: h.focused(field), "\"Personal access token\" has the focus after a click")
    app.type(TOKEN)
    log_in = r.wait_for(lambda: next((b for b in h.find_all(app.frame, "Log In", ("push button",)) if sensitive(b)), None),
                        "\"Log In\" becomes sensitive", seen=seen_labels(app))
    app.click(log_in, "\"Log In\"")
    r.wait_for(lambda: h.page_title(app.frame) == f"#{number}", f"back on #{number} after the login",
               seen=seen_labels(app))
    r.wait_for(lambda: composer_text(app), "the composer replaces \"Log in to comment\"", seen=seen_labels(app))


def comment(app, server, owner, repo, number):
    r.step("2. a comment: typed, previewed as a document, sent with Ctrl+Enter, shown without a reload")
    text = reveal(app, lambda: composer_text(app), "the composer")
    app.click(text, "the composer")
    r.wait_for(lambda: h.focused(text), "the composer has the focus after a click")
    app.type("Confirmed on **Debian 12**")
    r.wait_for(lambda: h.text_of(text) == "Confirmed on **Debian 12**", "the comment is in the composer",
               seen=lambda: repr(h.text_of(text)))
    click(app, "Preview")
    r.wait_for(lambda: document_showing(app, "Confirmed on Debian 12"),
               "Preview draws the Markdown as a document (bold, no asterisks)", seen=seen_labels(app))
    shot("1-preview")
    click(app, "Write")
    text = reveal(app, lambda: composer_text(app), "the composer, back")
    app.click(text, "the composer")
    r.wait_for(lambda: h.focused(text), "the composer has the focus again")
    since = server.last_seq()
    app.key("ctrl+Return")
    path = f"/api/v5/repos/{owner}/{repo}/issues/{number}/comments"
    posts = r.wait_for(lambda: [e for e in requests(server, since, "POST", path) if e["status"] == 201],
                       "Ctrl+Enter sends the comment (POST 201)", seen=lambda: h.brief_log(server.log(since)))
    r.check(len(requests(server, since, "POST")) == 1, "one POST", h.brief_log(server.log(since)))
    r.check(posts[0]["fields"].get("body") == "Confirmed on **Debian 12**", "with the typed text", f"{posts[0]}")
    gets = [e for e in requests(server, since, "GET") if "/comments" in e["path"]]
    r.check(gets == [], "the thread was not read again", f"{gets}")
    r.wait_for(lambda: app.find(f"Edit comment by {NAME_SHOWN}", ("push button",), root=top(app)),
               "the new comment shows with Edit and Delete", seen=seen_labels(app))
    shot("2-commented")


def edit_and_delete(app, server, owner, repo):
    r.step("3. edit the comment (one PATCH), then delete it (asks first; one DELETE)")
    click(app, f"Edit comment by {NAME_SHOWN}")
    text = r.wait_for(lambda: (lambda t: t if t and h.text_of(t) == "Confirmed on **Debian 12**" else None)(composer_text(app)),
                      "Edit puts the comment into the composer", seen=seen_labels(app))
    text = reveal(app, lambda: composer_text(app), "the composer")
    app.click(text, "the composer")
    r.wait_for(lambda: h.focused(text), "the composer has the focus")
    app.key("ctrl+a")
    app.type("Confirmed on Debian 12 and 13")
    r.wait_for(lambda: h.text_of(text) == "Confirmed on Debian 12 and 13", "the new text is in the composer",
               seen=lambda: repr(h.text_of(text)))
    since = server.last_seq()
    click(app, "Save")
    patch = r.wait_for(lambda: [e for e in requests(server, since, "PATCH") if e["status"] == 200],
                       "Save sends PATCH .../issues/comments/{id} (200)", seen=lambda: h.brief_log(server.log(since)))
    r.check(patch[0]["path"].startswith(f"/api/v5/repos/{owner}/{repo}/issues/comments/"), "to the comment's address",
            patch[0]["path"])
    r.wait_for(lambda: document_showing(app, "Confirmed on Debian 12 and 13"), "the edited text shows",
               seen=seen_labels(app))

    since = server.last_seq()
    click(app, f"Delete comment by {NAME_SHOWN}")

    def confirmation():
        for d in h.frames(app.app):
            if d.name != "Mayun":
                b = h.find(d, "Delete", ("push button",))
                if b is not None:
                    return d, b
        return None
    dialog, confirm = r.wait_for(confirmation, "Delete asks first, in a dialog", seen=seen_labels(app))
    r.check(requests(server, since, "DELETE") == [], "nothing is deleted while the question is open")
    shot("3-delete-asks")
    h.mouse_click(confirm, dialog, app.pid, "\"Delete\" in the confirmation", r)
    r.wait_for(lambda: [e for e in requests(server, since, "DELETE") if e["status"] == 204],
               "the comment is deleted on the server (DELETE 204)", seen=lambda: h.brief_log(server.log(since)))
    r.wait_for(lambda: document_showing(app, "Confirmed on Debian 12 and 13") is None
               and app.find(f"Edit comment by {NAME_SHOWN}", ("push button",), root=top(app)) is None,
               "and is gone from the thread", seen=seen_labels(app))


def set_night(app, choice):
    """Preferences (Ctrl+comma): Light or Night, then Close."""
    app.key("ctrl+comma")
    preferences = r.wait_for(lambda: h.app_window(app.app, "Preferences"), "Ctrl+comma opens the Preferences window")
    radio = r.wait_for(lambda: h.find(preferences, choice, ("radio button", "check box"), into_rows=True),
                       f"Preferences shows \"{choice}\"", seen=seen_labels(app))
    h.mouse_click(radio, preferences, app.pid, f"\"{choice}\"", r)
    h.mouse_click(h.find(preferences, "Close", ("push button",)), preferences, app.pid, "\"Close\" (Preferences)", r)
    r.wait_for(lambda: h.app_window(app.app, "Preferences") is None, "the Preferences window closes")


def mention_offered(app):
    """The completion list's entry for the demo account, wherever the popover sits in the tree."""
    for root in [app.frame] + h.frames(app.app):
        found = h.find(root, lambda n: "@" + LOGIN in n, ("label", "list item", "row"))
        if found is not None:
            return found
    return None


def mention(app, server, owner, repo):
    r.step("3b. @mention completion lists the project's people beside the cursor; Enter inserts @login")
    text = reveal(app, lambda: composer_text(app), "the composer")
    app.click(text, "the composer")
    r.wait_for(lambda: h.focused(text), "the composer has the focus")
    since = server.last_seq()
    app.type("Thanks @mayun-d")
    path = f"/api/v5/repos/{owner}/{repo}/collaborators"
    r.wait_for(lambda: mention_offered(app), f"the list offers @{LOGIN}", seen=seen_labels(app))
    shot("3b-mention-light")
    set_night(app, "Night")
    r.wait_for(lambda: mention_offered(app), "the list is still there in night mode", seen=seen_labels(app))
    shot("3b-mention-night")
    set_night(app, "Light")
    # Keys go to the main window again (focus_window), whose focus stayed in the composer.
    text = composer_text(app)
    app.key("End")
    r.wait_for(lambda: mention_offered(app), "the list shows with the cursor after the mention", seen=seen_labels(app))
    app.key("Return")
    r.wait_for(lambda: h.text_of(text) == f"Thanks @{LOGIN} ", f"Enter inserts \"@{LOGIN} \"",
               seen=lambda: repr(h.text_of(text)))
    r.wait_for(lambda: mention_offered(app) is None, "and the list closes", seen=seen_labels(app))
    # The member's page read them for its assignee menu; the composer shares that answer (one read per project).
    asked = requests(server, 0, "GET", path)
    r.check(len(asked) == 1 and asked[0]["status"] == 200 and asked[0].get("login") == LOGIN,
            "the project's collaborators were read once, with the token, for the page and its composer",
            h.brief_log(asked))
    r.check(requests(server, since, "GET", path) == [], "typing \"@\" asked nothing more")
    app.key("ctrl+a")
    app.key("BackSpace")
    r.wait_for(lambda: (h.text_of(text) or "") == "", "the composer is emptied again", seen=lambda: repr(h.text_of(text)))


def label_then_filter(app, server, env, owner, repo, number, title):
    r.step("3c. add a label, then filter the project's issue list by it")
    issue = server.get(f"/api/v5/repos/{owner}/{repo}/issues/{number}")
    names = [label["name"] for label in server.get(f"/api/v5/repos/{owner}/{repo}/labels")]
    carried = {label["name"] for label in issue["labels"]}
    chosen = next(n for n in names if n not in carried)
    since = server.last_seq()
    click(app, "Labels")
    check = r.wait_for(lambda: next((c for root in [app.frame] + h.frames(app.app)
                                     for c in [h.find(root, chosen, ("check box",))] if c is not None), None),
                       f"the Labels menu offers \"{chosen}\"", seen=seen_labels(app))
    # GTK 4.8 gives a check box no AT-SPI action: the keyboard, as a person would. The menu opens with the focus
    # on its first check; Tab moves to the next (the chips beside them take no focus), Space toggles.
    for _ in range(names.index(chosen)):
        app.key("Tab")
    app.key("space")
    path = f"/api/v5/repos/{owner}/issues/{number}"
    sent = r.wait_for(lambda: [e for e in requests(server, since, "PATCH", path) if e["status"] == 200],
                      f"the label is sent (PATCH {path} 200)", seen=lambda: h.brief_log(server.log(since)))
    r.check(chosen in sent[0]["fields"].get("labels", "").split(","), f"with labels containing {chosen}",
            f"{sent[0]['fields']}")
    app.key("Escape")
    r.check(chosen in [label["name"] for label in server.get(f"/api/v5/repos/{owner}/{repo}/issues/{number}")["labels"]],
            "the server has the label")

    link = f"{env['MAYUN_SERVER']}/{owner}/{repo}/issues"
    done = subprocess.run([h.BINARY, link], env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=h.TIMEOUT)
    r.check(done.returncode == 0, "`mayun <issues link>` hands the list to the window", f"{done.returncode}")
    r.wait_for(lambda: h.page_title(app.frame) == "Issues", "the project's issues open", seen=seen_labels(app))
    drop = settled(app, lambda: app.find("Show issues with label", ("combo box", "push button", "toggle button"),
                                         root=top(app)), "the label filter shows")
    since = server.last_seq()
    app.click(drop, "the label filter")
    for _ in range(names.index(chosen) + 1):  # "Any label" comes first
        app.key("Down")
    app.key("Return")
    wanted = f"/api/v5/repos/{owner}/{repo}/issues"
    asked = r.wait_for(lambda: [e for e in requests(server, since, "GET", wanted) if e["fields"].get("labels") == chosen],
                       f"the list asks for labels={chosen}", seen=lambda: h.brief_log(server.log(since)))
    r.check(asked[0]["status"] == 200, "answered 200", f"{asked[0]}")
    row = r.wait_for(lambda: h.find(top(app), title, ("label",), into_rows=True),
                     "the labelled issue is in the filtered list", seen=seen_labels(app))
    shot("3c-filtered-by-label")
    # Issue 41: the pointer resting on an issue's row asks for the issue and its first comments before any click.
    x, y, w, hgt = h.screen_rect(row, app.frame, app.pid)
    since = server.last_seq()
    h.move_pointer(x + w // 2, y + hgt // 2)
    own = f"/api/v5/repos/{owner}/{repo}/issues/{number}"
    r.wait_for(lambda: {e["path"] for e in requests(server, since, "GET")} >= {own, own + "/comments"},
               f"the pointer resting on the row asks for {own} and its comments before any click",
               seen=lambda: h.brief_log(server.log(since)))
    r.ok(f"the pointer resting on #{number}'s row asked for it and its comments before any click")
    app.key("alt+Left")
    r.wait_for(lambda: h.page_title(app.frame) == f"#{number}", f"back on #{number}", seen=seen_labels(app))


def move_state(app, server, owner, repo, number):
    r.step("4. a member moves the issue to In progress, then to Closed")
    for button, state, badge in (("Start progress", "progressing", "In progress"), ("Close issue", "closed", "Closed")):
        since = server.last_seq()
        click(app, button)
        path = f"/api/v5/repos/{owner}/issues/{number}"
        sent = r.wait_for(lambda: [e for e in requests(server, since, "PATCH", path) if e["status"] == 200],
                          f"\"{button}\" sends PATCH {path} (200)", seen=lambda: h.brief_log(server.log(since)))
        r.check(sent[0]["fields"].get("state") == state and sent[0]["fields"].get("repo") == repo,
                f"with state={state} and repo={repo} in the body", f"{sent[0]['fields']}")
        r.wait_for(lambda: app.find(badge, ("label",), root=top(app)), f"the badge says \"{badge}\"",
                   seen=seen_labels(app))
        issue = server.get(f"/api/v5/repos/{owner}/{repo}/issues/{number}")
        r.check(issue["state"] == state, f"the server has it {state}", issue["state"])


def screenshots(app):
    r.step("5. the issue at 1280 and 360 px, light and night")
    wid, _ = h.x_main_window(app.pid)

    def at_width(width, height, name):
        subprocess.run(["xdotool", "windowsize", "--sync", wid, str(width), str(height)], check=True)
        r.wait_for(lambda: abs(h.extents(app.frame).width - width) <= 12, f"the window is {width} px wide",
                   seen=lambda: h.describe(app.frame))
        r.wait_for(lambda: app.find("Closed", ("label",), root=top(app)), "the issue is laid out", seen=seen_labels(app))
        shot(name)
    at_width(1280, 900, "4-issue-1280")
    at_width(360, 720, "4-issue-360")
    set_night(app, "Night")
    at_width(360, 720, "4-issue-360-night")
    at_width(1280, 900, "4-issue-1280-night")
    set_night(app, "Light")


OUTBOX_TEXT = "Seen again after the outage"


def outbox_waits(app, server, proxy, env, link, owner, repo, number):
    """Step 5b's first half, on the closed issue: the server refuses connections; a comment and Reopen wait in the
    outbox, shown in place, and nothing reaches FakeGitee. Returns the log's place before it."""
    r.step("5b. the server unreachable: a comment and Reopen wait in the outbox, across a quit and a launch")
    # The issue is opened afresh from its link, so the state buttons are at the top of the page on screen (the
    # scrolled thread is below them). The page open since step 1 was made before the login: it takes the outbox the
    # login attaches too (Coordinator.openPagesTake, OutboxTests.testPagesOpenBeforeTheOutboxIsAttachedTakeItOnce).
    s.back_to_tabs(app)
    done = subprocess.run([h.BINARY, link], env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=h.TIMEOUT)
    r.check(done.returncode == 0, "`mayun <issue link>` opens the issue again", f"{done.returncode}")
    r.wait_for(lambda: h.page_title(app.frame) == f"#{number}" and app.find("Closed", ("label",), root=top(app))
               and composer_text(app), f"#{number} shows, Closed, with the composer", seen=seen_labels(app))
    since = server.last_seq()
    proxy.unplug()
    # Reopen first, while the freshly opened page is at its top (the state buttons are above the thread).
    click(app, "Reopen")
    r.wait_for(lambda: app.find("Open: Waiting to send", ("label",), root=top(app)),
               "Reopen shows \"Open: Waiting to send\" under the state buttons", seen=seen_labels(app))
    r.check(app.find("Closed", ("label",), root=top(app)) is not None, "the badge still says what the server has (Closed)")
    text = reveal(app, lambda: composer_text(app), "the composer")
    app.click(text, "the composer")
    r.wait_for(lambda: h.focused(text), "the composer has the focus")
    app.type(OUTBOX_TEXT)
    r.wait_for(lambda: h.text_of(text) == OUTBOX_TEXT, "the comment is in the composer", seen=lambda: repr(h.text_of(text)))
    app.key("ctrl+Return")
    r.wait_for(lambda: app.find(f"{NAME_SHOWN}  ·  Waiting to send", ("label",), root=top(app)),
               "the comment shows at the end of the thread as \"Waiting to send\"", seen=seen_labels(app))
    r.check(app.find("Cancel sending this comment", ("push button",), root=top(app)) is not None, "with Cancel")
    r.wait_for(lambda: (h.text_of(composer_text(app)) or "") == "", "the composer is emptied",
               seen=lambda: repr(h.text_of(composer_text(app))))
    r.check(not (writes := [e for e in server.log(since) if e["method"] != "GET"]), "nothing reached FakeGitee", h.brief_log(writes))
    shot("5b-waiting")
    return since


def outbox_sent_once(app, server, proxy, env, link, owner, repo, number, since):
    """Step 5b's second half, in the app launched again: Mine lists both writes as waiting; once the server answers
    (the issue's link opened), each is sent exactly once and the page shows them done."""
    tab = r.wait_for(lambda: h.find_tab(app.frame, "Mine"), "the Mine tab", seen=seen_labels(app))
    app.click(tab, "tab \"Mine\"")
    r.wait_for(lambda: app.find("Waiting to send (2)", ("label",), root=top(app)),
               "after the restart, Mine says \"Waiting to send (2)\"", seen=seen_labels(app))
    # The rows are in Show's popover (one line in the page, so a phone's page does not widen).
    click(app, "Show")
    for line in (f"Comment on {owner}/{repo}#{number}: Waiting to send",
                 f"Set {owner}/{repo}#{number} to Open: Waiting to send"):
        r.wait_for(lambda: next((c for root in [app.frame] + h.frames(app.app)
                                 for c in [h.find(root, line, ("label",))] if c is not None), None),
                   f"Mine's Show lists \"{line}\"", seen=seen_labels(app))
        r.ok(f"Mine's Show lists \"{line}\"")
    r.check(not (writes := [e for e in server.log(since) if e["method"] != "GET"]), "still nothing reached FakeGitee",
            h.brief_log(writes))
    shot("5b-waiting-after-restart")
    app.key("Escape")
    proxy.plug()
    done = subprocess.run([h.BINARY, link], env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=h.TIMEOUT)
    r.check(done.returncode == 0, "the server answers again; `mayun <issue link>` opens the issue", f"{done.returncode}")
    comments, state = f"/api/v5/repos/{owner}/{repo}/issues/{number}/comments", f"/api/v5/repos/{owner}/issues/{number}"
    r.wait_for(lambda: [e for e in requests(server, since, "POST", comments) if e["status"] == 201]
               and [e for e in requests(server, since, "PATCH", state) if e["status"] == 200],
               "the comment (POST 201) and the state (PATCH 200) are sent", seen=lambda: h.brief_log(server.log(since)))
    r.wait_for(lambda: h.page_title(app.frame) == f"#{number}" and app.find("Open", ("label",), root=top(app))
               and document_showing(app, OUTBOX_TEXT)
               and app.find(f"Edit comment by {NAME_SHOWN}", ("push button",), root=top(app)),
               "the issue shows Open and the comment as sent (with Edit)", seen=seen_labels(app))
    r.check(app.find(lambda n: "Waiting to send" in n, ("label",), root=top(app)) is None, "nothing waits any more")
    posts, patches = requests(server, since, "POST"), requests(server, since, "PATCH")
    r.check(len(posts) == 1 and posts[0]["path"] == comments and posts[0]["fields"].get("body") == OUTBOX_TEXT,
            "FakeGitee's log: exactly one POST, of the comment's text", h.brief_log(posts))
    r.check(len(patches) == 1 and patches[0]["fields"].get("state") == "open",
            "FakeGitee's log: exactly one PATCH, state=open", h.brief_log(patches))
    shot("5b-sent")


def log_out_and_reopen(app, env, link, number):
    r.step("6. log out; the issue shows \"Log in to comment\" again")
    for _ in range(8):
        depth = len(h.navigation_pages(app.frame))
        if app.find("Back", ("push button",)) is None:
            break
        app.key("alt+Left")
        r.wait_for(lambda: len(h.navigation_pages(app.frame)) < depth or app.find("Back", ("push button",)) is None,
                   f"Alt+Left closes the page on top (depth {depth})", seen=seen_labels(app))
    tab = r.wait_for(lambda: h.find_tab(app.frame, "Mine"), "the Mine tab", seen=seen_labels(app))
    app.click(tab, "tab \"Mine\"")
    r.wait_for(lambda: app.find(h.mine_logged_in, ("push button",)), "Mine shows the account", seen=seen_labels(app))
    h.open_log_out(app, r, seen=seen_labels(app))

    def confirmation():
        for d in h.frames(app.app):
            if d.name != "Mayun":
                b = h.find(d, "Log Out", ("push button",))
                if b is not None:
                    return d, b
        return None
    dialog, confirm = r.wait_for(confirmation, "Log Out asks first", seen=seen_labels(app))
    h.mouse_click(confirm, dialog, app.pid, "\"Log Out\" in the confirmation", r)
    r.wait_for(lambda: app.find("Access Token", ("push button", "toggle button")), "Mine shows the login form again",
               seen=seen_labels(app))
    done = subprocess.run([h.BINARY, link], env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=h.TIMEOUT)
    r.check(done.returncode == 0, "a second `mayun <issue link>` hands the link to the window", f"{done.returncode}")
    r.wait_for(lambda: h.page_title(app.frame) == f"#{number}", f"#{number} opens", seen=seen_labels(app))
    settled(app, lambda: app.find("Log in to comment", ("push button",), root=top(app)),
            "logged out, the composer is \"Log in to comment\" again")
    r.check(composer_text(app) is None, "and there is no composer")
    shot("5-logged-out")


def scenario(state):
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("fake-gitee.log"), ["--latency", "30"])
    server = h.Server(r, server_proc.url)
    # The app talks to FakeGitee through a proxy that step 5b unplugs (the control API is called directly).
    proxy = UnplugProxy(server_proc.port)
    app = None
    try:
        owner, repo, issue = an_issue_of_the_demo_account(server)
        number = issue["number"]
        link = f"{proxy.url}/{owner}/{repo}/issues/{number}"
        env = h.state_env(state, proxy.url)
        app = h.App(r, env, artifact("app.log"), "issue link", args=[link]).wait_window(with_tabs=False)
        r.wait_for(lambda: h.page_title(app.frame) == f"#{number}", f"the link opens #{number}", seen=seen_labels(app))
        r.wait_for(lambda: app.find("Open", ("label",), root=top(app)), "the state shows by its site name (\"Open\")",
                   seen=seen_labels(app))
        r.check(app.find("Start progress", ("push button",), root=top(app)) is None,
                "logged out, no state buttons are shown")
        log_in_from_the_issue(app, server, number)
        comment(app, server, owner, repo, number)
        edit_and_delete(app, server, owner, repo)
        back_right_after_a_slow_comment(r, s, app, server, env, state, link, owner, repo, number, composer_text)
        mention(app, server, owner, repo)
        label_then_filter(app, server, env, owner, repo, number, issue["title"])
        move_state(app, server, owner, repo, number)
        screenshots(app)
        since = outbox_waits(app, server, proxy, env, link, owner, repo, number)
        app.quit()
        app = h.App(r, env, artifact("app.log"), "the app launched again, same state folders")
        app.wait_window()
        outbox_sent_once(app, server, proxy, env, link, owner, repo, number, since)
        log_out_and_reopen(app, env, link, number)
        once = [e for e in server.log(since) if e["method"] in ("POST", "PATCH") and f"/issues/{number}" in e["path"]]
        r.check(len(once) == 2, "a step later, still one POST and one PATCH since the outage", h.brief_log(once))
        app.quit()
    finally:
        teardown(r, app, proxy, server_proc, log_of=server)


def main():
    return h.scenario_main(r, scenario)


if __name__ == "__main__":
    sys.exit(main())
