#!/usr/bin/python3
"""End-to-end test of writing to a repository (issue 27), driven with the mouse and keyboard through AT-SPI against
FakeGitee, logged in as the demo account on a project it owns (push rights).

  1. log in on Mine with an access token; a file link opens the file page with Edit
  2. edit in place: Edit, type a line, Commit (one PUT with the file's sha, whose answer FakeGitee loses after
     committing: issue 38); the file page shows the server's text, with no error and no second PUT
  3. a conflict: Edit again while the file changes behind the app's back; Commit is refused (409), the conflict box
     shows the newer version against the person's text; Commit on Top (PUT 200) and the server has the person's text
  4. delete the file: Delete asks first, then one DELETE 200, and the page goes
  5. New File from a folder page: name, text, Commit (POST 201, message "Create <name>"); the folder shows it
  6. upload a PNG through the desktop's file chooser (GTK's own dialog: its location field, then Upload): POST 201 with
     the bytes unchanged; the folder shows it
  7. screenshots of the editor and the folder in light and night
  8. commit to a new branch: Edit, "Commit to a new branch" (named <login>-patch-1), Commit (POST .../branches 201,
     then PUT 200 on it; the default branch keeps its text); Open a Pull Request lands on the new pull request form
     comparing it (one commit, one file). (Uploading by dropping files is a widget test:
     Tests/MayunUITests/FolderDropAndNewFileTests.swift.)

Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and the throwaway keyring, with Debian's /usr/bin/python3.
Synchronisation is polling with a deadline (atspi_helpers), never fixed sleeps.
"""

import base64
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
from atspi_helpers import CheckFailed  # noqa: E402

NAME = "files"
r = h.Report(NAME)
TOKEN = "mayun-demo-token"
LOGIN = "mayun-demo"
FOLDER = "e2e-files"
# A 1x1 PNG: a binary with NUL bytes.
PNG = base64.b64decode("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==")


def artifact(name):
    return os.path.join(h.ARTIFACTS, f"{NAME}-{name}")


def shot(name):
    path = h.screenshot(f"{NAME}-{name}.png")
    r.log(f"      screenshot {path}")
    return path


def seen_labels(app):
    return lambda: " / ".join(repr(t[:60]) for t in h.labels(app.frame, app.frame)[:40])


def top(app):
    return h.top_page(app.frame)


def sensitive(acc):
    return acc.getState().contains(h.pyatspi.STATE_SENSITIVE)


def requests(server, since, method, path=None):
    return [e for e in server.log(since) if e["method"] == method and (path is None or e["path"] == path)]


def button(app, name):
    """A sensitive, showing button of the page on top."""
    return next((b for b in h.find_all(top(app), name, ("push button",)) if sensitive(b)), None)


def click(app, name, what=None):
    # A toast (the refused commit's, the deletion's) lies over the bottom bar for 5 s: wait until it has gone.
    r.wait_for(lambda: not h.toasts(app.frame), "no toast covers the page", seen=lambda: h.toasts(app.frame))
    acc = r.wait_for(lambda: button(app, name), what or f"\"{name}\" shows", seen=seen_labels(app))
    app.click(acc, f"\"{name}\"")
    return acc


def editor_view(app):
    """The code editor on the page on top (an editable text view)."""
    for view in h.find_all(top(app), lambda n: True, ("text",)):
        if view.getState().contains(h.pyatspi.STATE_EDITABLE) and view.name not in ("Commit message", "File name"):
            return view
    return None


def open_link(app, env, link, title):
    done = subprocess.run([h.BINARY, link], env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=h.TIMEOUT)
    r.check(done.returncode == 0, "a second `mayun <link>` hands the link to the window", f"{done.returncode}")
    r.wait_for(lambda: h.page_title(app.frame) == title, f"\"{title}\" opens", seen=seen_labels(app))


def server_file(server, owner, repo, path):
    status, body = server.call("GET", f"/api/v5/repos/{owner}/{repo}/contents/{path}", token=TOKEN)
    if status != 200 or not isinstance(body, dict) or "content" not in body:
        return None, None
    return base64.b64decode(body["content"]), body["sha"]


def a_project_of_the_demo_account(server):
    for project in server.get(f"/api/v5/users/{LOGIN}/repos?per_page=50"):
        owner, repo = project["full_name"].split("/", 1)
        if owner == LOGIN and project.get("default_branch"):
            return owner, repo, project["default_branch"]
    raise CheckFailed(f"no project of {LOGIN} with a default branch")


