#!/usr/bin/python3
"""End-to-end test of the account features (issue 6), driven through AT-SPI and real mouse clicks against FakeGitee.

Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and tests/keyring/start-keyring.sh (a throwaway, unlocked
gnome-keyring), with Debian's /usr/bin/python3. The app keeps its settings, cache and data in one temporary folder
across its restarts.

  1. log in on the Mine tab with a personal access token; the keyring holds it; Mine greets the person
  2. a project is starred; its Owner row opens the owner's page; its Events, Projects, Starred and Watched tabs
     are opened
  3. Issues -> New Issue: title and body typed, Submit; FakeGitee received both (request log and its issue list);
     the new issue's page opens and it tops the project's issue list
  4. FakeGitee fails the next create with 500: the error shows and the draft stays; quit, restart, the create page
     holds the draft; 4b. submitted on a slow answer and Back pressed meanwhile: the Issues list stays on top
     (tests/e2e/slow_create.py)
  5. Mine's account pages, when Mine has them (Starred shows the project starred in step 2); Log Out on Mine: the
     keyring no longer holds the token

Prints PASS/FAIL lines, and on failure what it saw (labels, the server's log, the accessible tree and a screenshot
in tests/artifacts/account-*).
"""

import glob
import json
import os
import re
import sys
import time

import gi

gi.require_version("Secret", "1")
from gi.repository import Secret  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
from e2e_support import Scenario, teardown  # noqa: E402
from atspi_helpers import CheckFailed  # noqa: E402
from slow_create import back_during_a_slow_create  # noqa: E402

NAME = "signin"
r = h.Report(NAME)
s = Scenario(r)
artifact, shot, seen_labels = s.artifact, s.shot, s.seen_labels
TOKEN = "mayun-demo-token"
# The project page's Owner / Code / Issues... rows are AdwActionRows: each is a list item named by its title (its
# title label sits deeper in the row than the walks look).
PROJECT_ROW_ROLES = ("list item", "label")
LOGIN = "mayun-demo"
SCHEMA = Secret.Schema.new("io.gitee.Mayun.Token", Secret.SchemaFlags.DONT_MATCH_NAME,
                           {"server": Secret.SchemaAttributeType.STRING, "kind": Secret.SchemaAttributeType.STRING})


def requests(server, since, method, pattern, statuses=None):
    rx = re.compile(pattern)
    return [e for e in server.log(since) if e["method"] == method and rx.search(e["path"])
            and (statuses is None or e["status"] in statuses)]


def keyring_logins():
    """Every Mayun login item in the keyring: [(attributes, secret)]."""
    items = Secret.password_search_sync(SCHEMA, {"kind": "account"},
                                        Secret.SearchFlags.ALL | Secret.SearchFlags.UNLOCK |
                                        Secret.SearchFlags.LOAD_SECRETS, None)
    out = []
    for item in items:
        value = item.get_secret()
        out.append((dict(item.get_attributes()), value.get_text() if value else None))
    return out


def button(app, name, what=None):
    return r.wait_for(lambda: app.find(name, ("push button", "toggle button")), what or f"button \"{name}\" shows",
                      seen=seen_labels(app))


def click_named(app, name, roles=("push button", "toggle button", "label"), what=None):
    acc = r.wait_for(lambda: app.find(name, roles), what or f"\"{name}\" shows", seen=seen_labels(app))
    app.click(acc, f"\"{name}\"")
    return acc


def user_pages(app, login):
    """The notebook of login's user page, by its accessible name: Mine embeds a user page of its own, which GTK 4.8
    keeps reporting as visible while another page covers it."""
    return app.find(f"Pages of {login}", None)


def user_tab(app, login, name):
    pages = user_pages(app, login)
    return pages and h.find_tab(pages, name, notebook_only=True)


