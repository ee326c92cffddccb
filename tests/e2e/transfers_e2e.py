#!/usr/bin/python3
"""End-to-end test of downloads and clones (issue 28), driven through AT-SPI against FakeGitee.

  1. a project link opens the project; its Releases row lists the releases; the newest one opens
  2. Download of an attached file (through the API's download call) that FakeGitee drips slowly: the progress bar
     moves, reaches the end, and the file is in the chosen download folder (XDG_DOWNLOAD_DIR of the test's
     user-dirs.dirs) whole, byte for byte, with nothing else beside it (the temporary file was renamed into place); the launcher's progress (the Unity
     LauncherEntry D-Bus signal, seen with dbus-monitor) rises and is then hidden; a source archive cancelled
     part-way leaves nothing in the folder
  3. Clone… over HTTPS from FakeGitee's smart HTTP (git http-backend) into a folder chosen in the file chooser:
     the folder is a git checkout with the project's top-level files, and Open in Terminal shows
  4. Open in Terminal and Open in Text Editor run stand-in desktop entries installed under the test's
     XDG_DATA_HOME (GNOME's Console and Text Editor ids): the terminal starts in the checkout, the editor is given it
  5. SSH, to a private sshd (private_sshd.py) that FakeGitee's ssh_url reaches: an unknown host key, then a key the
     server does not know, are refused at once with the reason in words (batch mode: no prompt waits) and leave no
     folder; a clone held by the server is cancelled and its partial folder goes; then the clone over SSH is a
     checkout with the project's files
  6. logged in with MAYUN_TOKEN, a private project's release file downloads byte for byte through the API's download
     call while its website address answers the login page (private_release.py)

Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and the throwaway keyring, with Debian's /usr/bin/python3.
Synchronisation is polling with a deadline (atspi_helpers), never fixed sleeps.
"""

import os
import re
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
from e2e_support import Scenario, teardown, top, list_row  # noqa: E402
from atspi_helpers import CheckFailed  # noqa: E402
from private_sshd import PrivateSshd  # noqa: E402
from private_release import launch_logged_in, private_release_download  # noqa: E402

NAME = "transfers"
r = h.Report(NAME)
s = Scenario(r)
artifact, shot, seen_labels, settled, reveal, click = s.artifact, s.shot, s.seen_labels, s.settled, s.reveal, s.click
DRIP_MS = 400  # between each eighth of the file: about 3 s for the whole
# A refused SSH clone ends within this (ssh's own ConnectTimeout is 10 s; a prompt would wait forever).
REFUSAL_S = 15


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
    # The app fetches it through the API's download call (issue 39), by the id the release's files list gives.
    files = server.get(f"/api/v5/repos/{owner}/{repo}/releases/{release['id']}/attach_files?per_page=100")
    file_id = next(f["id"] for f in files if f["name"] == asset["name"])
    path = f"/api/v5/repos/{owner}/{repo}/releases/{release['id']}/attach_files/{file_id}/download"
    server.fault(kind="slow", delay=DRIP_MS, path=path)
    since = server.last_seq()
    launcher = LauncherMonitor(artifact("launcher-entry.log"))
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
    r.check(asked and asked[0]["status"] == 200, "the app fetched the file through the API's download call",
            h.brief_log(server.log(since)))
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
    r.wait_for(lambda: launcher.updates() and launcher.updates()[-1][1] is False,
               "the launcher's progress is hidden once the download is done",
               seen=lambda: f"LauncherEntry updates {launcher.updates()}")
    launcher.stop()
    updates = launcher.updates()
    shown = [fraction for fraction, visible in updates if visible]
    # (Whether a last 100 % is sent depends on whether the file is renamed into place in the same turn of the main
    # loop as its last bytes come; the bar in the page is what shows the end.)
    r.check(len(shown) >= 2 and any(0 < f < 1 for f in shown) and shown == sorted(shown),
            "the launcher's progress (com.canonical.Unity.LauncherEntry.Update) rose part-way, never backwards",
            f"updates {updates}")
    r.ok(f"{len(updates)} LauncherEntry updates: {[round(f, 2) for f in shown]}, then hidden")


