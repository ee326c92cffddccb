#!/usr/bin/python3
"""Refreshes the README screenshots (data/screenshots/) from the app against FakeGitee: desktop and phone sizes,
light and night. Not a test; run it under Xvfb + a session bus like the scenarios, e.g.

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
SHOTS = [  # file, width, height, night mode, open a project
    ("main.png", 1100, 760, "light", False),
    ("project-night.png", 1100, 760, "night", True),
    ("phone.png", 360, 720, "light", False),
    ("phone-project-night.png", 360, 720, "night", True),
]
r = h.Report("screenshots")


def shoot(server, name, width, height, mode, project):
    state = tempfile.mkdtemp(prefix="shots.")
    env = h.state_env(state, server.url)
    os.makedirs(os.path.join(state, "config", "mayun"), exist_ok=True)
    with open(os.path.join(state, "config", "mayun", "settings.ini"), "w") as f:
        f.write(f"[mayun]\nwindow-width={width}\nwindow-height={height}\nnight-mode='{mode}'\n")
    app = h.App(r, env, os.path.join(state, "app.log"), name).wait_window()
    try:
        rows = r.wait_for(lambda: h.project_rows(app.frame, app.frame), "Featured rows show")
        if project:
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