def open_tab(app, name, login=None):
    """A window tab (login None) or a tab of login's user page, clicked with the mouse until it is selected."""
    find = (lambda: h.find_tab(app.frame, name)) if login is None else (lambda: user_tab(app, login, name))
    tab = r.wait_for(find, f"tab \"{name}\" shows" + (f" on {login}'s page" if login else ""),
                     seen=seen_labels(app))
    app.click(tab, f"tab \"{name}\"")
    r.wait_for(lambda: h.selected(tab) or tab.getState().contains(h.pyatspi.STATE_CHECKED),
               f"tab \"{name}\" is selected after a click", seen=lambda: h.describe(tab))
    return tab


def back_to_tabs(app):
    """Clicks the header's Back button until the tab switcher shows again (pages pushed over the tabs close)."""
    for _ in range(8):
        back = app.find("Back", ("push button",))
        if back is None:
            return
        before = h.page_title(app.frame)
        app.click(back, f"\"Back\" (on {before!r})")
        r.wait_for(lambda: app.find("Back", ("push button",)) is None or h.page_title(app.frame) != before,
                   f"\"Back\" leaves {before!r}", seen=seen_labels(app))
    r.fail("Back never reached the tabs")
    raise CheckFailed("back_to_tabs")


def page_content(app, page):
    """What a notebook page shows: its rows, or its labels (an empty or error state)."""
    rows = [n for lst in h.lists(page) for _, n in h.rows_of(lst, app.frame)]
    if rows:
        return f"{len(rows)} rows, first {rows[0][:50]!r}"
    texts = [t for t in h.labels(page, app.frame) if t not in ("Loading…",)]
    return f"says {' / '.join(repr(t[:50]) for t in texts[:3])}" if texts else None


# ---------------------------------------------------------------------------------------------------------------

def log_in(app, server):
    r.step("1. log in on Mine with a personal access token")
    open_tab(app, "Mine")
    token_way = r.wait_for(lambda: app.find("Access Token", ("push button", "toggle button", "radio button")),
                           "Mine shows the login form with \"Access Token\"", seen=seen_labels(app))
    app.click(token_way, "\"Access Token\"")
    field = r.wait_for(lambda: app.find(h.entry_named("Personal access token"), ("password text", "text")),
                       "the form shows \"Personal access token\"", seen=seen_labels(app))
    app.click(field, "\"Personal access token\"")
    r.wait_for(lambda: h.focused(field), "\"Personal access token\" has the focus after a click")
    app.type(TOKEN)
    log_in = r.wait_for(lambda: next((b for b in h.find_all(app.frame, "Log In", ("push button",))
                                      if b.getState().contains(h.pyatspi.STATE_SENSITIVE)), None),
                        "\"Log In\" becomes sensitive", seen=seen_labels(app))
    since = server.last_seq()
    app.click(log_in, "\"Log In\"")
    # Mine turns into the person's account page: their profile with its count buttons (earlier: a "Logged in as"
    # greeting; account actions are in the header bar's switcher since issue 26).
    greeting = r.wait_for(lambda: app.find(lambda n: n.startswith("Logged in") or h.mine_logged_in(n),
                                           ("label", "push button")),
                          "Mine shows the logged-in person (account page with its counts)",
                          seen=lambda: f"{seen_labels(app)()}; server: {h.brief_log(server.log(since))}")
    user = requests(server, since, "GET", r"^/api/v5/user$")
    r.check(user and user[0]["login"] == LOGIN and user[0]["token"] in ("bearer", "query"),
            f"GET /api/v5/user carried {LOGIN}'s token", h.brief_log(server.log(since)))
    r.wait_for(lambda: app.find(lambda n: n in ("@" + LOGIN, LOGIN), ("label",)), f"Mine shows \"{LOGIN}\"",
               seen=seen_labels(app))
    r.ok(f"logged in with the access token: {greeting.name!r}, @{LOGIN}")
    items = r.wait_for(lambda: [i for i in keyring_logins() if TOKEN in (i[1] or "")],
                       "the keyring holds the token (schema io.gitee.Mayun.Token, kind=account, login)",
                       seen=lambda: [a for a, _ in keyring_logins()])
    r.ok(f"the keyring holds the login for server={items[0][0].get('server')!r}")
    shot("1-mine-logged-in")


