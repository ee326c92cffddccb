#!/usr/bin/python3
"""End-to-end test of downloads and clones (issue 28), driven through AT-SPI against FakeGitee.

  1. a project link opens the project; its Releases row lists the releases; the newest one opens
  2. Download of an attached file that FakeGitee drips slowly: the progress bar moves, reaches the end, and the
     file is in the chosen download folder (XDG_DOWNLOAD_DIR of the test's user-dirs.dirs) whole, byte for byte,
     with nothing else beside it (the temporary file was renamed into place)
  3. Clone… over HTTPS from FakeGitee's smart HTTP (git http-backend) into a folder chosen in the file chooser:
     the folder is a git checkout with the project's top-level files, and Open in Terminal shows

Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and the throwaway keyring, with Debian's /usr/bin/python3.
Synchronisation is polling with a deadline (atspi_helpers), never fixed sleeps.
"""

import os
import sys
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
from e2e_support import Scenario, teardown, top, list_row  # noqa: E402
from atspi_helpers import CheckFailed  # noqa: E402

NAME = "transfers"
r = h.Report(NAME)
s = Scenario(r)
artifact, shot, seen_labels, settled, reveal, click = s.artifact, s.shot, s.seen_labels, s.settled, s.reveal, s.click
DRIP_MS = 400  # between each eighth of the file: about 3 s for the whole


def a_project_with_a_released_file(server):
    """A Featured project whose newest release has an attached file, with that release and file."""
    for project in server.get("/api/v3/projects/featured?per_page=40"):
        owner, repo = project["path_with_namespace"].split("/", 1)
        releases = server.get(f"/api/v5/repos/{owner}/{repo}/releases?direction=desc&per_page=20")
        if releases and releases[0]["assets"]:
            return owner, repo, releases[0], releases[0]["assets"][0]
    raise CheckFailed("no Featured project whose newest release has an attached file")


def release_heading(release):
    name = release["name"].strip()
    return release["tag_name"] if not name or name == release["tag_name"] else f"{release['tag_name']} — {name}"


def progress_value(app):
    """The download's progress bar on the page on top, 0..1, or None while there is none."""
    bar = h.find(top(app), lambda n: True, ("progress bar",))
    if bar is None:
        return None
    try:
        value = bar.queryValue()
        span = value.maximumValue - value.minimumValue
        return (value.currentValue - value.minimumValue) / span if span > 0 else None
    except Exception:
        return None


def download(app, server, owner, repo, release, asset, folder):
    r.step("2. Download a dripped file: the bar moves, the file lands whole in the chosen folder")
    url = asset["browser_download_url"]
    with urllib.request.urlopen(url, timeout=h.TIMEOUT) as answer:
        expected = answer.read()
    path = url.split(server.url, 1)[1]
    server.fault(kind="slow", delay=DRIP_MS, path=path)
    since = server.last_seq()
    click(app, f"Download {asset['name']}", ("push button",))
    seen = []

    def finished():
        value = progress_value(app)
        if value is not None and (not seen or seen[-1] != round(value, 3)):
            seen.append(round(value, 3))
        return app.find("Open File", ("push button",), root=top(app))
    r.wait_for(finished, "the download finishes (Open File shows)", seen=lambda: f"bar values {seen}")
    r.check(any(0 < v < 1 for v in seen), "the progress bar showed the download part-way", f"values {seen}")
    r.check(seen[-1] == 1.0 or progress_value(app) == 1.0, "the bar reached the end", f"values {seen}")
    asked = [e for e in server.log(since) if e["path"] == path]
    r.check(asked and asked[0]["status"] == 200, "the app fetched the file's address", h.brief_log(server.log(since)))
    names = sorted(os.listdir(folder))
    r.check(names == [asset["name"]], f"the chosen folder holds {asset['name']} and nothing else (no temporary file)",
            f"{names}")
    with open(os.path.join(folder, asset["name"]), "rb") as f:
        got = f.read()
    r.check(got == expected, f"the file is complete: {len(got)} bytes, the same as the server's",
            f"{len(got)} of {len(expected)} bytes")
    r.wait_for(lambda: app.find("Show in Folder", ("push button",), root=top(app)), "Show in Folder shows",
               seen=seen_labels(app))
    shot("2-downloaded")
    server.clear_faults()


def choose_folder(app, parent):
    """The file chooser "Clone Into": the parent folder typed into its location field, then Clone."""
    def chooser():
        for d in h.frames(app.app):
            if d.name == "Clone Into":
                return d
        return None
    dialog = r.wait_for(chooser, "Clone… asks where, in a file chooser \"Clone Into\"", seen=seen_labels(app))
    app.key("ctrl+l", window="Clone Into")
    field = r.wait_for(lambda: h.find(dialog, lambda n: True, ("text",)), "the chooser's location field shows",
                       seen=lambda: h.tree_text(app.app)[:2000])
    r.wait_for(lambda: h.focused(field), "the location field has the focus")
    app.type(parent + "/", window="Clone Into")
    r.wait_for(lambda: h.text_of(field) == parent + "/", "the folder is typed", seen=lambda: repr(h.text_of(field)))
    accept = r.wait_for(lambda: h.find(dialog, "Clone", ("push button",)), "the chooser's \"Clone\" button",
                        seen=lambda: h.tree_text(app.app)[:2000])
    shot("3-clone-into")
    h.mouse_click(accept, dialog, app.pid, "\"Clone\" in the chooser", r)
    r.wait_for(lambda: chooser() is None, "the chooser closes")


