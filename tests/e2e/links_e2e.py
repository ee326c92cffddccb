#!/usr/bin/python3
"""End-to-end test of Gitee links (issue 15), driven through AT-SPI against FakeGitee.

  1. `mayun <project link>`: the window opens on that project's page
  2. a second `mayun <file link>` (written without its scheme, as pasted) hands the link to the running window (one
     instance) and exits; the file's page shows in the first window
  3. Ctrl+L, a person's link typed and Return: their page opens
  4. a second launch with a link to another site: the window says it is not a link to this site, and stays put
  5. a second launch with a file link whose path climbs out of its project with escaped `..` segments (issue 36): the
     window says why, nothing opens, and FakeGitee's log shows no request for it
  6. the project again with its README held back by the server: Back while it waits closes the connection (FakeGitee
     logs the request `aborted`) and the README is not asked for again

Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and the throwaway keyring, with Debian's /usr/bin/python3.
"""

import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
from e2e_support import Scenario, teardown  # noqa: E402
from atspi_helpers import CheckFailed  # noqa: E402

NAME = "links"
r = h.Report(NAME)
s = Scenario(r)
artifact, shot, seen_labels = s.artifact, s.shot, s.seen_labels


def a_project_with_a_file(server):
    """A Featured project and a top-level file of it, as the server has them."""
    for project in server.get("/api/v3/projects/featured?per_page=20"):
        owner, repo = project["path_with_namespace"].split("/", 1)
        branch = server.get(f"/api/v5/repos/{owner}/{repo}")["default_branch"]
        files = [e for e in server.get(f"/api/v5/repos/{owner}/{repo}/contents/?ref={branch}")
                 if e["type"] == "file" and e["name"].endswith((".md", ".txt", "LICENSE"))]
        if files:
            return owner, repo, branch, files[0]["path"]
    raise CheckFailed("no Featured project with a text file")


def second_launch(env, link):
    """`mayun <link>` while the app runs: it must hand the link over and exit at once with status 0."""
    done = subprocess.run([h.BINARY, link], env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=h.TIMEOUT)
    r.check(done.returncode == 0, f"a second `mayun {link}` hands the link over and exits with status 0",
            f"status {done.returncode}: {done.stdout[-300:]!r} {done.stderr[-300:]!r}")


def leaving_cancels_the_request(app, server, env, owner, repo, login):
    r.step("5. Back on a project whose README the server holds back: the request is cancelled, not repeated")
    readme = f"/api/v5/repos/{owner}/{repo}/readme"
    server.fault(kind="latency", delay=20000, path=readme, count=1)
    since = server.last_seq()
    second_launch(env, f"{server.url}/{owner}/{repo}")
    r.wait_for(lambda: h.open_project_name(app.frame) == f"{owner}/{repo}", f"the project page of {owner}/{repo} opens",
               seen=seen_labels(app))
    held = r.wait_for(lambda: next((e for e in server.log(since) if e["path"] == readme), None),
                      "the project page asks for its README (held back by the server)",
                      seen=lambda: h.brief_log(server.log(since)))
    app.key("alt+Left")
    r.wait_for(lambda: app.find(f"Pages of {login}", None, root=h.top_page(app.frame)) is not None,
               "Back shows the user page again", seen=seen_labels(app))
    r.wait_for(lambda: next(e for e in server.log(since) if e["seq"] == held["seq"])["aborted"],
               "the app closed the README's connection before the answer came (FakeGitee logs it aborted)",
               seen=lambda: h.brief_log(server.log(since)))
    # A request made after the abort marks a point in time: nothing for the README came between.
    app.key("F5")
    user = f"/api/v5/users/{login}"
    r.wait_for(lambda: any(e["path"] == user and e["seq"] > held["seq"] for e in server.log(since)),
               "F5 on the user page reaches the server")
    again = [e for e in server.log(held["seq"]) if e["path"] == readme]
    r.check(not again, "the cancelled README is not asked for again", h.brief_log(again))
    server.clear_faults()