def mine_pages(app, starred):
    """Mine's account pages, when the Mine tab has them: Events, Projects, Starred (with the project starred earlier
    in this run) and Watched."""
    r.wait_for(lambda: user_tab(app, LOGIN, "Starred"), f"Mine shows the pages of {LOGIN}", seen=seen_labels(app))
    for name in ("Events", "Projects", "Starred", "Watched"):
        tab = open_tab(app, name, login=LOGIN)
        page = h.notebook_page_of(tab)
        if name == "Starred":
            r.wait_for(lambda: any(n.startswith(starred + ",") for _, n in h.project_rows(page, app.frame)),
                       f"Mine: Starred shows {starred}, starred earlier in this run",
                       seen=lambda: [n[:40] for _, n in h.project_rows(page, app.frame)])
        text = r.wait_for(lambda: page_content(app, page), f"Mine: {name} shows rows or a state",
                          seen=seen_labels(app))
        r.ok(f"Mine: {name} {text}")


def star(app, server, full):
    """Star, logged in: the PUT arrives with the token and the button turns into Unstar."""
    owner, repo = full.split("/", 1)
    button_ = r.wait_for(lambda: app.find(lambda n: n.startswith("Star, "), ("push button",)),
                         f"{full}: \"Star, <count>\" shows", seen=seen_labels(app))
    since = server.last_seq()
    app.click(button_, f"\"{button_.name}\"")
    put = r.wait_for(lambda: requests(server, since, "PUT", rf"^/api/v5/user/starred/{re.escape(owner)}/"
                                                          rf"{re.escape(repo)}$"),
                     f"PUT /api/v5/user/starred/{full} reaches FakeGitee", seen=lambda: h.brief_log(server.log(since)))
    r.check(put[0]["login"] == LOGIN and put[0]["status"] in (200, 204),
            f"{full} starred by {LOGIN} ({put[0]['status']})", f"logged: {put[0]}")
    r.wait_for(lambda: app.find(lambda n: n.startswith("Unstar, "), ("push button",)),
               "the button reads \"Unstar, <count>\"", seen=seen_labels(app))


def open_featured_project(app):
    open_tab(app, "Projects")
    featured = open_tab(app, "Featured")
    page = h.notebook_page_of(featured)
    r.wait_for(lambda: h.project_rows(page, app.frame), "Featured rows show", seen=seen_labels(app))
    # Rows of a page that was hidden (we come from Mine) keep stale extents in GTK 4.8: click by position, under the
    # tab, where the second row is (rows are about 80 px tall), and read which project opened.
    x, y, w, hgt = h.screen_rect(featured, app.frame, app.pid)
    for attempt in range(3):
        h.move_pointer(x + 200, y + hgt + 120)
        h.run(["xdotool", "click", "1"], check=True)
        r.log(f"      (clicked the second Featured row by position at {x + 200},{y + hgt + 120})")
        try:
            full = r.wait_for(lambda: h.open_project_name(app.frame), "a project page opens",
                              timeout=10 if attempt < 2 else h.TIMEOUT, seen=seen_labels(app), quiet=attempt < 2)
            break
        except CheckFailed:
            if attempt == 2:
                raise
    r.wait_for(lambda: app.find("Owner", PROJECT_ROW_ROLES), f"the project page of {full} shows its Owner row",
               seen=seen_labels(app))
    return full


