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


def in_rows(app, name, roles=("push button",)):
    """A control of the page on top, looked for inside list rows too (a release's files are rows)."""
    return h.find(top(app), name, roles, into_rows=True)


def progress_value(app):
    """The download's progress bar on the page on top, 0..1, or None while there is none."""
    bar = in_rows(app, lambda n: True, ("progress bar",))
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
    find = lambda: in_rows(app, f"Download {asset['name']}")  # noqa: E731
    reveal(app, find, f"\"Download {asset['name']}\"")
    app.click(settled(app, find, f"\"Download {asset['name']}\" is still"), f"\"Download {asset['name']}\"")
    seen = []

    def finished():
        value = progress_value(app)
        if value is not None and (not seen or seen[-1] != round(value, 3)):
            seen.append(round(value, 3))
        return in_rows(app, "Open File")
    r.wait_for(finished, "the download finishes (Open File shows)", seen=lambda: f"bar values {seen}")
    r.check(any(0 < v < 1 for v in seen), "the progress bar showed the download part-way", f"values {seen}")
    # (GTK 4.8 has been seen to report a full bar as 0.9997 over AT-SPI.)
    r.wait_for(lambda: (progress_value(app) or 0) >= 0.999, "the bar reaches the end",
               seen=lambda: f"values {seen}, now {progress_value(app)}")
    r.ok(f"the bar moved through {seen} to the end")
    asked = [e for e in server.log(since) if e["path"] == path]
    r.check(asked and asked[0]["status"] == 200, "the app fetched the file's address", h.brief_log(server.log(since)))
    names = sorted(os.listdir(folder))
    r.check(names == [asset["name"]], f"the chosen folder holds {asset['name']} and nothing else (no temporary file)",
            f"{names}")
    with open(os.path.join(folder, asset["name"]), "rb") as f:
        got = f.read()
    r.check(got == expected, f"the file is complete: {len(got)} bytes, the same as the server's",
            f"{len(got)} of {len(expected)} bytes")
    r.wait_for(lambda: in_rows(app, "Show in Folder"), "Show in Folder shows",
               seen=seen_labels(app))
    shot("2-downloaded")
    server.clear_faults()


def dialog_x_window(app):
    """The X window of the app's dialog: its visible window other than the main one."""
    main = h.x_main_window(app.pid)
    found = h.run(["xdotool", "search", "--onlyvisible", "--pid", str(app.pid)], capture_output=True,
                  text=True).stdout.split()
    others = [w for w in found if main is None or w != main[0]]
    return others[0] if others else None


def to_dialog(app, *xdotool):
    wid = r.wait_for(lambda: dialog_x_window(app), "the chooser's X window is mapped")
    h.run(["xdotool", "windowfocus", "--sync", wid], check=False)
    h.run(["xdotool", *xdotool], check=True)


def choose_folder(app, parent):
    """The file chooser "Clone Into" (GTK's own: no portal on this bus), driven through X alone: GTK 4.8 does not
    list the chooser among the app's AT-SPI windows. The parent folder is typed into its location field (Ctrl+L),
    then its accept button, "Clone" in the bottom-right corner, is clicked with the mouse."""
    wid = r.wait_for(lambda: dialog_x_window(app), "Clone… asks where, in a second window")
    title = h.run(["xdotool", "getwindowname", wid], capture_output=True, text=True).stdout.strip()
    r.check(title == "Clone Into", "the chooser is titled \"Clone Into\"", repr(title))
    to_dialog(app, "key", "--clearmodifiers", "ctrl+l")
    to_dialog(app, "type", "--clearmodifiers", "--delay", "20", parent + "/")
    shot("3-clone-into")
    geometry = h.run(["xdotool", "getwindowgeometry", "--shell", wid], capture_output=True, text=True).stdout
    g = dict(line.split("=", 1) for line in geometry.split() if "=" in line)
    x, y = int(g["X"]) + int(g["WIDTH"]) - 48, int(g["Y"]) + int(g["HEIGHT"]) - 28
    h.move_pointer(x, y)
    h.run(["xdotool", "click", "1"], check=True)
    r.log(f"      (clicked the chooser's \"Clone\" with the mouse at {x},{y})")
    r.wait_for(lambda: dialog_x_window(app) is None, "the chooser closes")


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
    toggles = ("toggle button", "push button")  # GTK 4.8 gives a GtkToggleButton the push button role
    https = app.find("HTTPS", toggles, root=top(app))
    states = https.getState() if https is not None else None
    r.check(states is not None and (states.contains(h.pyatspi.STATE_CHECKED) or states.contains(h.pyatspi.STATE_PRESSED)),
            "HTTPS is the clone address chosen at first", h.describe(https) if https else "no HTTPS toggle")
    r.check(app.find("SSH", toggles, root=top(app)) is not None, "SSH can be chosen instead")
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
    listed = server.get(f"/api/v5/repos/{owner}/{repo}/contents/?ref={branch}")
    files = sorted(e["name"] for e in listed if e["type"] == "file")
    present = sorted(n for n in os.listdir(checkout) if n != ".git")
    # Every top-level file the API lists, and nothing it does not (FakeGitee's git repository leaves out folders
    # whose generated contents git does not keep, such as its "data" folder).
    r.check(set(files) <= set(present) and set(present) <= {e["name"] for e in listed},
            "the checkout holds the project's top-level files as the API lists them",
            f"checkout {present}, API {sorted(e['name'] for e in listed)}")
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
        r.wait_for(lambda: in_rows(app, f"Download {asset['name']}"),
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
