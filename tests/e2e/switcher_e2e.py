#!/usr/bin/python3
"""End-to-end test of several accounts in one window (issue 26), through AT-SPI and real mouse clicks.

Two FakeGitee servers on loopback: "home" (two people, mayun-demo and mayun-second) and "work" (a company server with
its own person, work-person). Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and a throwaway keyring.

  1. log in on Mine with mayun-demo's token: the first account; the header's account button names it; a project
     opened by its link and starred: the PUT carries mayun-demo's token
  2. the switcher's "Add Account…": mayun-second's token on the same server; the window is rebuilt under the new
     identity and Mine shows mayun-second; FakeGitee saw GET /user with mayun-second's token; another project
     starred: the PUT carries mayun-second's token
  3. the switcher at 1280 px and 360 px (screenshots)
  4. switch back to mayun-demo from the switcher: Mine shows mayun-demo; the window's requests carry mayun-demo's
     token, mayun-second's goes only to its own background notification poll
  5. "Manage Accounts…" -> Remove mayun-second (asked first): its keyring item goes, mayun-demo's stays
  6. "Add Account…" on the work server (its base URL typed): work-person's token goes only to the work server
"""

import json
import os
import re
import subprocess
import sys

import gi

gi.require_version("Secret", "1")
from gi.repository import Secret  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402

NAME = "switcher"
r = h.Report(NAME)
FIRST, FIRST_TOKEN = "mayun-demo", "mayun-demo-token"
SECOND, SECOND_TOKEN = "mayun-second", "mayun-second-token"
WORKER, WORK_TOKEN = "work-person", "work-person-token"
SCHEMA = Secret.Schema.new("io.gitee.Mayun.Token", Secret.SchemaFlags.DONT_MATCH_NAME,
                           {"server": Secret.SchemaAttributeType.STRING, "kind": Secret.SchemaAttributeType.STRING,
                            "login": Secret.SchemaAttributeType.STRING})


def artifact(name):
    return os.path.join(h.ARTIFACTS, f"{NAME}-{name}")


def shot(name):
    path = h.screenshot(f"{NAME}-{name}.png")
    r.log(f"      screenshot {path}")


def seen(app):
    return lambda: " / ".join(repr(t[:60]) for t in h.labels(app.frame, app.frame)[:30])


def account_items():
    """Every account item in the keyring: {login: server}."""
    items = Secret.password_search_sync(SCHEMA, {"kind": "account"},
                                        Secret.SearchFlags.ALL | Secret.SearchFlags.UNLOCK, None)
    return {dict(i.get_attributes()).get("login"): dict(i.get_attributes()).get("server") for i in items}


def user_requests(server, since):
    return [e for e in server.log(since) if e["method"] == "GET" and e["path"] == "/api/v5/user"]


def star_as(app, env, server, login, index):
    """A Featured project opened by its link (a second `mayun <link>` hands it to this window), then its Star button
    (Unstar when this person starred it already): the PUT or DELETE carries the active account's token (issue 26's
    proof: a Star sent under each account carries its own)."""
    full = server.get("/api/v3/projects/featured?per_page=20")[index]["path_with_namespace"]
    done = subprocess.run([h.BINARY, f"{server.url}/{full}"], env=env, stdin=subprocess.DEVNULL, capture_output=True,
                          timeout=h.TIMEOUT)
    r.check(done.returncode == 0, f"`mayun {server.url}/{full}` hands the link to the window",
            f"status {done.returncode}: {done.stderr[-300:]!r}")
    r.wait_for(lambda: h.open_project_name(app.frame) == full, f"the page of {full} shows", seen=seen(app))
    button = r.wait_for(lambda: app.find(lambda n: n.startswith(("Star, ", "Unstar, ")), ("push button",)),
                        f"{full}: \"Star, <count>\" or \"Unstar, <count>\" shows", seen=seen(app))
    method = "PUT" if button.name.startswith("Star, ") else "DELETE"
    since = server.last_seq()
    app.click(button, f"\"{button.name}\"")
    sent = r.wait_for(lambda: [e for e in server.log(since) if e["method"] == method
                               and e["path"] == f"/api/v5/user/starred/{full}"],
                      f"{method} /api/v5/user/starred/{full} reaches FakeGitee",
                      seen=lambda: h.brief_log(server.log(since)))
    r.check(sent[0]["login"] == login and sent[0]["status"] in (200, 204),
            f"the {method} of {full}'s star carried {login}'s token ({sent[0]['status']})", h.brief_log(sent))


def refresh_frame(app, what):
    """An account switch replaces the main window: find the new one."""
    app.app, app.frame = r.wait_for(lambda: h.main_window_ready(app.pid), f"{what}: the window is up again")


def open_mine(app):
    tab = r.wait_for(lambda: h.find_tab(app.frame, "Mine"), "tab \"Mine\" shows", seen=seen(app))
    app.click(tab, "tab \"Mine\"")