def owner_page(app, server):
    r.step("2. star a project; its Owner row opens the owner's page")
    full = open_featured_project(app)
    star(app, server, full)
    owner = full.split("/")[0]
    since = server.last_seq()
    click_named(app, "Owner", PROJECT_ROW_ROLES)
    r.wait_for(lambda: requests(server, since, "GET", rf"^/api/v5/users/{re.escape(owner)}$"),
               f"GET /api/v5/users/{owner} reaches FakeGitee", seen=lambda: h.brief_log(server.log(since)))
    r.wait_for(lambda: user_tab(app, owner, "Projects"), f"the user page of {owner} shows its tabs",
               seen=seen_labels(app))
    profile = requests(server, since, "GET", rf"^/api/v5/users/{re.escape(owner)}$")
    shown = []
    for name in ("Events", "Projects", "Starred", "Watched"):
        tab = user_tab(app, owner, name)
        if tab is None:  # an organisation has only Projects
            continue
        open_tab(app, name, login=owner)
        page = h.notebook_page_of(tab)
        text = r.wait_for(lambda: page_content(app, page), f"{owner}: {name} shows rows or a state",
                          seen=seen_labels(app))
        shown.append(f"{name}: {text}")
    r.ok(f"user page of {owner} ({profile[0]['status']}): " + "; ".join(shown))
    shot("2-owner")
    click_named(app, "Back", ("push button",))
    r.wait_for(lambda: app.find("Issues", PROJECT_ROW_ROLES), "back on the project page", seen=seen_labels(app))
    return full


def type_issue(app, title, body_lines):
    title_entry = r.wait_for(lambda: app.find(h.entry_named("Title"), ("text", "entry")),
                             "the New Issue page shows \"Title\"", seen=seen_labels(app))
    body_view = app.find(h.entry_named("Leave a description (Markdown)"), ("text", "entry"))
    r.check(body_view is not None, "the New Issue page shows the description field", seen_labels(app)())
    submit = app.find("Submit", ("push button",))
    r.check(submit is not None and not sensitive(submit), "\"Submit\" is insensitive while the title is empty",
            submit and h.describe(submit))
    app.click(title_entry, "\"Title\"")
    r.wait_for(lambda: h.focused(title_entry), "\"Title\" has the focus after a click")
    app.type(title)
    app.click(body_view, "the description")
    r.wait_for(lambda: h.focused(body_view), "the description has the focus after a click")
    for i, line in enumerate(body_lines):
        if i:
            app.key("Return")
        app.type(line)
    body = "\n".join(body_lines)
    # GTK 4.8 exposes no text for a GtkEntry over AT-SPI: the title shows in Submit turning sensitive (it needs a
    # title) and in the draft file; the description is read back.
    r.wait_for(lambda: h.text_of(body_view) == body and sensitive(submit),
               "the description is in its field and \"Submit\" turned sensitive (the title is there)",
               seen=lambda: f"body {h.text_of(body_view)!r}, {h.describe(submit)}")
    return body


def sensitive(acc):
    return acc.getState().contains(h.pyatspi.STATE_SENSITIVE)


def draft_files(state):
    return glob.glob(os.path.join(state, "data", "**", "*.json"), recursive=True)


def saved_draft(state, owner, repo):
    for path in draft_files(state):
        if os.path.basename(path) == f"{owner}__{repo}.json":
            with open(path) as f:
                return json.load(f)
    return None