def log_in(app, server):
    r.step("1. log in on Mine with a personal access token")
    tab = r.wait_for(lambda: h.find_tab(app.frame, "Mine"), "the Mine tab", seen=seen_labels(app))
    app.click(tab, "tab \"Mine\"")
    token_way = r.wait_for(lambda: app.find("Access Token", ("push button", "toggle button", "radio button")),
                           "Mine shows \"Access Token\"", seen=seen_labels(app))
    app.click(token_way, "\"Access Token\"")
    field = r.wait_for(lambda: app.find(h.entry_named("Personal access token"), ("password text", "text")),
                       "the form shows \"Personal access token\"", seen=seen_labels(app))
    app.click(field, "\"Personal access token\"")
    r.wait_for(lambda: h.focused(field), "\"Personal access token\" has the focus after a click")
    app.type(TOKEN)
    log_in = r.wait_for(lambda: next((b for b in h.find_all(app.frame, "Log In", ("push button",)) if sensitive(b)), None),
                        "\"Log In\" becomes sensitive", seen=seen_labels(app))
    app.click(log_in, "\"Log In\"")
    r.wait_for(lambda: app.find(h.mine_logged_in, ("push button",)), "Mine shows the account (its counts)",
               seen=seen_labels(app))


def type_at_end(app, text):
    view = r.wait_for(lambda: editor_view(app), "the editor shows the file", seen=seen_labels(app))
    app.click(view, "the editor")
    r.wait_for(lambda: h.focused(view), "the editor has the focus after a click")
    app.key("ctrl+End")
    # xdotool types "\n" as nothing: a new line is the Return key, as a person presses it.
    for index, line in enumerate(text.split("\n")):
        if index > 0:
            app.key("Return")
        if line:
            app.type(line)
    return view


def edit_and_commit(app, server, owner, repo, path):
    r.step("2. Edit, type a line, Commit: one PUT with the file's sha; the file page shows the server's text")
    _, sha = server_file(server, owner, repo, path)
    click(app, "Edit")
    r.wait_for(lambda: h.page_title(app.frame) == f"Edit {os.path.basename(path)}", "the editor opens",
               seen=seen_labels(app))
    view = type_at_end(app, "\nsecond line")
    r.wait_for(lambda: h.text_of(view).endswith("second line"), "the typed line is in the editor",
               seen=lambda: repr(h.text_of(view)))
    shot("1-editing")
    since = server.last_seq()
    api = f"/api/v5/repos/{owner}/{repo}/contents/{path}"
    # (issue 38) The commit is done on the server and its answer lost on the way back (a gateway's 502): the app
    # settles it by reading the file, and shows it committed, with no error and no second PUT.
    server.fault(kind="lost-answer", method="PUT", path=api, count=1)
    click(app, "Commit")
    put = r.wait_for(lambda: requests(server, since, "PUT", api),
                     "Commit sends PUT .../contents/{path}", seen=lambda: h.brief_log(server.log(since)))
    r.check(put[0]["status"] == 502 and put[0].get("fault") == "lost-answer",
            "FakeGitee committed it, then lost the answer (502, fault lost-answer)", f"{put[0]}")
    r.check(put[0]["fields"].get("sha") == sha, "with the file's sha", f"{put[0]['fields'].get('sha')} vs {sha}")
    r.check(put[0]["fields"].get("message") == f"Update {os.path.basename(path)}", "and the default message",
            put[0]["fields"].get("message"))
    toasts_seen = set()

    def file_page_shown():
        toasts_seen.update(h.toasts(app.frame))
        return h.page_title(app.frame) == os.path.basename(path)
    r.wait_for(file_page_shown, "the file page replaces the editor (the lost answer settled by reading the file)",
               seen=lambda: f"toasts {sorted(toasts_seen)}; {seen_labels(app)()}")
    # A toast stays 5 s: one said at the failure would still be there.
    toasts_seen.update(h.toasts(app.frame))
    r.check(not toasts_seen, "no toast (no error) was shown", f"{sorted(toasts_seen)}")
    r.check(len(requests(server, since, "PUT", api)) == 1, "exactly one PUT (never sent again)",
            h.brief_log(server.log(since)))
    body, _ = server_file(server, owner, repo, path)
    r.check(body == b"first line\nsecond line\n", "the server has the new text, final newline kept", repr(body))
    r.wait_for(lambda: any("second line" in (h.text_of(v) or "") for v in h.find_all(top(app), lambda n: True, ("text",))),
               "the file page shows the new text", seen=seen_labels(app))