def mine_shows(app, login):
    open_mine(app)
    r.wait_for(lambda: app.find(lambda n: n in ("@" + login, login), ("label",)), f"Mine shows \"{login}\"",
               seen=seen(app))
    r.ok(f"Mine shows {login}")


def switcher(app):
    return r.wait_for(lambda: app.find(lambda n: n.startswith("Accounts:"), ("toggle button", "push button")),
                      "the header shows the account button", seen=seen(app))


def open_switcher(app):
    button = switcher(app)
    app.click(button, f"\"{button.name}\"")
    return button


def popover_item(app, match, what):
    def look():
        for acc in h.find_all(app.app, match, ("push button",), into_rows=True):
            return acc
        return None
    return r.wait_for(look, what, seen=seen(app))


def activate(acc, what):
    """A popover's items: GTK 4.8 reports their extents relative to the popover's own surface, so a pointer click
    computed from the main window would miss; they are activated through AT-SPI (as a screen reader does)."""
    r.check(h.do_action(acc), f"{what} activated")


def dialog(app, title):
    return r.wait_for(lambda: h.app_window(app.app, title), f"the \"{title}\" window opens", seen=seen(app))


def log_in_first(app, server):
    r.step("1. log in on Mine with a token: the first account")
    open_mine(app)
    way = r.wait_for(lambda: app.find("Access Token", ("push button", "toggle button", "radio button")),
                     "Mine shows the login form", seen=seen(app))
    app.click(way, "\"Access Token\"")
    field = r.wait_for(lambda: app.find(h.entry_named("Personal access token"), ("password text", "text")),
                       "the token field shows", seen=seen(app))
    app.click(field, "the token field")
    app.type(FIRST_TOKEN)
    button = r.wait_for(lambda: next((b for b in h.find_all(app.frame, "Log In", ("push button",))
                                      if b.getState().contains(h.pyatspi.STATE_SENSITIVE)), None),
                        "\"Log In\" is sensitive", seen=seen(app))
    app.click(button, "\"Log In\"")
    mine_shows(app, FIRST)
    r.wait_for(lambda: FIRST in account_items(), "the keyring holds the account item {server, kind=account, login}",
               seen=account_items)
    name = r.wait_for(lambda: FIRST in switcher(app).name and switcher(app).name, "the account button names it",
                      seen=lambda: switcher(app).name)
    r.ok(f"account button: {name!r}")


def add_account(app, server_url, token, login, servers):
    open_switcher(app)
    add = popover_item(app, "Add Account…", "the switcher offers \"Add Account…\"")
    activate(add, "\"Add Account…\"")
    window = dialog(app, "Add Account")
    entry = r.wait_for(lambda: h.find(window, h.entry_named("Server"), ("text",)), "the Server field shows")
    h.mouse_click(entry, window, app.pid, "the Server field", r)
    app.key("ctrl+a", "Add Account")
    app.type(server_url, "Add Account")
    field = r.wait_for(lambda: h.find(window, h.entry_named("Personal access token"), ("password text", "text")),
                       "the token field shows")
    h.mouse_click(field, window, app.pid, "the token field", r)
    app.type(token, "Add Account")
    since = {name: s.last_seq() for name, s in servers.items()}
    submit = r.wait_for(lambda: next((b for b in h.find_all(window, "Add Account", ("push button",))
                                      if b.getState().contains(h.pyatspi.STATE_SENSITIVE)), None),
                        "\"Add Account\" is sensitive")
    h.mouse_click(submit, window, app.pid, "\"Add Account\"", r)
    refresh_frame(app, f"after adding {login}")
    r.wait_for(lambda: login in switcher(app).name, f"the account button names {login}",
               seen=lambda: switcher(app).name)
    return since


