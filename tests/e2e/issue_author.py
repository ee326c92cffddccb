"""Step 3 of tests/e2e/people_e2e.py (issue 39): an issue's author edits its title on a project where they are no member.

On gitee.com the author edits their own issue (the published description states no rule; FakeGitee follows the site:
docs/FAKE-GITEE.md's table of assumptions). mayun-demo opens an issue through the API on a public project it has no
push right to, the running app is handed the issue's link, and Edit issue, a new title and Save must change the title
on the server (one PATCH with the title) and on the page.
"""

import subprocess

import atspi_helpers as h
from atspi_helpers import CheckFailed
from e2e_support import top

TOKEN = "mayun-demo-token"


def a_project_without_push_rights(server):
    """A Featured project of someone else, outside mayun-demo's organisations (whose members triage)."""
    mine = {"mayun-demo"} | {org["login"] for org in server.get("/api/v5/user/orgs", token=TOKEN)}
    for project in server.get("/api/v3/projects/featured?per_page=40"):
        owner, repo = project["path_with_namespace"].split("/", 1)
        seen = server.get(f"/api/v5/repos/{owner}/{repo}", token=TOKEN)
        if owner not in mine and not (seen.get("permission") or {}).get("push") and seen.get("has_issues", True):
            return owner, repo
    raise CheckFailed("no Featured project where mayun-demo has no push right")


def author_edits_the_title(r, s, app, server, env):
    r.step("3. the author of an issue on someone else's project edits its title (Edit issue, Save)")
    owner, repo = a_project_without_push_rights(server)
    status, issue = server.call("POST", f"/api/v5/repos/{owner}/issues",
                                {"repo": repo, "title": "Typo in the guide", "body": "Step 2 says 'teh'."}, token=TOKEN)
    r.check(status == 201, f"mayun-demo opened an issue on {owner}/{repo} through the API", f"{status} {issue!r}"[:200])
    number = issue["number"]
    link = f"{server.url}/{owner}/{repo}/issues/{number}"
    done = subprocess.run([h.BINARY, link], env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=h.TIMEOUT)
    r.check(done.returncode == 0, "the running app is handed the issue's link", f"{done.returncode} {done.stderr!r}")
    r.wait_for(lambda: h.page_title(app.frame) == f"#{number}", f"the link opens #{number}", seen=s.seen_labels(app))
    edit = s.settled(app, lambda: app.find("Edit issue", ("push button",), root=top(app)),
                     "its author is offered \"Edit issue\"")
    app.click(edit, "\"Edit issue\"")
    field = s.settled(app, lambda: app.find(h.entry_named("Title"), ("text", "entry"), root=top(app)),
                      "the editor's Title field")
    app.click(field, "the Title field")
    r.wait_for(lambda: h.focused(field), "the Title field has the focus")
    app.key("ctrl+a")
    # (GTK 4.8 does not expose a GtkEntry's text over AT-SPI: the PATCH below shows what was typed.)
    app.type("Typo in the install guide")
    since = server.last_seq()
    s.click(app, "Save", ("push button",))
    path = f"/api/v5/repos/{owner}/issues/{number}"
    patches = r.wait_for(lambda: [e for e in server.log(since) if e["method"] == "PATCH" and e["path"] == path],
                         "Save sends the update (PATCH .../issues/{number})", seen=lambda: h.brief_log(server.log(since)))
    r.check(patches[0]["status"] == 200 and patches[0]["fields"].get("title") == "Typo in the install guide",
            "with the new title, accepted from the author (200)", f"{patches[0]}")
    r.check(server.get(f"/api/v5/repos/{owner}/{repo}/issues/{number}")["title"] == "Typo in the install guide",
            "the server has the new title")
    r.wait_for(lambda: app.find("Typo in the install guide", ("label",), root=top(app)),
               "the page shows the new title", seen=s.seen_labels(app))
    s.shot("4-author-edited")