def conflict(app, server, owner, repo, path):
    r.step("3. a conflict: the file changes behind the app's back; Commit is refused; Commit on Top")
    click(app, "Edit")
    r.wait_for(lambda: h.page_title(app.frame) == f"Edit {os.path.basename(path)}", "the editor opens again",
               seen=seen_labels(app))
    view = type_at_end(app, "\nmine")
    r.wait_for(lambda: h.text_of(view).endswith("mine"), "typed", seen=lambda: repr(h.text_of(view)))
    _, sha = server_file(server, owner, repo, path)
    status, _ = server.call("PUT", f"/api/v5/repos/{owner}/{repo}/contents/{path}",
                            {"content": base64.b64encode(b"FIRST line\nsecond line\n").decode(), "sha": sha,
                             "message": "theirs"}, token=TOKEN)
    r.check(status == 200, "someone else committed meanwhile", f"{status}")
    since = server.last_seq()
    click(app, "Commit")
    api = f"/api/v5/repos/{owner}/{repo}/contents/{path}"
    r.wait_for(lambda: [e for e in requests(server, since, "PUT", api) if e["status"] == 409],
               "the stale sha is refused (409)", seen=lambda: h.brief_log(server.log(since)))
    r.wait_for(lambda: button(app, "Commit on Top"), "the conflict box offers \"Commit on Top\"", seen=seen_labels(app))
    r.wait_for(lambda: h.find(top(app), lambda n: "FIRST line" in n, ("label",), into_rows=True),
               "the diff shows the newer version", seen=seen_labels(app))
    r.check(h.text_of(view).endswith("mine"), "the person's text is kept", repr(h.text_of(view)))
    shot("2-conflict")
    since = server.last_seq()
    click(app, "Commit on Top")
    r.wait_for(lambda: [e for e in requests(server, since, "PUT", api) if e["status"] == 200],
               "Commit on Top sends PUT (200)", seen=lambda: h.brief_log(server.log(since)))
    r.wait_for(lambda: h.page_title(app.frame) == os.path.basename(path), "the file page again", seen=seen_labels(app))
    body, _ = server_file(server, owner, repo, path)
    r.check(body == b"first line\nsecond line\nmine\n", "the server has the person's text", repr(body))


def delete(app, server, owner, repo, path):
    r.step("4. Delete asks first, then one DELETE; the page goes")
    depth = len(h.navigation_pages(app.frame))
    since = server.last_seq()
    click(app, "Delete")

    def confirmation():
        for d in h.frames(app.app):
            if d.name != "Mayun":
                b = h.find(d, "Delete", ("push button",))
                if b is not None:
                    return d, b
        return None
    dialog, confirm = r.wait_for(confirmation, "Delete asks first, in a dialog", seen=seen_labels(app))
    r.check(requests(server, since, "DELETE") == [], "nothing is deleted while the question is open")
    h.mouse_click(confirm, dialog, app.pid, "\"Delete\" in the confirmation", r)
    r.wait_for(lambda: [e for e in requests(server, since, "DELETE") if e["status"] == 200],
               "DELETE .../contents/{path} (200)", seen=lambda: h.brief_log(server.log(since)))
    # (The pages below are this file's pages from before each commit: the editor replaced itself with a new one.)
    r.wait_for(lambda: len(h.navigation_pages(app.frame)) < depth, "the deleted file's page went",
               seen=lambda: f"{len(h.navigation_pages(app.frame))} pages, was {depth}")
    r.check(server_file(server, owner, repo, path)[0] is None, "the file is gone from the branch")


def folder_row(app, name):
    return h.find(top(app), lambda n: n.split(",")[0].strip() == name, ("label", "list item", "table cell"),
                  into_rows=True)


def new_file(app, server, owner, repo):
    r.step("5. New File from the folder page: name, text, Commit (POST 201); the folder shows it")
    click(app, "New File")
    r.wait_for(lambda: h.page_title(app.frame) == "New File", "the New File page opens", seen=seen_labels(app))
    name = r.wait_for(lambda: app.find(h.entry_named("File name"), ("text", "entry"), root=top(app)),
                      "the name field", seen=seen_labels(app))
    app.click(name, "the name field")
    r.wait_for(lambda: h.focused(name), "the name field has the focus")
    app.type("created.md")
    # (GTK 4.8's entries do not give AT-SPI their text: the message that follows the name is checked in the POST.)
    type_at_end(app, "# Created in Mayun")
    shot("3-new-file")
    since = server.last_seq()
    click(app, "Commit")
    api = f"/api/v5/repos/{owner}/{repo}/contents/{FOLDER}/created.md"
    post = r.wait_for(lambda: [e for e in requests(server, since, "POST", api) if e["status"] == 201],
                      "Commit sends POST .../contents/{path} (201)", seen=lambda: h.brief_log(server.log(since)))
    r.check(post[0]["fields"].get("message") == "Create created.md", "the message followed the name: \"Create created.md\"",
            post[0]["fields"].get("message"))
    r.wait_for(lambda: h.page_title(app.frame) == FOLDER, "back on the folder", seen=seen_labels(app))
    r.wait_for(lambda: folder_row(app, "created.md"), "the folder shows created.md", seen=seen_labels(app))
    body, _ = server_file(server, owner, repo, f"{FOLDER}/created.md")
    r.check(body == b"# Created in Mayun\n", "the server has it", repr(body))


