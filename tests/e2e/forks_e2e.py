#!/usr/bin/python3
"""End-to-end test of forking and proposing a change (issue 25; issue 27's "commit to a new branch"), driven through
AT-SPI with real mouse clicks and typing against FakeGitee, logged in as the demo account:

  1. someone else's project opens from a link; Fork asks first (a dialog naming where the copy goes); after the
     click in the dialog one POST .../forks is sent and the fork's page opens, saying what it was forked from
  2. the fork's README opens from a link; Edit, a line typed at the end, "Commit to a new branch" (its name filled in
     as mayun-demo-patch-1), Commit: POST .../branches then PUT .../contents on the new branch
  3. "Open a Pull Request": the form shows the comparison (one commit, one file) against the source; Create sends
     POST .../pulls to the source with head owner/repo:branch and lands on the new pull request
  4. the source's pull request list (from a link) shows it, and so does the server

Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and the throwaway keyring, with Debian's /usr/bin/python3.
Synchronisation is polling with a deadline (atspi_helpers), never fixed sleeps.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
from atspi_helpers import CheckFailed  # noqa: E402
import pulls_e2e as p  # noqa: E402  (its helpers: settled, reveal, click, list_row, seen_labels, top)

NAME = "forks"
r = h.Report(NAME)
p.r = r  # the shared helpers report into this scenario
TOKEN = "mayun-demo-token"
BRANCH = "mayun-demo-patch-1"
LINE = "A line from the fork."


def artifact(name):
    return os.path.join(h.ARTIFACTS, f"{NAME}-{name}")


def shot(name):
    r.log(f"      screenshot {h.screenshot(f'{NAME}-{name}.png')}")


def a_foreign_project(server):
    """A featured project someone else owns, on master, that mayun-demo has no project of the same name for."""
    for project in server.get("/api/v3/projects/featured?per_page=50"):
        owner, repo = project["path_with_namespace"].split("/", 1)
        if owner == "mayun-demo" or project.get("default_branch") != "master":
            continue
        status, _ = server.call("GET", f"/api/v5/repos/mayun-demo/{repo}")
        if status == 404:
            return owner, repo
    raise CheckFailed("no featured project to fork")


def writes(server, since, method, suffix):
    return [e for e in server.log(since) if e["method"] == method and e["path"].endswith(suffix)]


def dialog_button(app, name):
    def find():
        for d in h.frames(app.app):
            if d.name != "Mayun":
                b = h.find(d, name, ("push button",))
                if b is not None:
                    return d, b
        return None
    return r.wait_for(find, f"a dialog with \"{name}\" asks first", seen=p.seen_labels(app))


def fork_it(server, env, owner, repo):
    r.step("1. Fork asks where the copy goes, then the fork's page opens")
    app = h.App(r, env, artifact("app.log"), "project link", args=[f"{server.url}/{owner}/{repo}"]).wait_window(with_tabs=False)
    try:
        r.wait_for(lambda: h.open_project_name(app.frame) == f"{owner}/{repo}", f"the window shows {owner}/{repo}",
                   seen=p.seen_labels(app))
        since = server.last_seq()
        p.click(app, "Fork", ("push button",))
        dialog, confirm = dialog_button(app, "Fork")
        r.check(writes(server, since, "POST", "/forks") == [], "nothing is forked while it asks")
        r.check(h.find(dialog, lambda n: "mayun-demo" in n, ("label",)) is not None, "the question names mayun-demo's space")
        shot("1-asks")
        h.mouse_click(confirm, dialog, app.pid, "\"Fork\" in the dialog", r)
        posts = r.wait_for(lambda: [e for e in writes(server, since, "POST", f"/repos/{owner}/{repo}/forks") if e["status"] == 201],
                           "one POST .../forks (201)", seen=lambda: h.brief_log(server.log(since)))
        r.check(len(posts) == 1, "one fork asked for", h.brief_log(server.log(since)))
        r.wait_for(lambda: h.open_project_name(app.frame) == f"mayun-demo/{repo}", "the fork's page opens",
                   seen=p.seen_labels(app))
        r.wait_for(lambda: app.find(f"Forked from {owner}/{repo}", ("push button", "label"), root=p.top(app)),
                   "it says what it was forked from", seen=p.seen_labels(app))
        forked = server.get(f"/api/v5/repos/mayun-demo/{repo}")
        r.check(forked["fork"] is True and forked["parent"]["full_name"] == f"{owner}/{repo}",
                "the server has the fork with its parent", f"{forked.get('fork')} {forked.get('parent', {}).get('full_name')}")
        shot("2-fork")
        app.quit()
    except BaseException:
        h.keep_failure_evidence(r, app)
        raise
    finally:
        app.kill()


def commit_to_new_branch_and_propose(server, env, owner, repo):
    r.step("2. Edit the fork's README and commit to a new branch")
    app = h.App(r, env, artifact("app-edit.log"), "file link",
                args=[f"{server.url}/mayun-demo/{repo}/blob/master/README.md"]).wait_window(with_tabs=False)
    try:
        r.wait_for(lambda: h.page_title(app.frame) == "README.md", "the README's page opens", seen=p.seen_labels(app))
        p.click(app, "Edit", ("push button",))
        r.wait_for(lambda: h.page_title(app.frame) == "Edit README.md", "the editor opens", seen=p.seen_labels(app))
        code = r.wait_for(lambda: app.find("File text", ("text",), root=p.top(app)), "the editable text", seen=p.seen_labels(app))
        app.click(code, "the text")
        r.wait_for(lambda: h.focused(code), "the text has the focus after a click")
        app.key("ctrl+End")
        app.key("Return")
        app.type(LINE)
        r.wait_for(lambda: LINE in (h.text_of(code) or ""), "the line is typed", seen=lambda: repr((h.text_of(code) or "")[-80:]))
        p.click(app, "Commit to a new branch", ("toggle button", "push button"))
        # GTK 4.8's entries do not give their text over AT-SPI: the name is checked in the request below.
        r.wait_for(lambda: app.find(h.entry_named("New branch name"), ("text", "entry"), root=p.top(app)),
                   "the branch name field shows", seen=p.seen_labels(app))
        since = server.last_seq()
        p.click(app, "Commit", ("push button",))
        put = r.wait_for(lambda: [e for e in writes(server, since, "PUT", "/contents/README.md") if e["status"] == 200],
                         "the file is committed (PUT 200)", seen=lambda: h.brief_log(server.log(since)))
        branch = writes(server, since, "POST", f"/repos/mayun-demo/{repo}/branches")
        r.check(len(branch) == 1 and branch[0]["status"] == 201 and branch[0]["fields"].get("branch_name") == BRANCH
                and branch[0]["fields"].get("refs") == "master", f"first the branch (POST .../branches 201, refs=master, branch_name={BRANCH}, the default name)",
                h.brief_log(server.log(since)))
        r.check(branch[0]["seq"] < put[0]["seq"] and put[0]["fields"].get("branch") == BRANCH,
                "then the file on it", f"{put[0]['fields'].get('branch')}")
        shot("3-committed")

        r.step("3. Open a Pull Request: the comparison, then Create")
        p.click(app, "Open a Pull Request", ("push button",))
        r.wait_for(lambda: h.page_title(app.frame) == "New Pull Request", "the form opens", seen=p.seen_labels(app))
        r.wait_for(lambda: app.find("Commits: 1 · files changed: 1", ("label",), root=p.top(app)),
                   "the comparison: one commit, one file", seen=p.seen_labels(app))
        r.wait_for(lambda: app.find(f"{owner}/{repo}", ("label",), root=p.top(app)), f"into {owner}/{repo}",
                   seen=p.seen_labels(app))
        shot("4-form")
        since = server.last_seq()
        p.click(app, "Create Pull Request", ("push button",))
        posts = r.wait_for(lambda: [e for e in writes(server, since, "POST", f"/repos/{owner}/{repo}/pulls") if e["status"] == 201],
                           "POST .../pulls to the source (201)", seen=lambda: h.brief_log(server.log(since)))
        fields = posts[0]["fields"]
        r.check(fields.get("head") == f"mayun-demo/{repo}:{BRANCH}" and fields.get("base") == "master",
                "head is the fork's branch, base master", f"{fields}")
        title = fields.get("title")
        pulls = server.get(f"/api/v5/repos/{owner}/{repo}/pulls?state=open")
        number = pulls[0]["number"]
        r.check(pulls[0]["title"] == title and pulls[0]["head"]["ref"] == BRANCH, "the server lists it first",
                f"{pulls[0]['title']} {pulls[0]['head']['ref']}")
        r.wait_for(lambda: h.page_title(app.frame) == f"!{number}", f"the new pull request !{number} opens",
                   seen=p.seen_labels(app))
        shot("5-opened")
        app.quit()
        return title
    except BaseException:
        h.keep_failure_evidence(r, app)
        raise
    finally:
        app.kill()


def listed_in_source(server, env, owner, repo, title):
    r.step("4. the source's pull request list shows it")
    app = h.App(r, env, artifact("app-list.log"), "pulls link",
                args=[f"{server.url}/{owner}/{repo}/pulls"]).wait_window(with_tabs=False)
    try:
        r.wait_for(lambda: h.page_title(app.frame) == "Pull Requests", "the list opens", seen=p.seen_labels(app))
        p.settled(app, lambda: p.list_row(app, title), f"\"{title}\" is listed")
        r.check(app.find("New Pull Request", ("push button",), root=p.top(app)) is not None,
                "New Pull Request is offered (the person has a fork)")
        shot("6-list")
        app.quit()
    except BaseException:
        h.keep_failure_evidence(r, app)
        raise
    finally:
        app.kill()


def scenario(state):
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("fake-gitee.log"), ["--latency", "30"])
    server = h.Server(r, server_proc.url)
    try:
        owner, repo = a_foreign_project(server)
        env = h.state_env(state, server.url, {"MAYUN_TOKEN": TOKEN})
        fork_it(server, env, owner, repo)
        title = commit_to_new_branch_and_propose(server, env, owner, repo)
        listed_in_source(server, env, owner, repo, title)
    finally:
        server_proc.stop()


def main():
    return h.scenario_main(r, scenario)


if __name__ == "__main__":
    sys.exit(main())
