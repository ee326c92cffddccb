#!/usr/bin/python3
"""End-to-end test of organisations and people search (issue 28, part B), driven through AT-SPI against FakeGitee.

  1. (logged in with MAYUN_TOKEN: the demo account belongs to FakeGitee's first organisation) a project of the
     organisation opens from its link; a mouse click on "Owner" opens the organisation's page, whose Projects list
     shows its private "internal-handbook" (members only); a click opens that project
  2. Discover: the "Search for" switch set to People, a person's login searched, the person's row clicked: their
     page opens
  3. the author of an issue on a project where they are no member edits its title: Edit issue, Save, one PATCH
     (issue_author.py)

Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and the throwaway keyring, with Debian's /usr/bin/python3.
Synchronisation is polling with a deadline (atspi_helpers), never fixed sleeps.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
from e2e_support import Scenario, teardown, top  # noqa: E402
from issue_author import author_edits_the_title  # noqa: E402

NAME = "people"
r = h.Report(NAME)
s = Scenario(r)
artifact, shot, seen_labels, settled, back_to_tabs = s.artifact, s.shot, s.seen_labels, s.settled, s.back_to_tabs
TOKEN = "mayun-demo-token"


def row_named(app, title):
    """A row of a list on the page on top whose accessible label starts with `title`."""
    for lst in h.lists(top(app)):
        for acc, name in h.rows_of(lst, app.frame):
            if name.split(", ")[0] == title or name.startswith(title):
                return acc
    return None


def scenario(state):
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("fake-gitee.log"), ["--latency", "30"])
    server = h.Server(r, server_proc.url)
    app = None
    try:
        orgs = server.get("/api/v5/user/orgs", token=TOKEN)
        r.check(bool(orgs), "the demo account belongs to an organisation", f"{orgs!r}")
        org = orgs[0]["login"]
        org_name = orgs[0]["name"]
        public = [p for p in server.get(f"/api/v5/orgs/{org}/repos?type=public") if not p["private"]]
        r.check(bool(public), f"{org} has a public project")
        project = public[0]["full_name"]
        members = server.get(f"/api/v5/orgs/{org}/members")
        person = next(m for m in members if m["login"] != "mayun-demo")
        env = h.state_env(state, server.url, {"MAYUN_TOKEN": TOKEN})

        r.step("1. a project of an organisation: Owner opens the organisation, whose private project opens")
        app = h.App(r, env, artifact("app.log"), "project link",
                    args=[f"{server.url}/{project}"]).wait_window(with_tabs=False)
        r.wait_for(lambda: h.open_project_name(app.frame) == project, f"the window shows {project}",
                   seen=seen_labels(app))
        app.click(settled(app, lambda: app.find("Owner", ("list item", "label"), root=top(app)), "the \"Owner\" row"),
                  "\"Owner\"")
        r.wait_for(lambda: h.page_title(app.frame) in (org_name, org), f"the organisation's page \"{org_name}\" opens",
                   seen=seen_labels(app))
        r.wait_for(lambda: app.find("Members", ("label",), root=top(app)), "it has a Members tab",
                   seen=seen_labels(app))
        handbook = settled(app, lambda: row_named(app, f"{org}/internal-handbook"),
                           "its Projects list shows the private \"internal-handbook\" to a member")
        shot("1-organization")
        app.click(handbook, "\"internal-handbook\"")
        r.wait_for(lambda: h.open_project_name(app.frame) == f"{org}/internal-handbook",
                   f"the project {org}/internal-handbook opens", seen=seen_labels(app))
        asked = [(e["path"], e.get("status")) for e in server.log()]
        r.check(any(p == f"/api/v5/orgs/{org}" for p, _ in asked), "the app asked GET /orgs/{org}", f"{asked[-12:]}")

        r.step("2. Discover: search for People, open the person found")
        back_to_tabs(app)
        tab = r.wait_for(lambda: h.find_tab(app.frame, "Discover"), "the Discover tab", seen=seen_labels(app))
        app.click(tab, "tab \"Discover\"")
        kind = settled(app, lambda: app.find("Search for", None), "the \"Search for\" switch")
        app.click(kind, "\"Search for\"")
        people = r.wait_for(lambda: h.find(app.frame, "People", None, into_rows=True) if h.find(
            app.frame, "People", None, into_rows=True) is not kind else None, "its \"People\" choice shows",
            seen=seen_labels(app))
        app.click(people, "\"People\"")
        entry = r.wait_for(lambda: app.find(h.entry_named("Search people"), ("text", "entry")),
                           "the field now says \"Search people\"", seen=seen_labels(app))
        app.click(entry, "\"Search people\"")
        r.wait_for(lambda: h.focused(entry), "\"Search people\" has the focus")
        app.type(person["login"])
        app.key("Return")
        title = person["name"] or person["login"]
        row = settled(app, lambda: row_named(app, title), f"\"{title}\" is found")
        shot("2-search-people")
        app.click(row, f"\"{title}\"")
        r.wait_for(lambda: h.page_title(app.frame) in (person["name"], person["login"]),
                   f"{person['login']}'s page opens", seen=seen_labels(app))
        searched = [e["path"] for e in server.log() if e["path"] == "/api/v5/search/users"]
        r.check(bool(searched), "the app asked GET /search/users")
        shot("3-person")
        author_edits_the_title(r, s, app, server, env)
        app.quit()
    finally:
        teardown(r, app, server_proc)


def main():
    return h.scenario_main(r, scenario)


if __name__ == "__main__":
    sys.exit(main())