def upload(app, server, owner, repo):
    r.step("6. Upload a PNG through the file chooser: POST 201, bytes unchanged; the folder shows it")
    local = os.path.join(tempfile.mkdtemp(prefix="mayun-e2e-upload-"), "pixel.png")
    with open(local, "wb") as f:
        f.write(PNG)
    r.wait_for(lambda: app.find(lambda n: n.startswith("Up to 10.0 MB a file"), ("label",), root=top(app)),
               "the size cap is said before choosing", seen=seen_labels(app))
    click(app, "Upload Files…")
    # GTK's own GtkFileChooserDialog (no portal outside a sandbox); AT-SPI reports GTK 4.8's dialog as a "filler".
    def chooser_window():
        return next((c for c in h.children(app.app)
                     if c.name == "Upload Files" and c.getState().contains(h.pyatspi.STATE_VISIBLE)), None)
    chooser = r.wait_for(chooser_window, "the file chooser opens")
    since = server.last_seq()
    # GTK's own chooser: Ctrl+L opens its location field; the typed path and Return choose the file.
    h.focus_window(app.pid, "Upload Files")
    app.key("ctrl+l", window="Upload Files")
    app.type(local, window="Upload Files")
    # (GTK 4.8's entries do not give AT-SPI their text; the screenshot shows the typed path.)
    shot("4-chooser")
    app.key("Return", window="Upload Files")
    r.wait_for(lambda: chooser_window() is None, "the chooser closes")
    api = f"/api/v5/repos/{owner}/{repo}/contents/{FOLDER}/pixel.png"
    post = r.wait_for(lambda: [e for e in requests(server, since, "POST", api) if e["status"] == 201],
                      "the upload is POST .../contents/{path} (201)", seen=lambda: h.brief_log(server.log(since)))
    r.check(post[0]["fields"].get("message") == "Upload pixel.png", "message \"Upload pixel.png\"",
            post[0]["fields"].get("message"))
    r.wait_for(lambda: app.find(lambda n: n.startswith("pixel.png") and "uploaded" in n, ("label",), root=top(app)),
               "the upload's line says it is uploaded", seen=seen_labels(app))
    r.wait_for(lambda: folder_row(app, "pixel.png"), "the folder shows pixel.png", seen=seen_labels(app))
    body, _ = server_file(server, owner, repo, f"{FOLDER}/pixel.png")
    r.check(body == PNG, "the server has the PNG byte for byte", f"{len(body or b'')} bytes")
    shot("4-folder-light")


def night(app):
    r.step("7. the folder in night mode")
    app.key("ctrl+comma")
    preferences = r.wait_for(lambda: h.app_window(app.app, "Preferences"), "Ctrl+comma opens the Preferences window")
    night = r.wait_for(lambda: h.find(preferences, "Night", ("radio button", "check box"), into_rows=True),
                       "Preferences shows \"Night\"", seen=seen_labels(app))
    h.mouse_click(night, preferences, app.pid, "\"Night\"", r)
    h.mouse_click(h.find(preferences, "Close", ("push button",)), preferences, app.pid, "\"Close\" (Preferences)", r)
    r.wait_for(lambda: h.app_window(app.app, "Preferences") is None, "the Preferences window closes")
    shot("5-folder-night")
    click(app, "New File")
    r.wait_for(lambda: h.page_title(app.frame) == "New File", "the New File page opens", seen=seen_labels(app))
    type_at_end(app, "night text")
    shot("6-new-file-night")


