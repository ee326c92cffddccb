#!/usr/bin/python3
"""End-to-end test of the phone-sized window (issue 13), driven through AT-SPI and real mouse clicks against FakeGitee.

Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and tests/keyring/start-keyring.sh, with Debian's
/usr/bin/python3.

  1. the window is resized to 360 x 720 (a Linux phone); the Projects / Discover / Mine switcher moves to a bar at the
     bottom of the window, and no header control lies outside the window
  2. log in on Mine with a personal access token (clicks and typing)
  3. Projects: a Featured row opened with a click; on the project page no control reaches outside the window's
     width (the header, the Star / Watch buttons and the rows wrap or shrink instead)
  4. Star clicked with the mouse: the PUT reaches FakeGitee with the token and the button reads "Unstar, <count>"

Prints PASS/FAIL lines, and on failure the accessible tree and a screenshot in tests/artifacts/phone-*.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
from e2e_support import Scenario, teardown  # noqa: E402

NAME = "phone"
r = h.Report(NAME)
s = Scenario(r)
artifact, shot, seen_labels = s.artifact, s.shot, s.seen_labels
TOKEN = "mayun-demo-token"
LOGIN = "mayun-demo"
WIDTH, HEIGHT = 360, 720
FRAME = [0, 0]  # the frame's size right after the resize (the X window less the client-side frame)
CONTROL_ROLES = ("push button", "toggle button", "page tab", "check box", "radio button", "text", "password text",
                 "label", "combo box", "list item", "image")


def requests(server, since, method, pattern):
    rx = re.compile(pattern)
    return [e for e in server.log(since) if e["method"] == method and rx.search(e["path"])]


def resize(app):
    r.step(f"1. resize the window to {WIDTH} x {HEIGHT}")
    wid, _ = h.x_main_window(app.pid)
    subprocess.run(["xdotool", "windowsize", str(wid), str(WIDTH), str(HEIGHT)], check=True)
    # The frame's extents are the GTK window's size (a few pixels of client-side frame inside the X window).
    size = r.wait_for(lambda: (lambda e: (e.width, e.height) if abs(e.width - WIDTH) <= 12 else None)(h.extents(app.frame)),
                      f"the window is {WIDTH} px wide", seen=lambda: h.describe(app.frame))
    r.ok(f"window resized: the frame is {size[0]} x {size[1]}")
    FRAME[:] = size
    tab = r.wait_for(lambda: (lambda t: t if t is not None and h.extents(t).y > size[1] // 2 else None)(
        h.find_tab(app.frame, "Mine")), "the tab switcher shows as a bar at the bottom of the window",
        seen=lambda: h.describe(h.find_tab(app.frame, "Mine")))
    r.ok(f"tab \"Mine\" is in the bottom bar: {h.describe(tab)}")
    check_inside(app, h.header_bar(app.frame), "header bar", vertical=True)
    shot("1-tabs")


def outside(frame, root, vertical, roles=CONTROL_ROLES):
    """Showing controls under root whose extents reach outside the window (horizontally; vertically too for the
    header: a page's content may continue below the fold of its scroller)."""
    f = h.extents(frame)
    bad = []
    for acc in controls(frame, root, roles):
        try:
            e = h.extents(acc)
            if e.x < -1 or e.x + e.width > f.width + 1 or (vertical and (e.y < -1 or e.y + e.height > f.height + 1)):
                bad.append(h.describe(acc))
        except Exception:
            continue
    return bad


def controls(frame, root, roles=CONTROL_ROLES):
    """Showing controls under root. While the bottom switcher bar shows, the header's AdwViewSwitcher has given way
    to the plain title, but GTK 4.8 keeps reporting its last (wide-window) extents: that subtree is skipped."""
    bar_shows = any(h._name(a) == "AdwViewSwitcherBar" and h.is_showing(a)
                    for a, _ in h.walk(frame, prune_hidden=True, into_rows=False))
    found = []

    def visit(acc, depth):
        if depth > 60:
            return
        for c in h.children(acc):
            try:
                if bar_shows and c.name == "AdwViewSwitcher" and h.is_showing(c) \
                        and h.extents(c).y < h.extents(frame).height // 2:
                    continue
                if not h.is_showing(c) and c.getRoleName() != "panel":
                    continue
                if c.getRoleName() in roles and h.is_showing(c):
                    found.append(c)
                if scrolls_sideways(c):
                    # A README table wider than the pane scrolls sideways in a pane of its own (docs/DOCUMENTS.md):
                    # its cells reach past the window by design, clipped by the pane, which itself must fit.
                    found.append(c)
                    continue
                visit(c, depth + 1)
            except Exception:
                continue
    visit(root, 0)
    return found


def scrolls_sideways(acc):
    """A scroll pane showing a horizontal scroll bar (wider than high, with an area)."""
    if acc.getRoleName() != "scroll pane":
        return False
    for bar in h.children(acc):
        try:
            if bar.getRoleName() == "scroll bar" and h.is_showing(bar):
                e = h.extents(bar)
                if e.width > e.height:
                    return True
        except Exception:
            continue
    return False


def full_width_ancestor(frame, acc):
    """The first ancestor of acc as wide as the window: the page acc is on, without the tabs' other pages (GTK 4.8
    keeps the stale extents of tab pages that have not been shown since the window was wide)."""
    width = h.extents(frame).width

    def narrow(a):
        try:
            return h.extents(a).width < width - 30
        except NotImplementedError:  # a GtkStackPage: no extents of its own
            return True
    while acc.parent is not None and narrow(acc):
        acc = acc.parent
    return acc


def check_inside(app, root, what, vertical=False):
    e = h.extents(app.frame)
    r.check(abs(e.width - FRAME[0]) <= 1, f"{what}: the window is still {WIDTH} px wide (frame {e.width} x {e.height}, "
            f"{FRAME[0]} after the resize)", "a page's minimum width forced the window wider")
    bad = outside(app.frame, root, vertical)
    count = len(controls(app.frame, root))
    r.check(not bad, f"{what}: none of {count} controls lies outside the {WIDTH} px window",
            "; ".join(bad[:8]))


def log_in(app, server):
    r.step("2. log in on Mine with a personal access token")
    tab = r.wait_for(lambda: h.find_tab(app.frame, "Mine"), "tab \"Mine\" shows", seen=seen_labels(app))
    app.click(tab, "tab \"Mine\"")
    token_way = r.wait_for(lambda: app.find("Access Token", ("push button", "toggle button", "radio button")),
                           "Mine shows the login form with \"Access Token\"", seen=seen_labels(app))
    app.click(token_way, "\"Access Token\"")
    field = r.wait_for(lambda: app.find(h.entry_named("Personal access token"), ("password text", "text")),
                       "the form shows \"Personal access token\"", seen=seen_labels(app))
    check_inside(app, full_width_ancestor(app.frame, field), "login form")
    app.click(field, "\"Personal access token\"")
    r.wait_for(lambda: h.focused(field), "\"Personal access token\" has the focus after a click")
    app.type(TOKEN)
    log_in = r.wait_for(lambda: next((b for b in h.find_all(app.frame, "Log In", ("push button",))
                                      if b.getState().contains(h.pyatspi.STATE_SENSITIVE)), None),
                        "\"Log In\" becomes sensitive", seen=seen_labels(app))
    since = server.last_seq()
    app.click(log_in, "\"Log In\"")
    r.wait_for(lambda: app.find(h.mine_logged_in, ("push button",)),
               "Mine shows the logged-in person (its counts)",
               seen=lambda: f"{seen_labels(app)()}; server: {h.brief_log(server.log(since))}")
    user = requests(server, since, "GET", r"^/api/v5/user$")
    r.check(user and user[0]["login"] == LOGIN, f"GET /api/v5/user carried {LOGIN}'s token", h.brief_log(server.log(since)))
    shot("2-logged-in")


def open_project(app):
    r.step("3. Projects: open a Featured project with a click")
    tab = r.wait_for(lambda: h.find_tab(app.frame, "Projects"), "tab \"Projects\" shows", seen=seen_labels(app))
    app.click(tab, "tab \"Projects\"")
    rows = r.wait_for(lambda: h.project_rows(app.frame, app.frame), "Featured rows show", seen=seen_labels(app))
    acc, name = rows[0]
    full = name.split(",")[0].strip()
    app.click(acc, f"row {full!r}")
    star = r.wait_for(lambda: app.find(lambda n: re.fullmatch(r"(Star|Unstar), .+", n) is not None, ("push button",)),
                      "the project page opens and shows its Star button", seen=seen_labels(app))
    title = r.wait_for(lambda: h.open_project_name(app.frame), "the project page shows its owner/name",
                       seen=seen_labels(app))
    r.ok(f"project page {title!r} open; Star button {star.name!r}")
    check_inside(app, h.top_page(app.frame), "project page")
    check_inside(app, h.header_bar(app.frame), "header bar on the project page", vertical=True)
    shot("3-project")
    return title


def star(app, server, full):
    r.step("4. Star with the mouse")
    owner, repo = full.split("/", 1)
    before = server.get(f"/api/v5/repos/{owner}/{repo}")["stargazers_count"]
    button = r.wait_for(lambda: app.find(lambda n: re.fullmatch(r"Star, .+", n) is not None, ("push button",)),
                        "the Star button reads \"Star, <count>\"", seen=seen_labels(app))
    since = server.last_seq()
    h.mouse_click(button, app.frame, app.pid, f"\"{button.name}\"", r)
    put = r.wait_for(lambda: requests(server, since, "PUT", f"^/api/v5/user/starred/{re.escape(full)}$"),
                     f"PUT /api/v5/user/starred/{full} reaches FakeGitee", seen=lambda: h.brief_log(server.log(since)))
    r.check(put[-1]["login"] == LOGIN, f"the PUT carried {LOGIN}'s token", f"logged: {put[-1]}")
    after = server.get(f"/api/v5/repos/{owner}/{repo}")["stargazers_count"]
    r.check(after == before + 1, f"server: {full} has {after} stars (was {before})")
    unstar = r.wait_for(lambda: app.find(lambda n: n.startswith("Unstar, "), ("push button",)),
                        "the button now reads \"Unstar, <count>\"", seen=seen_labels(app))
    r.ok(f"the project page shows {unstar.name!r}")
    check_inside(app, h.top_page(app.frame), "project page after starring")
    shot("4-starred")


def scenario(state):
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("fake-gitee.log"),
                              ["--latency", "150", "--state-file", os.path.join(state, "fake-state.json")])
    server = h.Server(r, server_proc.url)
    env = h.state_env(state, server.url)
    app = None
    try:
        r.ok(f"FakeGitee at {server.url} with 150 ms latency")
        app = h.App(r, env, artifact("app.log"), "first start").wait_window()
        resize(app)
        log_in(app, server)
        full = open_project(app)
        star(app, server, full)
        app.quit()
    finally:
        teardown(r, app, server_proc)


def main():
    return h.scenario_main(r, scenario)


if __name__ == "__main__":
    sys.exit(main())
