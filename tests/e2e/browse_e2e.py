#!/usr/bin/python3
"""End-to-end test of browsing (issue 4), driven through AT-SPI and real mouse clicks against FakeGitee.

Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and tests/keyring/start-keyring.sh, with Debian's
/usr/bin/python3. FakeGitee runs on a free loopback port with 150 ms added latency. The app (the installed release
build) keeps its settings, cache and data in one temporary folder across its restarts.

  1. first start fills the cache (Featured, Popular); quit
  2. warm start with the server held back (20 s latency): Featured rows show before the server answers
  3. Popular, opened with a click on its tab; mouse-wheel scrolling until at least 300 rows are loaded
  4. a project opened with a click on its row; Star while logged out asks for a login; the OAuth application is set
     in Preferences (opened from the login form's guidance), then password login; the star arrives (PUT with the
     token, count +1 on the server); a second click unstars (DELETE, count back)
  5. Ctrl+F, a search, a result opened; a language opened from Discover
  6. restart with FakeGitee stopped: the saved Featured and Popular rows with "Offline: showing saved data."

With MAYUN_E2E_V3=gone|html (run.sh runs both after the full scenario) FakeGitee's undocumented v3 API is retired or
behind a firewall page: a shorter pass (1, 3 with 100 rows, 5) checks that Featured, Popular, search and a language still
show projects through v5 search, with no error on screen, that v3 was given up once per app run (after two answers
that said it was gone: one is not enough) and never asked with a token, and that every search list starts at page 1.
With MAYUN_E2E_V3=flaky every other v3 answer is a 502 (`--fault ...,every=2`): Popular is scrolled to page 3 and must
come from v3 alone (search never asked: no list mixes the two), with no error on screen; then, with an OAuth
application that lacks the `notes` scope (MAYUN_OAUTH_CLIENT_ID=mayun-no-notes), a password login on Mine shows the
message that names the missing scopes (issue 21).

Prints PASS/FAIL lines, and on failure what it saw (labels, rows, the server's log, the accessible tree and a
screenshot in tests/artifacts/browse-*).
"""

import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
from e2e_support import Scenario, teardown  # noqa: E402
from atspi_helpers import CheckFailed  # noqa: E402

V3 = os.environ.get("MAYUN_E2E_V3", "ok")
NAME = "browse" if V3 == "ok" else f"browse-v3{V3}"
r = h.Report(NAME)
s = Scenario(r)
artifact, shot, seen_labels = s.artifact, s.shot, s.seen_labels
EMAIL, PASSWORD = "demo@mayun.test", "mayun-demo-password"
OAUTH_ID, OAUTH_SECRET = "mayun-e2e", "mayun-e2e-secret"
ROWS_WANTED = {"ok": 300, "flaky": 60}.get(V3, 100)
# Every other v3 answer a 502, for the flaky pass.
FLAKY_FAULT = "kind=status,status=502,path=/api/v3/**,every=2"
NO_NOTES_APP = {"MAYUN_OAUTH_CLIENT_ID": "mayun-no-notes", "MAYUN_OAUTH_CLIENT_SECRET": "mayun-no-notes-secret"}
PER_PAGE = 20
HELD_BACK_MS = 20000
OFFLINE_BANNER = "Offline: showing saved data."


def seen_rows(app):
    return lambda: [n[:60] for _, n in h.project_rows(app.frame, app.frame)[:5]]


def wait_rows(app, what, timeout=h.TIMEOUT, root=None):
    rows = r.wait_for(lambda: h.project_rows(root or app.frame, app.frame), what, timeout, seen=seen_labels(app))
    return rows


def selected_tab(app, name):
    tab = r.wait_for(lambda: h.find_tab(app.frame, name), f"tab \"{name}\" is found", seen=seen_labels(app))
    return tab


def requests(server, since, pattern, statuses=(200, 304)):
    rx = re.compile(pattern)
    return [e for e in server.log(since) if rx.search(e["path"]) and (statuses is None or e["status"] in statuses)]


# Where each list comes from: v3, or (v3 retired or firewalled) its v5 search substitute.
SEARCH = r"^/api/v5/search/repositories$"