def commit_to_new_branch(app, env, server, owner, repo, branch):
    r.step("8. Edit, \"Commit to a new branch\", Commit: POST .../branches, then PUT on it; Open a Pull Request")
    path = f"{FOLDER}/branch-me.txt"
    status, _ = server.call("POST", f"/api/v5/repos/{owner}/{repo}/contents/{path}",
                            {"content": base64.b64encode(b"on the default branch\n").decode(), "message": "seed"},
                            token=TOKEN)
    r.check(status == 201, "a file to change on a new branch", f"{status}")
    open_link(app, env, f"{server.url}/{owner}/{repo}/blob/{branch}/{path}", "branch-me.txt")
    click(app, "Edit")
    r.wait_for(lambda: h.page_title(app.frame) == "Edit branch-me.txt", "the editor opens", seen=seen_labels(app))
    view = type_at_end(app, "\na change for review")
    r.wait_for(lambda: h.text_of(view).endswith("a change for review"), "the typed line is in the editor",
               seen=lambda: repr(h.text_of(view)))
    choice = r.wait_for(lambda: app.find("Commit to a new branch", ("toggle button", "push button"), root=top(app)),
                        "the panel offers \"Commit to a new branch\"", seen=seen_labels(app))
    app.click(choice, "\"Commit to a new branch\"")
    # GTK 4.8's entries do not give their text over AT-SPI: the default name is checked in the request below.
    r.wait_for(lambda: app.find(h.entry_named("New branch name"), ("text", "entry"), root=top(app)),
               "the branch name field shows", seen=seen_labels(app))
    shot("7-new-branch")
    since = server.last_seq()
    click(app, "Commit")
    api = f"/api/v5/repos/{owner}/{repo}"
    put = r.wait_for(lambda: [e for e in requests(server, since, "PUT", f"{api}/contents/{path}") if e["status"] == 200],
                     "the file is committed (PUT 200)", seen=lambda: h.brief_log(server.log(since)))
    made = requests(server, since, "POST", f"{api}/branches")
    r.check(len(made) == 1 and made[0]["status"] == 201 and made[0]["fields"].get("refs") == branch,
            f"first the branch, from {branch} (POST .../branches 201)", h.brief_log(server.log(since)))
    new_branch = made[0]["fields"].get("branch_name")
    r.check(new_branch == f"{LOGIN}-patch-1" and made[0]["seq"] < put[0]["seq"]
            and put[0]["fields"].get("branch") == new_branch,
            f"then the file on the new branch {new_branch} (the default name)", f"{put[0]['fields']}")
    body, _ = server_file(server, owner, repo, path)
    r.check(body == b"on the default branch\n", "the default branch keeps its text", repr(body))
    click(app, "Open a Pull Request")
    r.wait_for(lambda: h.page_title(app.frame) == "New Pull Request", "the new pull request form opens",
               seen=seen_labels(app))
    r.wait_for(lambda: app.find("Commits: 1 · files changed: 1", ("label",), root=top(app)),
               "it compares the new branch: one commit, one file", seen=seen_labels(app))
    shot("8-new-pull-request")


def scenario(state):
    server_proc = h.FakeGitee(h.FAKE_GITEE_BIN, artifact("fake-gitee.log"), ["--latency", "30"])
    server = h.Server(r, server_proc.url)
    app = None
    try:
        owner, repo, branch = a_project_of_the_demo_account(server)
        path = f"{FOLDER}/edit-me.txt"
        status, _ = server.call("POST", f"/api/v5/repos/{owner}/{repo}/contents/{path}",
                                {"content": base64.b64encode(b"first line\n").decode(), "message": "seed"}, token=TOKEN)
        r.check(status == 201, f"a file to edit in {owner}/{repo}", f"{status}")
        env = h.state_env(state, server.url)
        app = h.App(r, env, artifact("app.log"), "files").wait_window()
        log_in(app, server)
        open_link(app, env, f"{server.url}/{owner}/{repo}/blob/{branch}/{path}", "edit-me.txt")
        r.wait_for(lambda: button(app, "Edit"), "push rights: the file page offers Edit", seen=seen_labels(app))
        edit_and_commit(app, server, owner, repo, path)
        conflict(app, server, owner, repo, path)
        delete(app, server, owner, repo, path)
        open_link(app, env, f"{server.url}/{owner}/{repo}/tree/{branch}/{FOLDER}", FOLDER)
        new_file(app, server, owner, repo)
        upload(app, server, owner, repo)
        night(app)
        commit_to_new_branch(app, env, server, owner, repo, branch)
        app.quit()
    except BaseException:
        h.keep_failure_evidence(r, app)
        r.log(f"      server log (last requests): {h.brief_log(server.log())}")
        raise
    finally:
        if app is not None:
            app.kill()
        server_proc.stop()


def main():
    return h.scenario_main(r, scenario)


if __name__ == "__main__":
    sys.exit(main())