def create_issue(app, server, full):
    r.step("3. create an issue")
    owner, repo = full.split("/", 1)
    click_named(app, "Issues", PROJECT_ROW_ROLES)
    new = button(app, "New Issue", "the Issues page shows \"New Issue\"")
    app.click(new, "\"New Issue\"")
    stamp = time.strftime("%H%M%S")
    title = f"E2E issue {stamp}: the list scrolls past the end"
    body = type_issue(app, title, ["Steps:", "1. open Popular", f"2. scroll ({stamp})"])
    since = server.last_seq()
    click_named(app, "Submit", ("push button",))
    # Gitee creates issues at POST /v5/repos/{owner}/issues with the repository in the `repo` field.
    path = rf"^/api/v5/repos/{re.escape(owner)}/issues$"
    post = r.wait_for(lambda: requests(server, since, "POST", path),
                      f"POST /api/v5/repos/{owner}/issues reaches FakeGitee", seen=lambda: h.brief_log(server.log(since)))
    e = post[0]
    r.check(e["status"] == 201 and e["fields"].get("repo") == repo and e["fields"].get("title") == title
            and e["fields"].get("body") == body and e["login"] == LOGIN,
            f"FakeGitee got the issue from {LOGIN} for repo={repo} with the typed title and body "
            f"(status {e['status']})", f"logged: {e}")
    listed = server.get(f"/api/v5/repos/{owner}/{repo}/issues?state=open&page=1&per_page=5")
    r.check(listed and listed[0]["title"] == title and listed[0].get("body") == body,
            f"FakeGitee lists it first: #{listed[0]['number']} {listed[0]['title']!r}",
            f"first: {listed[0] if listed else None}")
    number = listed[0]["number"]
    r.wait_for(lambda: app.find(title, ("label",)) and app.find("Comments", ("label",)),
               f"the page of issue #{number} opens", seen=seen_labels(app))
    r.ok(f"the new issue's page shows {title!r}")
    shot("3-issue-created")
    click_named(app, "Back", ("push button",))
    def issue_list_top():
        for lst in h.lists(app.frame):
            rows = h.rows_of(lst, app.frame)
            if any(n.startswith(title) for _, n in rows):
                return rows[0][1]
        return None
    top = r.wait_for(issue_list_top, "the Issues list shows the new issue",
                     seen=lambda: [[n[:40] for _, n in h.rows_of(lst, app.frame)[:2]] for lst in h.lists(app.frame)])
    r.check(top.startswith(title), f"the new issue tops the Issues list ({top[:70]!r})")
    return number


def failed_create(app, server, full, state):
    r.step("4. FakeGitee fails the next create with 500; the draft survives a restart")
    owner, repo = full.split("/", 1)
    rule = server.fault(kind="status", status=500, method="POST", path="/api/v5/repos/*/issues", count=1)
    r.ok(f"fault rule {rule.get('id')}: the next POST .../issues gets 500")
    new = button(app, "New Issue", "the Issues page shows \"New Issue\"")
    app.click(new, "\"New Issue\"")
    stamp = time.strftime("%H%M%S")
    title = f"Draft {stamp} that must survive"
    body = type_issue(app, title, [f"Written before a server error ({stamp}).", "Second line."])
    since = server.last_seq()
    click_named(app, "Submit", ("push button",))
    post = r.wait_for(lambda: requests(server, since, "POST", r"^/api/v5/repos/[^/]+/issues$"),
                      "the POST reaches FakeGitee", seen=lambda: h.brief_log(server.log(since)))
    r.check(post[0]["status"] == 500 and post[0]["fault"], f"FakeGitee answered it with the fault ({post[0]['status']})",
            f"logged: {post[0]}")
    error = r.wait_for(lambda: app.find(lambda n: "draft is kept" in n, ("label",)),
                       "the page shows the error and says the draft is kept", seen=seen_labels(app))
    r.ok(f"error shown: {error.name!r}")
    listed = server.get(f"/api/v5/repos/{owner}/{repo}/issues?state=all&page=1&per_page=5")
    r.check(all(i["title"] != title for i in listed), "FakeGitee created nothing for the failed submit")
    # The draft may carry more (the labels, assignee and milestone a member picks); title and body must be as typed.
    draft = r.wait_for(lambda: (lambda d: d if d and d.get("title") == title and d.get("body") == body else None)(
                           saved_draft(state, owner, repo)),
                       "the draft is saved on disk (XDG_DATA_HOME) with the typed title and body",
                       seen=lambda: f"files {draft_files(state)}: {saved_draft(state, owner, repo)}")
    shot("4-create-failed")
    return title, body