def clone(app, server, owner, repo, parent):
    r.step("3. Clone… into a chosen folder over FakeGitee's smart HTTP: a git checkout of the project")
    os.makedirs(parent)
    app.key("alt+Left")
    r.wait_for(lambda: h.page_title(app.frame) == "Releases", "Alt+Left goes back to the Releases page",
               seen=seen_labels(app))
    app.key("alt+Left")
    r.wait_for(lambda: h.open_project_name(app.frame) == f"{owner}/{repo}"
               and app.find("Clone this project into a folder", ("push button",), root=top(app)),
               "the project page is on top again", seen=seen_labels(app))
    https = app.find("HTTPS", ("toggle button",), root=top(app))
    r.check(https is not None and (h.selected(https) or https.getState().contains(h.pyatspi.STATE_CHECKED)),
            "HTTPS is the clone address chosen at first", h.describe(https) if https else "no HTTPS toggle")
    r.check(app.find("SSH", ("toggle button",), root=top(app)) is not None, "SSH can be chosen instead")
    since = server.last_seq()
    click(app, "Clone this project into a folder", ("push button",))
    choose_folder(app, parent)
    checkout = os.path.join(parent, repo)
    r.wait_for(lambda: app.find("Open in Terminal", ("push button",), root=top(app)),
               "the clone finishes: Open Folder and Open in Terminal show", timeout=max(h.TIMEOUT, 90),
               seen=seen_labels(app))
    r.check(app.find("Open Folder", ("push button",), root=top(app)) is not None, "Open Folder shows")
    packs = [e for e in server.log(since) if e["path"].endswith("/git-upload-pack")]
    r.check(packs and packs[-1]["status"] == 200, "git fetched the pack from FakeGitee (POST .../git-upload-pack 200)",
            h.brief_log(server.log(since)))
    r.check(os.path.isdir(os.path.join(checkout, ".git")), f"{checkout} is a git checkout")
    branch = server.get(f"/api/v5/repos/{owner}/{repo}")["default_branch"]
    listed = sorted(e["name"] for e in server.get(f"/api/v5/repos/{owner}/{repo}/contents/?ref={branch}"))
    present = sorted(n for n in os.listdir(checkout) if n != ".git")
    r.check(present == listed, "the checkout holds the project's top-level files as the API lists them",
            f"checkout {present}, API {listed}")
    shot("4-cloned")


def scenario(state):
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("fake-gitee.log"), ["--latency", "30"])
    server = h.Server(r, server_proc.url)
    app = None
    try:
        owner, repo, release, asset = a_project_with_a_released_file(server)
        env = h.state_env(state, server.url)
        # The download folder the person chose, as xdg-user-dirs records it (GLib reads it at the first lookup).
        chosen = os.path.join(state, "Chosen Downloads")
        os.makedirs(chosen)
        with open(os.path.join(state, "config", "user-dirs.dirs"), "w") as f:
            f.write(f'XDG_DOWNLOAD_DIR="{chosen}"\n')

        r.step("1. the project's Releases row lists its releases; the newest opens")
        app = h.App(r, env, artifact("app.log"), "project link",
                    args=[f"{server.url}/{owner}/{repo}"]).wait_window(with_tabs=False)
        r.wait_for(lambda: h.open_project_name(app.frame) == f"{owner}/{repo}", f"the window shows {owner}/{repo}",
                   seen=seen_labels(app))
        app.click(settled(app, lambda: app.find("Releases", ("list item", "label"), root=top(app)),
                          "the \"Releases\" row"), "\"Releases\"")
        r.wait_for(lambda: h.page_title(app.frame) == "Releases", "the Releases page opens", seen=seen_labels(app))
        heading = release_heading(release)
        row = settled(app, lambda: list_row(app, heading), f"the newest release \"{heading}\" is listed first")
        shot("1-releases")
        app.click(row, f"\"{heading}\"")
        r.wait_for(lambda: app.find(f"Download {asset['name']}", ("push button",), root=top(app)),
                   f"the release page offers \"{asset['name']}\"", seen=seen_labels(app))

        download(app, server, owner, repo, release, asset, chosen)
        clone(app, server, owner, repo, os.path.join(state, "Projects"))
        app.quit()
    finally:
        teardown(r, app, server_proc, log_of=server)


def main():
    return h.scenario_main(r, scenario)


if __name__ == "__main__":
    sys.exit(main())