def popular_requests(server, since):
    if V3 in ("ok", "flaky"):
        return requests(server, since, r"^/api/v3/projects/popular$")
    # Featured's substitute is the same search (by stars): Popular's pages are the ones asked after its tab's click.
    return [e for e in requests(server, since, SEARCH) if e["fields"].get("sort") == "stars_count"
            and "language" not in e["fields"]]


def page_numbers(entries):
    return sorted({int(e["fields"].get("page", "1")) for e in entries})


# ---------------------------------------------------------------------------------------------------------------

def first_start(env, server):
    r.step("1. first start: fill the cache")
    app = h.App(r, env, artifact("app.log"), "first start").wait_window()
    rows = wait_rows(app, "first start: Featured rows appear")
    r.ok(f"first start: {len(rows)} Featured rows, first {rows[0][1][:60]!r}")
    # Popular too, so the offline start can show it from the cache.
    popular = selected_tab(app, "Popular")
    app.click(popular, "tab \"Popular\"")
    r.wait_for(lambda: h.selected(popular), "first start: tab \"Popular\" is selected after a click")
    page = h.notebook_page_of(popular)
    rows = wait_rows(app, "first start: Popular rows appear", root=page)
    r.ok(f"first start: {len(rows)} Popular rows")
    app.quit()
    return [name for _, name in rows]


def warm_start(env, server):
    r.step("2. warm start: Featured rows from the cache before the server answers")
    server.latency(HELD_BACK_MS)
    since = server.last_seq()
    t0 = time.monotonic()
    app = h.App(r, env, artifact("app.log"), "warm start").wait_window()
    rows = wait_rows(app, f"warm start: Featured rows appear while the server holds its answers {HELD_BACK_MS} ms",
                     timeout=HELD_BACK_MS / 1000 - 2)
    shown_at = time.monotonic() - t0
    featured = requests(server, since, r"^/api/v3/projects/featured" if V3 in ("ok", "flaky") else SEARCH, statuses=None)
    shot("1-warm-start")
    # Requests are logged when they arrive and answered HELD_BACK_MS later: rows shown sooner than that after the
    # launch came from the cache.
    r.check(shown_at * 1000 < HELD_BACK_MS,
            f"warm start: {len(rows)} Featured rows shown {shown_at:.1f} s after launch, before any answer "
            f"(the server holds every answer {HELD_BACK_MS / 1000:.0f} s; Featured requests so far: "
            f"{len(featured)}, unanswered)")
    if not featured:
        r.note("the warm start had not asked the server for Featured yet when its rows showed")
    server.latency(150)
    return app


def scroll_popular(app, server):
    r.step(f"3. Popular: scroll with the mouse wheel until {ROWS_WANTED} rows are loaded")
    popular = selected_tab(app, "Popular")
    since = server.last_seq()
    app.click(popular, "tab \"Popular\"")
    r.wait_for(lambda: h.selected(popular), "tab \"Popular\" is selected after a click")
    page = h.notebook_page_of(popular)
    wait_rows(app, "Popular rows appear", root=page)
    lst = r.wait_for(lambda: (h.lists(page, "Projects") or [None])[0], "the Popular list (\"Projects\") is found")
    state = {"pages": [], "notches": 0, "rows_at_batch": -1, "batch_at": 0.0}

    def loaded():
        pages = page_numbers(popular_requests(server, since))
        state["pages"] = pages
        # Rows loaded = pages answered in a row from 1 (the app appends page n+1 after page n).
        contiguous = 0
        while contiguous + 1 in pages:
            contiguous += 1
        state["rows"] = contiguous * PER_PAGE
        if state["rows"] >= ROWS_WANTED:
            return True
        # The next notches only once the last ones brought a page (or after 2 s): notches sent faster than a loaded
        # machine's app takes them wait in its queue and scroll on long after the last page wanted, to the list's end.
        if state["rows"] > state["rows_at_batch"] or time.monotonic() - state["batch_at"] > 2:
            h.wheel(lst, app.frame, app.pid, 15)
            state["notches"] += 15
            state["rows_at_batch"], state["batch_at"] = state["rows"], time.monotonic()
        return False

    deadline = max(h.TIMEOUT, 180)
    r.wait_for(loaded, f"Popular: at least {ROWS_WANTED} rows loaded by scrolling", timeout=deadline,
               seen=lambda: f"pages answered {state['pages']}, {state['notches']} wheel notches")
    r.ok(f"Popular: {state['rows']} rows loaded (pages 1-{state['rows'] // PER_PAGE} answered in order) after "
         f"{state['notches']} wheel notches")
    shot("2-popular-scrolled")
    return lst, state["rows"]