def draft_after_restart(app, env, server, full, title, body, state):
    owner, repo = full.split("/", 1)
    app.quit()
    app = h.App(r, env, artifact("app.log"), "restart").wait_window()
    # The login comes back from the keyring; the project is reached as before.
    opened = open_featured_project(app)
    r.check(opened == full, f"restart: the same project {full} opened again", f"opened {opened}")
    click_named(app, "Issues", PROJECT_ROW_ROLES)
    new = button(app, "New Issue", "restart: the Issues page shows \"New Issue\"")
    app.click(new, "\"New Issue\"")
    title_entry = r.wait_for(lambda: app.find(h.entry_named("Title"), ("text", "entry")),
                             "restart: the New Issue page shows \"Title\"", seen=seen_labels(app))
    body_view = app.find(h.entry_named("Leave a description (Markdown)"), ("text", "entry"))
    submit = app.find("Submit", ("push button",))
    r.wait_for(lambda: h.text_of(body_view) == body and sensitive(submit),
               "restart: the description is back and \"Submit\" is sensitive (the title is back)",
               seen=lambda: f"body {h.text_of(body_view)!r}, {h.describe(submit)}")
    kept = saved_draft(state, owner, repo) or {}
    r.check(kept.get("title") == title and kept.get("body") == body,
            f"restart: the draft file still holds {title!r}", f"{saved_draft(state, owner, repo)}")
    r.ok(f"restart: the draft is intact on the New Issue page ({title!r}, {len(body)} characters of description)")
    shot("5-draft-after-restart")
    return app


def log_out(app, server, starred):
    r.step("5. log out; the keyring forgets the token")
    back_to_tabs(app)
    open_tab(app, "Mine")
    mine_pages(app, starred)
    h.open_log_out(app, r, seen=seen_labels(app))
    # Log Out asks first: a dialog with its own "Log Out" button; the keyring keeps the token until it is confirmed.
    def confirmation():
        for d in h.frames(app.app):
            if d.name != "Mayun":
                b = h.find(d, "Log Out", ("push button",))
                if b is not None:
                    return d, b
        return None
    dialog, confirm = r.wait_for(confirmation, "Log Out asks for a confirmation in a dialog", seen=seen_labels(app))
    r.check([i for i in keyring_logins() if TOKEN in (i[1] or "")],
            "the keyring still holds the token while the confirmation is open")
    h.mouse_click(confirm, dialog, app.pid, "\"Log Out\" in the confirmation", r)
    r.wait_for(lambda: app.find("Access Token", ("push button", "toggle button")),
               "Mine shows the login form again", seen=seen_labels(app))
    left = r.wait_for(lambda: not [i for i in keyring_logins() if TOKEN in (i[1] or "")] and ["gone"],
                      "the keyring no longer holds the token", seen=lambda: keyring_logins())
    r.ok(f"logged out; Mayun login items left in the keyring: {len(keyring_logins())}")
    shot("6-logged-out")


def scenario(state):
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("fake-gitee.log"),
                              ["--latency", "150", "--state-file", os.path.join(state, "fake-state.json")])
    server = h.Server(r, server_proc.url)
    env = h.state_env(state, server.url)
    app = None
    try:
        r.ok(f"FakeGitee at {server.url} with 150 ms latency")
        r.check(keyring_logins() == [], "the test's keyring starts without Mayun logins", f"{keyring_logins()}")
        app = h.App(r, env, artifact("app.log"), "first start").wait_window()
        log_in(app, server)
        full = owner_page(app, server)
        create_issue(app, server, full)
        title, body = failed_create(app, server, full, state)
        app = draft_after_restart(app, env, server, full, title, body, state)
        back_during_a_slow_create(r, seen_labels, shot, app, server, full, title)
        log_out(app, server, full)
        app.quit()
    finally:
        teardown(r, app, server_proc, log_of=server)


def main():
    keyring = lambda: r.check(os.environ.get("MAYUN_KEYRING_STARTED") == "1",  # noqa: E731
                              "a throwaway keyring runs (tests/keyring/start-keyring.sh)")
    return h.scenario_main(r, scenario, checks=[keyring])


if __name__ == "__main__":
    sys.exit(main())