def scenario(state):
    fixture = os.path.join(state, "home-accounts.json")
    with open(fixture, "w") as f:
        json.dump({"accounts": [{"login": FIRST, "password": "x", "tokens": [FIRST_TOKEN]},
                                {"login": SECOND, "password": "y", "tokens": [SECOND_TOKEN]}]}, f)
    work_fixture = os.path.join(state, "work-accounts.json")
    with open(work_fixture, "w") as f:
        json.dump({"accounts": [{"login": WORKER, "password": "z", "tokens": [WORK_TOKEN]}]}, f)
    home_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("home.log"), ["--accounts", fixture])
    work_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("work.log"), ["--accounts", work_fixture])
    home, work = h.Server(r, home_proc.url), h.Server(r, work_proc.url)
    env = h.state_env(state, home.url)
    app = None
    try:
        r.ok(f"home server {home.url}, work server {work.url}")
        app = h.App(r, env, artifact("app.log"), "first start").wait_window()
        log_in_first(app, home)
        star_as(app, env, home, FIRST, 1)

        r.step("2. Add Account: a second person on the same server")
        since = add_account(app, home.url, SECOND_TOKEN, SECOND, {"home": home, "work": work})
        mine_shows(app, SECOND)
        star_as(app, env, home, SECOND, 2)
        seen_user = user_requests(home, since["home"])
        # FIRST goes on polling its notifications in the background (issue 26): its session checks its own login.
        r.check(any(e["login"] == SECOND for e in seen_user) and all(e["login"] in (SECOND, FIRST) for e in seen_user),
                f"GET /api/v5/user after adding carried {SECOND}'s token (and {FIRST}'s only for its background poll)",
                h.brief_log(home.log(since["home"])))
        r.check(set(account_items()) == {FIRST, SECOND}, "the keyring holds one item per account", f"{account_items()}")

        r.step("3. the switcher, wide and at 360 px")
        open_switcher(app)
        popover_item(app, lambda n: n.startswith("Mayun") or FIRST in n, "the switcher lists the first account")
        shot("switcher-1280")
        app.key("Escape")
        wid, _ = h.x_main_window(app.pid)
        subprocess.run(["xdotool", "windowsize", str(wid), "360", "700"], check=True)
        r.wait_for(lambda: h.extents(app.frame).width <= 400, "the window is 360 px wide",
                   seen=lambda: h.extents(app.frame).width)
        button = switcher(app)
        r.check(h.is_showing(button), "at 360 px the account button still shows")
        open_switcher(app)
        shot("switcher-360")
        app.key("Escape")

        r.step("4. switch back to the first account")
        open_switcher(app)
        first_row = popover_item(app, lambda n: f"{FIRST} ·" in n, f"the switcher lists {FIRST}")
        since_home = home.last_seq()
        activate(first_row, f"\"{first_row.name}\"")
        refresh_frame(app, "after switching back")
        r.wait_for(lambda: FIRST in switcher(app).name, f"the account button names {FIRST}")
        mine_shows(app, FIRST)
        later = [e for e in home.log(since_home) if e.get("login")]
        # Every account polls its own notifications (issue 26): SECOND, in the background now, still asks for its
        # threads and messages (and its session may check its login), with its own token; nothing else.
        polls = ("/api/v5/notifications/", "/api/v5/user")
        r.check(any(e["login"] == FIRST for e in later), f"requests after the switch carry {FIRST}'s token",
                h.brief_log(later))
        others = [e for e in later if e["login"] != FIRST]
        r.check(all(e["login"] == SECOND and e["path"].startswith(polls) for e in others),
                f"{SECOND}'s token went only to its own notification poll", h.brief_log(others))

        r.step("5. Manage Accounts: remove the second account")
        open_switcher(app)
        activate(popover_item(app, "Manage Accounts…", "the switcher offers \"Manage Accounts…\""),
                 "\"Manage Accounts…\"")
        manage = dialog(app, "Manage Accounts")
        remove = r.wait_for(lambda: h.find(manage, lambda n: n.startswith("Remove ") and "second" in n.lower(),
                                           ("push button",), into_rows=True),
                            f"Manage Accounts offers to remove {SECOND}")
        h.mouse_click(remove, manage, app.pid, f"\"{remove.name}\"", r)
        confirm_dialog = r.wait_for(lambda: next((d for d in h.frames(app.app) if d.name.startswith("Remove ")), None),
                                    "removing asks first")
        r.check(SECOND in account_items(), "nothing is removed while the question is open")
        confirm = r.wait_for(lambda: h.find(confirm_dialog, "Remove", ("push button",)), "the question has \"Remove\"")
        h.mouse_click(confirm, confirm_dialog, app.pid, "\"Remove\"", r)
        r.wait_for(lambda: SECOND not in account_items(), f"{SECOND}'s keyring item is gone", seen=account_items)
        r.check(FIRST in account_items(), f"{FIRST}'s keyring item stays", f"{account_items()}")
        app.key("Escape", "Manage Accounts")

        r.step("6. an account on the work server")
        since = add_account(app, work.url, WORK_TOKEN, WORKER, {"home": home, "work": work})
        mine_shows(app, WORKER)
        work_users = user_requests(work, since["work"])
        r.check(work_users and work_users[0]["login"] == WORKER, f"the work server saw {WORKER}'s token",
                h.brief_log(work.log(since["work"])))
        leaked = [e for e in home.log(since["home"]) if e.get("login") == WORKER]
        r.check(not leaked, f"{WORKER}'s token never went to the home server", h.brief_log(leaked))
        r.check(account_items().get(WORKER) == work.url, "the work account's item names the work server",
                f"{account_items()}")
        app.quit()
    except BaseException:
        h.keep_failure_evidence(r, app)
        raise
    finally:
        if app is not None:
            app.kill()
        home_proc.stop()
        work_proc.stop()


def main():
    return h.scenario_main(r, scenario, checks=[lambda: r.check(os.environ.get("MAYUN_KEYRING_STARTED") == "1",
                                                                 "a throwaway keyring runs")])


if __name__ == "__main__":
    sys.exit(main())
