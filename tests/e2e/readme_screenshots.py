#!/usr/bin/python3
"""Refreshes the README and metainfo screenshots (data/screenshots/) from the app against FakeGitee: desktop and phone
sizes, light and night, and two pages a person takes part in (an issue and a pull request, logged in as the demo
account with MAYUN_TOKEN, opened from a link). Not a test; run it under Xvfb + a session bus like the scenarios, e.g.

  MAYUN_E2E_PREFIX=<prefix with bin/mayun> MAYUN_E2E_FAKE_GITEE=.build/debug/fake-gitee \\
  xvfb-run -a -s '-screen 0 1280x1024x24' dbus-run-session -- tests/keyring/start-keyring.sh \\
      /usr/bin/python3 tests/e2e/readme_screenshots.py
"""

import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
OUT = os.path.join(REPO, "data", "screenshots")
SHOTS = [  # file, width, height, night mode, what to open: a project from Featured, an issue or a pull request
    ("main.png", 1100, 760, "light", None),
    ("project-night.png", 1100, 760, "night", "project"),
    ("phone.png", 360, 720, "light", None),
    ("phone-project-night.png", 360, 720, "night", "project"),
    ("issue.png", 1100, 760, "light", "issue"),
    ("pull-request-night.png", 1100, 760, "night", "pull"),
]
LOGIN, TOKEN = "mayun-demo", "mayun-demo-token"
r = h.Report("screenshots")


def participation_link(server, kind):
    """(link, page title) of an open issue with comments, or an open pull request, on a project of the demo account."""
    for project in server.get(f"/api/v5/users/{LOGIN}/repos?per_page=50"):
        owner, repo = project["full_name"].split("/", 1)
        if owner != LOGIN:
            continue
        for item in server.get(f"/api/v5/repos/{owner}/{repo}/{kind}s?state=open&per_page=50"):
            if kind == "pull" or item["comments"] > 0:
                sign = "#" if kind == "issue" else "!"
                return f"{server.url}/{owner}/{repo}/{kind}s/{item['number']}", f"{sign}{item['number']}"
    raise h.CheckFailed(f"no open {kind} on a project of {LOGIN}")


def shoot(server, name, width, height, mode, opens):
    state = tempfile.mkdtemp(prefix="shots.")
    link = participation_link(server, opens) if opens in ("issue", "pull") else None
    env = h.state_env(state, server.url, {"MAYUN_TOKEN": TOKEN} if link else None)
    os.makedirs(os.path.join(state, "config", "mayun"), exist_ok=True)
    with open(os.path.join(state, "config", "mayun", "settings.ini"), "w") as f:
        f.write(f"[mayun]\nwindow-width={width}\nwindow-height={height}\nnight-mode='{mode}'\n")
    app = h.App(r, env, os.path.join(state, "app.log"), name, args=[link[0]] if link else [])
    app.wait_window(with_tabs=link is None)
    try:
        if link:
            r.wait_for(lambda: h.page_title(app.frame) == link[1], f"the link opens {link[1]}")
        else:
            rows = r.wait_for(lambda: h.project_rows(app.frame, app.frame), "Featured rows show")
        if opens == "project":
            app.click(rows[0][0], "the first Featured row")
            r.wait_for(lambda: h.open_project_name(app.frame), "the project page is open")
            r.wait_for(lambda: app.find("README", ("label",)) and app.find("Owner", ("list item",)), "rows show")
        h.move_pointer(1279, 1023)
        # Images and the README arrive asynchronously: wait until two captures in a row are identical.
        wid, _ = h.x_main_window(app.pid)
        path = os.path.join(OUT, name)
        previous = None

        def steady():
            nonlocal previous
            subprocess.run(["import", "-window", str(wid), path], check=True, stderr=subprocess.DEVNULL)
            data = open(path, "rb").read()
            same, previous = data == previous, data
            return same
        r.wait_for(steady, f"{name}: the window stopped changing")
        r.ok(f"{path} written")
    finally:
        app.quit()


def main():
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, os.path.join(tempfile.gettempdir(), "shots-fake-gitee.log"), [])
    server = h.Server(r, server_proc.url)
    try:
        for shot in SHOTS:
            shoot(server, *shot)
    finally:
        server_proc.stop()
    return r.summary()


if __name__ == "__main__":
    sys.exit(main())