def scenario(state):
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("fake-gitee.log"), ["--latency", "50"])
    server = h.Server(r, server_proc.url)
    app = None
    try:
        env = h.state_env(state, server.url)
        owner, repo, branch, path = a_project_with_a_file(server)
        r.step("1. the app started with a project link shows that project")
        app = h.App(r, env, artifact("app.log"), "project link",
                    args=[f"{server.url}/{owner}/{repo}"]).wait_window(with_tabs=False)
        r.wait_for(lambda: h.open_project_name(app.frame) == f"{owner}/{repo}",
                   f"the window opens on {owner}/{repo} (title and Star button)", seen=seen_labels(app))
        shot("1-project")
        since = server.last_seq()
        app.key("F5")
        r.wait_for(lambda: any(e["path"] == f"/api/v5/repos/{owner}/{repo}" for e in server.log(since)),
                   "F5 on the project page asks the server for the project again")

        r.step("2. a second launch with a file link without its scheme shows the file in the first window")
        # As people paste it ("gitee.com/o/r/blob/..."): GApplication used to make it a file in the current folder.
        second_launch(env, f"{server.url.split('://', 1)[1]}/{owner}/{repo}/blob/{branch}/{path}")
        name = path.split("/")[-1]
        r.wait_for(lambda: h.page_title(app.frame) == name, f"the first window shows the file {name}",
                   seen=seen_labels(app))
        r.wait_for(lambda: app.find("Save As…", ("push button",), root=h.top_page(app.frame)),
                   "the file page shows its Save As… button", seen=seen_labels(app))
        r.check(app.alive(), "the first instance is still the one running")
        shot("2-file")
        since = server.last_seq()
        app.key("F5")
        r.wait_for(lambda: any(re.search(rf"/repos/{owner}/{repo}/(contents|raw)/{re.escape(path)}$", e["path"])
                               for e in server.log(since)),
                   "F5 on the file page asks the server for the file again")

        r.step("3. Ctrl+L, a person's link, Return: their page opens")
        login = owner
        app.key("ctrl+l")
        entry = r.wait_for(lambda: h.find(h.app_of(app.pid), h.entry_named("Gitee link"), ("text", "entry")),
                           "Ctrl+L shows the \"Gitee link\" field")
        r.wait_for(lambda: h.focused(entry), "the link field has the keyboard focus")
        # Typed into the dialog's own X window (app.type would focus the main window first).
        dialog = r.wait_for(lambda: h.x_main_window(app.pid, "Go to a Gitee Link"), "the dialog's X window is mapped")
        h.run(["xdotool", "windowfocus", "--sync", dialog[0]], check=True)
        h.run(["xdotool", "type", "--clearmodifiers", "--delay", "20", f"{server.url}/{login}"], check=True)
        h.run(["xdotool", "key", "--clearmodifiers", "Return"], check=True)
        r.wait_for(lambda: h.page_title(app.frame) not in (None, name) and
                   app.find(f"Pages of {login}", None, root=h.top_page(app.frame)) is not None,
                   f"the user page of {login} opens", seen=seen_labels(app))
        shot("3-user")

        r.step("4. a link to another site is refused with a message")
        second_launch(env, "https://example.com/someone/something")
        port = server.url.rsplit(":", 1)[1].strip("/")
        # A toast, on screen for 5 s: looked for where toasts are, not by walking every page of the window.
        r.wait_for(lambda: f"Not a link to 127.0.0.1:{port}." in h.toasts(app.frame),
                   "the window says the link is not to this site", seen=lambda: h.toasts(app.frame))
        r.check(app.find(f"Pages of {login}", None, root=h.top_page(app.frame)) is not None,
                "the user page stays on top")
        shot("4-foreign")

        r.step("5. a file link whose path climbs into another project is refused and asks nothing")
        since = server.last_seq()
        second_launch(env, f"{server.url}/{owner}/{repo}/blob/{branch}/..%2F..%2F..%2F{login}%2Fother%2Fcontents%2FREADME.md")
        r.wait_for(lambda: any("leaves the project" in t for t in h.toasts(app.frame)),
                   "the window says the link leaves its project", seen=lambda: h.toasts(app.frame))
        r.check(app.find(f"Pages of {login}", None, root=h.top_page(app.frame)) is not None,
                "the user page stays on top")
        # Background polls (notifications) may run meanwhile: only what the link could have asked counts.
        sent = [e["path"] for e in server.log(since)
                if f"/{login}/other" in e["path"] or "README.md" in e["path"] or f"/repos/{owner}/{repo}" in e["path"]]
        r.check(not sent, "no request was sent for the link, inside or outside its project", f"{sent}")

        leaving_cancels_the_request(app, server, env, owner, repo, login)
        app.quit()
    finally:
        teardown(r, app, server_proc)


def main():
    return h.scenario_main(r, scenario)


if __name__ == "__main__":
    sys.exit(main())