def cancelled_download(app, server, owner, repo, asset, folder):
    r.step("2b. A download cancelled part-way leaves nothing: only the finished file stays in the folder")
    title = "Source code (zip)"
    # An eighth of the archive every 3 s: it stays part-way long enough to be cancelled.
    server.fault(kind="slow", delay=3000, path=f"/api/v5/repos/{owner}/{repo}/zipball")
    find = lambda: in_rows(app, f"Download {title}")  # noqa: E731
    reveal(app, find, f"\"Download {title}\"")
    app.click(settled(app, find, f"\"Download {title}\" is still"), f"\"Download {title}\"")
    r.wait_for(lambda: len(os.listdir(folder)) == 2 and in_rows(app, f"Cancel download of {title}"),
               "the archive is on its way: a temporary file beside the finished one, Cancel shows",
               seen=lambda: f"{os.listdir(folder)}")
    partial = sorted(set(os.listdir(folder)) - {asset["name"]})
    # Cancelled once bytes are on disk (an eighth comes after 3 s; a click at once, where Download just was, could
    # also be taken for a double click on it).
    r.wait_for(lambda: all(os.path.exists(os.path.join(folder, p)) and os.path.getsize(os.path.join(folder, p)) > 0
                           for p in partial), f"the first bytes are in {partial}", seen=lambda: f"{os.listdir(folder)}")
    cancel = settled(app, lambda: in_rows(app, f"Cancel download of {title}"), f"\"Cancel download of {title}\"")
    # Cancel took Download's place under a pointer that has not moved since: GTK 4.8 sends a press to the widget
    # the pointer last moved over, so the pointer leaves and comes back first.
    x, y, w, hgt = h.screen_rect(cancel, app.frame, app.pid)
    h.move_pointer(x - 80, y + hgt // 2)
    app.click(cancel, f"\"Cancel download of {title}\"")
    r.wait_for(lambda: os.listdir(folder) == [asset["name"]], f"the temporary file {partial} is removed",
               seen=lambda: f"{os.listdir(folder)}")
    r.wait_for(lambda: in_rows(app, f"Download {title}"), "Download shows again", seen=seen_labels(app))
    r.ok(f"the cancelled archive's temporary file {partial} is gone; the folder holds {os.listdir(folder)}")
    server.clear_faults()


class LauncherMonitor:
    """The Unity LauncherEntry signals on the session bus, written down by dbus-monitor."""

    def __init__(self, path):
        self.path = path
        self.out = open(path, "wb")
        self.proc = subprocess.Popen(["dbus-monitor", "--session",
                                      "type='signal',interface='com.canonical.Unity.LauncherEntry',member='Update'"],
                                     stdout=self.out, stderr=subprocess.STDOUT)
        # dbus-monitor announces itself (NameAcquired) once it listens: no signal before that is missed.
        r.wait_for(lambda: os.path.getsize(path) > 0, "dbus-monitor listens on the session bus")

    def updates(self):
        """(progress, progress-visible) of each Update signal so far."""
        with open(self.path, errors="replace") as f:
            text = f.read()
        found = []
        for signal in ("\n" + text).split("\nsignal ")[1:]:
            progress = re.search(r'"progress"\s+variant\s+double ([0-9.e+-]+)', signal)
            visible = re.search(r'"progress-visible"\s+variant\s+boolean (true|false)', signal)
            if progress and visible:
                found.append((float(progress.group(1)), visible.group(1) == "true"))
        return found

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        self.out.close()


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


def choose_folder(app, parent, shot_name="3-clone-into"):
    """The file chooser "Clone Into" (GTK's own: no portal on this bus), driven through X alone: GTK 4.8 does not
    list the chooser among the app's AT-SPI windows. The parent folder is typed into its location field (Ctrl+L),
    then its accept button, "Clone" in the bottom-right corner, is clicked with the mouse."""
    wid = r.wait_for(lambda: dialog_x_window(app), "Clone… asks where, in a second window")
    title = h.run(["xdotool", "getwindowname", wid], capture_output=True, text=True).stdout.strip()
    r.check(title == "Clone Into", "the chooser is titled \"Clone Into\"", repr(title))
    to_dialog(app, "key", "--clearmodifiers", "ctrl+l")
    to_dialog(app, "type", "--clearmodifiers", "--delay", "20", parent + "/")
    shot(shot_name)
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
    check_checkout(server, owner, repo, checkout)
    shot("4-cloned")
    return checkout


def check_checkout(server, owner, repo, checkout):
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


def install_stand_in_apps(state):
    """GNOME's Console and Text Editor as desktop entries under the test's XDG_DATA_HOME (GIO finds them there
    first), each running a script that writes down its arguments and working folder; the file it writes to."""
    record = os.path.join(state, "launched.txt")
    script = os.path.join(state, "stand-in-app.sh")
    with open(script, "w") as f:
        f.write(f"""#!/bin/sh
{{ printf 'app=%s\\n' "$1"; printf 'cwd=%s\\n' "$(pwd -P)"; shift; for a; do printf 'arg=%s\\n' "$a"; done; echo end; }} >> '{record}'
""")
    os.chmod(script, 0o755)
    applications = os.path.join(state, "data", "applications")
    os.makedirs(applications, exist_ok=True)
    for entry, name, field in (("org.gnome.Console.desktop", "Console", ""),
                               ("org.gnome.TextEditor.desktop", "Text Editor", " %F")):
        with open(os.path.join(applications, entry), "w") as f:
            f.write(f'[Desktop Entry]\nType=Application\nName={name}\nExec="{script}" {entry}{field}\n')
    return record


def launched(record, app_id):
    """What the stand-in `app_id` was started with: {"cwd": ..., "args": [...]}, the latest, or None."""
    try:
        with open(record) as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return None
    runs = []
    for line in lines:
        key, _, value = line.partition("=")
        if key == "app":
            runs.append({"app": value, "cwd": None, "args": [], "whole": False})
        elif runs and line == "end":
            runs[-1]["whole"] = True
        elif runs and key == "cwd":
            runs[-1]["cwd"] = value
        elif runs and key == "arg":
            runs[-1]["args"].append(value)
    # A run is read once the script has written all of it (its lines come one after another).
    mine = [run for run in runs if run["app"] == app_id and run.pop("whole")]
    return mine[-1] if mine else None


def open_checkout(app, record, checkout):
    r.step("4. Open in Terminal and Open in Text Editor start the desktop's entries in the checkout")
    click(app, "Open in Terminal", ("push button",))
    terminal = r.wait_for(lambda: launched(record, "org.gnome.Console.desktop"),
                          "the terminal's desktop entry (org.gnome.Console.desktop) was run")
    r.check(terminal["cwd"] == os.path.realpath(checkout) and terminal["args"] == [],
            "the terminal started in the checkout, without arguments", f"{terminal}")
    click(app, "Open in Text Editor", ("push button",))
    editor = r.wait_for(lambda: launched(record, "org.gnome.TextEditor.desktop"),
                        "the editor's desktop entry (org.gnome.TextEditor.desktop) was run")
    r.check(editor["args"] == [checkout], "the editor was given the checkout", f"{editor}")


def clone_status(app, starting):
    """The clone area's line under its bar, when it starts with `starting`."""
    label = app.find(lambda n: n.startswith(starting), ("label",), root=top(app))
    return label.name if label is not None else None


def start_clone(app, parent, shot_name):
    click(app, "Clone this project into a folder", ("push button",))
    choose_folder(app, parent, shot_name)


def clone_over_ssh(app, server, sshd, owner, repo, parent):
    r.step("5. SSH to a private sshd: an unknown host is refused in words, a held clone cancels, then it clones")
    os.makedirs(parent)
    checkout = os.path.join(parent, repo)
    address = server.get(f"/api/v5/repos/{owner}/{repo}")["ssh_url"]
    r.check(address == f"git@127.0.0.1:{owner}/{repo}.git", "FakeGitee gives the SSH address gitee.com's form",
            address)
    click(app, "SSH", ("toggle button", "push button"))
    ssh = app.find("SSH", ("toggle button", "push button"), root=top(app))
    r.wait_for(lambda: ssh.getState().contains(h.pyatspi.STATE_CHECKED) or ssh.getState().contains(h.pyatspi.STATE_PRESSED),
               "SSH is chosen")

    sshd.trust_host(False)
    start_clone(app, parent, "5-ssh-clone-into-refused")
    began = time.monotonic()
    said = r.wait_for(lambda: clone_status(app, "Clone failed"), "an unknown host key fails at once (no prompt waits)",
                      seen=seen_labels(app))
    r.check(time.monotonic() - began < REFUSAL_S, f"it failed within {REFUSAL_S} s of the chooser closing",
            f"{time.monotonic() - began:.1f} s")
    r.check("host key" in said and "ssh -T" in said, "the reason is said in words, with what to do", said)
    r.check(not os.path.exists(checkout), "the failed clone left no folder")
    r.check(sshd.requests() == [], "ssh stopped before logging in", f"{sshd.requests()}")
    shot("5-ssh-refused")

    sshd.trust_host(True)
    sshd.offer_key(False)
    start_clone(app, parent, "5-ssh-clone-into-no-key")
    began = time.monotonic()
    r.wait_for(lambda: clone_status(app, "Clone failed") and "did not accept a key" in clone_status(app, "Clone failed"),
               "a key the server does not know fails at once (no passphrase or password prompt waits)",
               seen=seen_labels(app))
    r.check(time.monotonic() - began < REFUSAL_S, f"it failed within {REFUSAL_S} s of the chooser closing",
            f"{time.monotonic() - began:.1f} s")
    said = clone_status(app, "Clone failed")
    r.check("SSH Public Keys" in said, "the reason is said in words, with where to add the key", said)
    r.check(not os.path.exists(checkout), "the refused clone left no folder")
    sshd.offer_key(True)

    with open(sshd.hold, "w"):
        pass
    try:
        start_clone(app, parent, "5-ssh-clone-into-held")
        r.wait_for(lambda: os.path.isdir(checkout) and len(sshd.requests()) == 1
                   and app.find("Cancel", ("push button",), root=top(app)),
                   "the clone logged in and waits on the server: its folder is there, Cancel shows",
                   seen=lambda: f"folder {os.path.isdir(checkout)}, asked {sshd.requests()}")
        click(app, "Cancel", ("push button",))
        r.wait_for(lambda: clone_status(app, "Clone cancelled"), "the clone is cancelled", seen=seen_labels(app))
        r.wait_for(lambda: not os.path.exists(checkout), "the partial folder is removed",
                   seen=lambda: f"{os.listdir(parent)}")
        r.ok(f"the held SSH clone was cancelled and its folder removed ({sorted(os.listdir(parent))} left)")
    finally:
        os.remove(sshd.hold)

    since = server.last_seq()
    start_clone(app, parent, "5-ssh-clone-into")
    r.wait_for(lambda: clone_status(app, f"Cloned into {checkout}"), "the clone over SSH finishes", timeout=max(h.TIMEOUT, 90),
               seen=seen_labels(app))
    r.check(sshd.requests()[1:] == [f"git-upload-pack '{owner}/{repo}.git'"],
            "git fetched over SSH (git-upload-pack through the key's forced command)", f"{sshd.requests()}")
    r.check(not [e for e in server.log(since) if "/git-upload-pack" in e["path"] or "/info/refs" in e["path"]],
            "nothing was fetched over HTTPS", h.brief_log(server.log(since)))
    check_checkout(server, owner, repo, checkout)
    shot("6-ssh-cloned")


def scenario(state):
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("fake-gitee.log"), ["--latency", "30"])
    server = h.Server(r, server_proc.url)
    app = sshd = None
    try:
        owner, repo, release, asset = a_project_with_a_released_file(server)
        sshd = PrivateSshd(os.path.join(state, "sshd"), artifact("sshd.log"))
        sshd.add_mirror(server.get(f"/api/v5/repos/{owner}/{repo}")["html_url"], f"{owner}/{repo}")
        record = install_stand_in_apps(state)
        env = h.state_env(state, server.url, {"XDG_CURRENT_DESKTOP": "GNOME", **sshd.environment()})
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
        cancelled_download(app, server, owner, repo, asset, chosen)
        checkout = clone(app, server, owner, repo, os.path.join(state, "Projects"))
        open_checkout(app, record, checkout)
        clone_over_ssh(app, server, sshd, owner, repo, os.path.join(state, "Over SSH"))
        app.quit()
        app = launch_logged_in(r, s, server, env)
        private_release_download(r, s, app, server, chosen, in_rows, release_heading)
        app.quit()
    finally:
        teardown(r, app, *[stoppable for stoppable in (sshd, server_proc) if stoppable is not None], log_of=server)


def main():
    return h.scenario_main(r, scenario)


if __name__ == "__main__":
    sys.exit(main())