def popular_order(server, rows):
    """The server's Popular order (full names), read in pages of 100 (the app reads pages of 20)."""
    names = []
    for page in range(1, rows // 100 + 2):
        if V3 == "ok":
            names += [p["path_with_namespace"] for p in server.get(f"/api/v3/projects/popular?page={page}&per_page=100")]
        else:
            names += [p["full_name"] for p in server.get(
                f"/api/v5/search/repositories?q=a&sort=stars_count&order=desc&page={page}&per_page=100")]
    return names


def wait_list_at_rest(server):
    """Waits until the list has stopped moving: the app may still be taking the last wheel notches and loading what they
    reach (rows that slide under a still pointer get no enter in GTK 4.8, and a click lands on whatever moves under
    it). GTK 4.8's scroll bars expose no value over AT-SPI, so rest is read from the server: rows coming on screen ask
    for pages and avatars, and no request for one second means the rows stopped."""
    state = {"last": None, "since": time.monotonic()}

    def at_rest():
        last = server.last_seq()
        if last != state["last"]:
            state["last"], state["since"] = last, time.monotonic()
            return False
        return time.monotonic() - state["since"] >= 1.0
    r.wait_for(at_rest, "the scrolled list comes to rest (no request for 1 s)",
               seen=lambda: h.brief_log(server.log(state["last"] - 5 if state["last"] else 0)))


def open_project(app, lst, loaded, server):
    r.step("4. rest the pointer on a row of the scrolled list (its project is asked early), then click it")
    wait_list_at_rest(server)
    # GTK 4.8 leaves stale extents on recycled list items, so the row under the pointer is found by clicking the
    # list's middle and reading the page that opens.
    x, y, w, hgt = h.screen_rect(lst, app.frame, app.pid)
    since = server.last_seq()
    # Below the row the wheel scrolled under (that one may have been prefetched while the list came to rest).
    px, py = x + w // 3, y + hgt * 2 // 3
    h.move_pointer(px, py)
    # Issue 41: a pointer resting on a row asks for its project and README before any click.
    readme = re.compile(r"^/api/v5/repos/([^/]+)/([^/]+)/readme$")

    def prefetched_projects():
        paths = {e["path"] for e in server.log(since)}
        return {"/".join(m.groups()) for m in map(readme.match, paths) if m} & \
            {p[len("/api/v5/repos/"):] for p in paths if re.fullmatch(r"/api/v5/repos/[^/]+/[^/]+", p)}
    # A list still loading its next pages can slide rows under a pointer that did not move, and GTK 4.8 then sends the
    # row no enter; a hand never rests that still: after a while the pointer moves by one pixel, and rests again.
    try:
        prefetched = r.wait_for(prefetched_projects, "the pointer resting on a row asks for its project", timeout=10,
                                quiet=True)
    except CheckFailed:
        h.move_pointer(px + 1, py)
        prefetched = r.wait_for(prefetched_projects, "the pointer resting on a row asks for its project and README",
                                seen=lambda: h.brief_log(server.log(since)))
    h.run(["xdotool", "click", "1"], check=True)
    r.log(f"      (clicked the Popular list at {px},{py}, two thirds down)")
    star = r.wait_for(lambda: app.find(lambda n: re.fullmatch(r"(Star|Unstar), .+", n) is not None,
                                       ("push button",)),
                      "a project page opens and shows its Star button", seen=seen_labels(app))
    order = popular_order(server, loaded)
    index = {name: i for i, name in enumerate(order)}
    title = r.wait_for(lambda: next((n for n in h.labels(app.frame, app.frame) if n in index), None),
                       "the project page shows a name from Popular", seen=seen_labels(app))
    owner, repo = title.split("/", 1)
    r.check(title in prefetched, f"{title} and its README were asked before the click (prefetched: {sorted(prefetched)})")
    r.check(index[title] >= ROWS_WANTED // 2,
            f"project {title} opened by a click: row {index[title] + 1} of Popular (the list was scrolled far "
            f"down); Star button {star.name!r}", f"row {index[title] + 1}")
    before = server.get(f"/api/v5/repos/{owner}/{repo}")
    r.ok(f"server: {title} has {before['stargazers_count']} stars")
    shot("3-project")
    return owner, repo, before


def set_oauth_in_settings(app):
    """The login form explains that password login needs an OAuth application and opens Preferences at it."""
    settings_button = r.wait_for(lambda: app.find("Open Preferences", ("push button",)),
                                 "the login form offers \"Open Preferences\" for the OAuth application",
                                 seen=seen_labels(app))
    app.click(settings_button, "\"Open Preferences\" on the login form")
    window = r.wait_for(lambda: h.app_window(app.app, "Preferences"), "the Preferences window opens")
    client_id = r.wait_for(lambda: h.find(window, h.entry_named("Client ID"), ("text", "entry")),
                           "Preferences shows the \"Client ID\" field (its Login page)", seen=seen_labels(app))
    secret = r.wait_for(lambda: h.find(window, h.entry_named("Client Secret"), ("password text", "text", "entry")),
                        "Preferences shows the \"Client Secret\" field", seen=seen_labels(app))
    # The fields are AdwEntryRows: GTK 4.8 exposes neither the focus nor the text of their inner GtkText over
    # AT-SPI, so what the clicks and the typing did is checked by their outcome: "Saved." (Save needs both fields)
    # and the password grant below, which FakeGitee accepts only with this client ID and secret.
    h.mouse_click(client_id, window, app.pid, "\"Client ID\"", r)
    app.type(OAUTH_ID, window="Preferences")
    h.mouse_click(secret, window, app.pid, "\"Client Secret\"", r)
    app.type(OAUTH_SECRET, window="Preferences")
    # Enter in a field saves.
    app.key("Return", window="Preferences")
    r.wait_for(lambda: h.find(window, "Saved.", ("label",)), "Preferences says \"Saved.\"", seen=seen_labels(app))
    r.ok(f"OAuth application {OAUTH_ID!r} entered and saved in Preferences")
    shot("4-settings-oauth")
    # Close it (Escape, as a dialog): the login form is still there beneath.
    app.key("Escape", window="Preferences")
    r.wait_for(lambda: h.app_window(app.app, "Preferences") is None, "Escape closes the Preferences window")


def log_in_with_password(app, server):
    r.step("4b. Star while logged out: the login form; password login")
    email = r.wait_for(lambda: app.find(h.entry_named("Email"), ("text", "entry")), "the login form shows \"Email\"",
                       seen=seen_labels(app))
    if app.find("Open Preferences", ("push button",)) is not None:
        set_oauth_in_settings(app)
        email = r.wait_for(lambda: app.find(h.entry_named("Email"), ("text", "entry")), "back on the login form (\"Email\")",
                           seen=seen_labels(app))
    password = app.find(h.entry_named("Password"), ("password text", "text"))
    r.check(password is not None, "the login form shows \"Password\"", seen_labels(app)())
    app.click(email, "\"Email\"")
    r.wait_for(lambda: h.focused(email), "\"Email\" has the focus after a click")
    app.type(EMAIL)
    app.click(password, "\"Password\"")
    r.wait_for(lambda: h.focused(password), "\"Password\" has the focus after a click")
    app.type(PASSWORD)
    log_in = r.wait_for(lambda: next((b for b in h.find_all(app.frame, "Log In", ("push button",))
                                      if b.getState().contains(h.pyatspi.STATE_SENSITIVE)), None),
                        "\"Log In\" becomes sensitive once both fields have text", seen=seen_labels(app))
    since = server.last_seq()
    shot("5-login-form")
    app.click(log_in, "\"Log In\"")
    grant = r.wait_for(lambda: requests(server, since, r"^/oauth/token$"), "the password grant reaches FakeGitee",
                       seen=lambda: h.brief_log(server.log(since)))
    fields = grant[0]["fields"]
    r.check(grant[0]["status"] == 200 and fields.get("grant_type") == "password" and fields.get("username") == EMAIL
            and fields.get("client_id") == OAUTH_ID,
            f"POST /oauth/token: grant_type=password, username={EMAIL}, client_id={OAUTH_ID}, answered 200",
            f"logged: {grant[0]}")


def star_and_unstar(app, server, owner, repo, before):
    full = f"{owner}/{repo}"
    star_path = f"^/api/v5/user/starred/{re.escape(owner)}/{re.escape(repo)}$"
    since = server.last_seq()
    star = app.find(lambda n: re.fullmatch(r"Star, .+", n) is not None, ("push button",))
    r.check(star is not None, f"{full}: the Star button reads \"Star, <count>\"", seen_labels(app)())
    app.click(star, f"\"{star.name}\" (logged out)")
    log_in_with_password(app, server)
    # After the login the page comes back and the star that asked for it is done.
    put = r.wait_for(lambda: requests(server, since, star_path, statuses=None) and
                     [e for e in requests(server, since, star_path, statuses=None) if e["method"] == "PUT"],
                     f"PUT /api/v5/user/starred/{full} reaches FakeGitee after the login",
                     seen=lambda: h.brief_log(server.log(since)))
    e = put[-1]
    r.check(e["status"] in (200, 204) and e["token"] in ("bearer", "query") and e["login"] == "mayun-demo",
            f"the PUT carried mayun-demo's token ({e['token']}) and was answered {e['status']}", f"logged: {e}")
    after = server.get(f"/api/v5/repos/{owner}/{repo}")
    r.check(after["stargazers_count"] == before["stargazers_count"] + 1,
            f"server: {full} has {after['stargazers_count']} stars (was {before['stargazers_count']})")
    unstar = r.wait_for(lambda: app.find(lambda n: n.startswith("Unstar, "), ("push button",)),
                        "the button now reads \"Unstar, <count>\"", seen=seen_labels(app))
    r.ok(f"the project page shows {unstar.name!r}")
    shot("6-starred")

    since = server.last_seq()
    app.click(unstar, f"\"{unstar.name}\"")
    delete = r.wait_for(lambda: [e for e in requests(server, since, star_path, statuses=None)
                                 if e["method"] == "DELETE"],
                        f"DELETE /api/v5/user/starred/{full} reaches FakeGitee",
                        seen=lambda: h.brief_log(server.log(since)))
    e = delete[-1]
    r.check(e["status"] in (200, 204) and e["login"] == "mayun-demo",
            f"the DELETE carried mayun-demo's token ({e['token']}) and was answered {e['status']}", f"logged: {e}")
    again = server.get(f"/api/v5/repos/{owner}/{repo}")
    r.check(again["stargazers_count"] == before["stargazers_count"],
            f"server: {full} is back to {again['stargazers_count']} stars")
    star = r.wait_for(lambda: app.find(lambda n: n.startswith("Star, "), ("push button",)),
                      "the button reads \"Star, <count>\" again", seen=seen_labels(app))
    r.ok(f"the project page shows {star.name!r}")


def click_below(app, acc, dy, what):
    """A real click dy pixels under acc, a third of the way across (where list rows are)."""
    x, y, w, hgt = h.screen_rect(acc, app.frame, app.pid)
    h.move_pointer(x + w // 3, y + hgt + dy)
    h.run(["xdotool", "click", "1"], check=True)
    r.log(f"      (clicked {what} at {x + w // 3},{y + hgt + dy})")


def click_until(click, cond, what, app, attempts=3, seen=None):
    """Clicks, then polls cond (10 s); clicks again when the list under the pointer was still loading."""
    for attempt in range(1, attempts + 1):
        click()
        try:
            return r.wait_for(cond, what, timeout=10 if attempt < attempts else h.TIMEOUT,
                              seen=seen or seen_labels(app), quiet=attempt < attempts)
        except CheckFailed:
            if attempt == attempts:
                raise
            r.log(f"      (retrying: {what} not yet after attempt {attempt})")


def search_and_language(app, server):
    r.step("5. Ctrl+F, search, open a result; open a language")
    term = "note"
    app.key("ctrl+f")
    entry = r.wait_for(lambda: app.find(h.entry_named("Search projects"), ("text", "entry")),
                       "Ctrl+F: the Discover tab shows \"Search projects\"", seen=seen_labels(app))
    r.wait_for(lambda: h.focused(entry), "Ctrl+F: \"Search projects\" has the keyboard focus",
               seen=lambda: h.describe(entry))
    since = server.last_seq()
    app.type(term)
    app.key("Return")
    found = r.wait_for(lambda: requests(server, since, r"^/api/v5/search/repositories$"),
                       f"the search for {term!r} reaches FakeGitee", seen=lambda: h.brief_log(server.log(since)))
    r.check(found[0]["fields"].get("q") == term, f"GET /api/v5/search/repositories q={term!r}",
            f"fields {found[0]['fields']}")
    rows = r.wait_for(lambda: [(a, n) for a, n in h.project_rows(app.frame, app.frame) if term in n.lower()],
                      f"search results for {term!r} show", seen=seen_rows(app))
    r.ok(f"results on screen, such as {rows[0][1][:60]!r}")
    shot("7-search")
    # Recycled list items keep stale extents in GTK 4.8: click the results area under the search bar and check
    # that the page that opens is a match.
    full = click_until(lambda: click_below(app, entry, 150, "a result under the search bar"),
                       lambda: (lambda n: n and term in n.lower() and n)(h.open_project_name(app.frame)),
                       f"a project page matching {term!r} opens", app)
    r.ok(f"search result {full} opened by a click")
    shot("8-search-result")

    back = app.find("Back", ("push button",))
    app.click(back, "\"Back\"")
    entry = r.wait_for(lambda: app.find(h.entry_named("Search projects"), ("text", "entry")), "back on Discover")
    # Escape in the search field clears it (stop-search): the languages show again.
    app.click(entry, "\"Search projects\"")
    r.wait_for(lambda: h.focused(entry), "\"Search projects\" has the focus")
    app.key("Escape")
    r.wait_for(lambda: next((n for lst in h.lists(app.frame) for _, n in h.rows_of(lst, app.frame)
                             # (The v5 search language list has no counts: its rows are bare names.)
                             if " stars, " not in n and ("projects" in n or (V3 != "ok" and n == "Java"))), None),
               "Discover lists the languages after clearing the search", seen=seen_labels(app))
    since = server.last_seq()
    lang = click_until(lambda: click_below(app, entry, 60, "a language under the search bar"),
                       lambda: requests(server, since, r"^/api/v3/projects/languages/\d+$") if V3 == "ok" else
                       [e for e in requests(server, since, SEARCH) if e["fields"].get("language")],
                       "a language's list is requested from FakeGitee", app,
                       seen=lambda: h.brief_log(server.log(since)))
    title = r.wait_for(lambda: h.page_title(app.frame), "the language page shows its title")
    rows = wait_rows(app, f"the {title} page shows project rows")
    r.ok(f"language {title} opened by a click: {lang[0]['path']}, rows such as {rows[0][1][:50]!r}")
    shot("9-language")


def offline_start(env, app_label, featured_names, popular_names):
    r.step("6. restart with FakeGitee stopped: saved lists and the offline banner")
    app = h.App(r, env, artifact("app.log"), app_label).wait_window()
    rows = wait_rows(app, "offline: Featured rows from the cache")
    banner = r.wait_for(lambda: app.find(lambda n: n.startswith(OFFLINE_BANNER), ("label",)),
                        f"offline: the banner \"{OFFLINE_BANNER}\" shows", seen=seen_labels(app))
    r.ok(f"offline: {len(rows)} Featured rows and the banner {banner.name!r}")
    r.check(rows[0][1] == featured_names[0], f"offline: the first Featured row is the saved one ({rows[0][1][:50]!r})",
            f"saved first row {featured_names[0][:50]!r}")
    shot("10-offline-featured")
    popular = selected_tab(app, "Popular")
    app.click(popular, "tab \"Popular\"")
    r.wait_for(lambda: h.selected(popular), "offline: tab \"Popular\" is selected after a click")
    page = h.notebook_page_of(popular)
    rows = wait_rows(app, "offline: Popular rows from the cache", root=page)
    r.wait_for(lambda: h.find(page, lambda n: n.startswith(OFFLINE_BANNER), ("label",)),
               "offline: the Popular page shows the offline banner too", seen=seen_labels(app))
    r.check(rows[0][1] in popular_names, f"offline: {len(rows)} saved Popular rows, first {rows[0][1][:50]!r}",
            f"saved: {popular_names[:2]}")
    shot("11-offline-popular")
    app.quit()


def v3_checks(server, app_runs):
    """Whatever v3 does, it never sees a token, and a failing v3 is asked once per app run (the session decides)."""
    v3 = requests(server, 0, r"^/api/v3/", statuses=None)
    with_token = [e for e in v3 if e["token"]]
    r.check(not with_token, f"no request to v3 carried a token ({len(v3)} v3 requests)", f"with a token: {with_token[:3]}")
    refreshes = [e for e in requests(server, 0, r"^/oauth/token$", statuses=None)
                 if e["fields"].get("grant_type") == "refresh_token"]
    r.check(not refreshes, "no token refresh happened", f"refreshes: {refreshes[:3]}")
    if V3 == "flaky":
        # One clean-clone run once saw 505 v3 requests here (11 alone); each request is kept to find why if it recurs.
        with open(artifact("v3-requests.txt"), "w") as out:
            out.writelines(f"{e['seq']} {e['status']} {e['path']} {e['fields']}\n" for e in v3)
        if len(v3) > 40:
            r.note(f"{len(v3)} v3 requests (11 expected): see {artifact('v3-requests.txt')}")
        searched = requests(server, 0, SEARCH, statuses=None)
        faults = [e for e in v3 if e["status"] == 502]
        r.check(faults and not searched,
                f"v3 (every other answer a 502: {len(faults)} of {len(v3)} v3 answers) was kept: search was never "
                f"asked, so no list mixes v3 and search", h.brief_log(searched[:5]))
    elif V3 != "ok":
        # Two answers that say "gone" (one is not enough evidence), then the session switches once.
        r.check(len(v3) <= 2 * app_runs,
                f"v3 ({V3}) was asked {len(v3)} time(s) in {app_runs} app run(s): given up after two answers",
                h.brief_log(v3))
        searched = requests(server, 0, SEARCH, statuses=None)
        lists = {}
        for e in searched:
            key = tuple(sorted((k, v) for k, v in e["fields"].items() if k not in ("page", "per_page")))
            lists.setdefault(key, []).append(int(e["fields"].get("page", "1")))
        late_starts = {k: pages for k, pages in lists.items() if pages[0] != 1}
        r.check(searched and not late_starts,
                f"each of the {len(lists)} search lists began at page 1 ({len(searched)} search requests)",
                f"lists whose first request was a later page: {late_starts}")


def no_error_on_screen(app, where):
    bad = [n for n in h.labels(app.frame, app.frame) if "Could not load" in n or "not available here" in n]
    r.check(not bad, f"{where}: no error or fallback message on screen", f"labels: {bad}")


def login_without_notes_scope(app, server):
    """A password login through an application that lacks `notes`: the form says which scopes to tick, not that the
    password is wrong."""
    r.step("6. Mine: password login with an OAuth application that lacks the notes scope")
    mine = selected_tab(app, "Mine")
    app.click(mine, "tab \"Mine\"")
    email = r.wait_for(lambda: app.find(h.entry_named("Email"), ("text", "entry")), "Mine shows the login form (\"Email\")",
                       seen=seen_labels(app))
    password = app.find(h.entry_named("Password"), ("password text", "text"))
    r.check(password is not None, "the login form shows \"Password\"", seen_labels(app)())
    app.click(email, "\"Email\"")
    r.wait_for(lambda: h.focused(email), "\"Email\" has the focus after a click")
    app.type(EMAIL)
    app.click(password, "\"Password\"")
    r.wait_for(lambda: h.focused(password), "\"Password\" has the focus after a click")
    app.type(PASSWORD)
    log_in = r.wait_for(lambda: next((b for b in h.find_all(app.frame, "Log In", ("push button",))
                                      if b.getState().contains(h.pyatspi.STATE_SENSITIVE)), None),
                        "\"Log In\" becomes sensitive", seen=seen_labels(app))
    since = server.last_seq()
    app.click(log_in, "\"Log In\"")
    grant = r.wait_for(lambda: requests(server, since, r"^/oauth/token$", statuses=None),
                       "the password grant reaches FakeGitee", seen=lambda: h.brief_log(server.log(since)))
    r.check(grant[0]["status"] == 400 and grant[0]["fields"].get("client_id") == NO_NOTES_APP["MAYUN_OAUTH_CLIENT_ID"]
            and "notes" in grant[0]["fields"].get("scope", ""),
            "FakeGitee refused the grant (400 invalid_scope): the application lacks notes", f"logged: {grant[0]}")
    message = r.wait_for(lambda: next((n for n in h.labels(app.frame, app.frame)
                                       if "not given every scope" in n and "notes" in n), None),
                         "the form names the scopes to tick and where", seen=seen_labels(app))
    wrong = [n for n in h.labels(app.frame, app.frame) if "email or password is wrong" in n]
    r.check(not wrong, f"the form says {message[:110]!r}..., not that the password is wrong", f"labels: {wrong}")
    shot("12-scope-message")


def short_scenario(state):
    """v3 retired or firewalled: Featured, Popular (scrolled), search and a language, all through v5 search. v3 flaky:
    Featured and Popular (to page 3) from v3 alone, then the scope message of a login."""
    args = ["--latency", "150", "--state-file", os.path.join(state, "fake-state.json")]
    args += ["--fault", FLAKY_FAULT] if V3 == "flaky" else ["--v3", V3]
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("fake-gitee.log"), args)
    server = h.Server(r, server_proc.url)
    app = None
    try:
        r.ok(f"FakeGitee at {server.url} with v3 {V3!r} (log: {artifact('fake-gitee.log')})")
        env = h.state_env(state, server.url, NO_NOTES_APP if V3 == "flaky" else None)
        app = h.App(r, env, artifact("app.log"), "start").wait_window()
        rows = wait_rows(app, f"v3 {V3}: Featured rows appear")
        r.ok(f"v3 {V3}: {len(rows)} Featured rows, first {rows[0][1][:60]!r}")
        no_error_on_screen(app, "Featured")
        scroll_popular(app, server)
        no_error_on_screen(app, "Popular")
        if V3 == "flaky":
            login_without_notes_scope(app, server)
        else:
            search_and_language(app, server)
            no_error_on_screen(app, "language page")
        app.quit()
        v3_checks(server, app_runs=1)
    except BaseException:
        if app is not None and app.alive():
            dump(app)
        raise
    finally:
        if app is not None:
            app.kill()
        server_proc.stop()


def scenario(state):
    if V3 != "ok":
        return short_scenario(state)
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("fake-gitee.log"),
                              ["--latency", "150", "--state-file", os.path.join(state, "fake-state.json")])
    server = h.Server(r, server_proc.url)
    apps = []
    try:
        r.ok(f"FakeGitee at {server.url} with 150 ms latency (log: {artifact('fake-gitee.log')})")
        env = h.state_env(state, server.url)
        popular_names = first_start(env, server)
        featured_names = None
        app = warm_start(env, server)
        apps.append(app)
        featured_names = [n for _, n in h.project_rows(app.frame, app.frame)]
        lst, loaded = scroll_popular(app, server)
        owner, repo, before = open_project(app, lst, loaded, server)
        star_and_unstar(app, server, owner, repo, before)
        search_and_language(app, server)
        app.quit()
        v3_checks(server, app_runs=2)
    except BaseException:
        for a in apps:
            if a.alive():
                dump(a)
        raise
    finally:
        for a in apps:
            a.kill()
        server_proc.stop()
    offline_start(env, "offline start", featured_names, popular_names)


def dump(app):
    try:
        path = app.save_tree("failure")
        shot("failure")
        r.log(f"      accessible tree at failure: {path}; labels on screen: {seen_labels(app)()}")
    except Exception as e:
        r.log(f"      (could not save the tree: {e!r})")


def main():
    return h.scenario_main(r, scenario)


if __name__ == "__main__":
    sys.exit(main())
