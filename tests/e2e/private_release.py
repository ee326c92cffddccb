"""Step 6 of the transfers scenario (issue 39): a private project's release file, logged in with MAYUN_TOKEN.

The website's address of the file (`browser_download_url`) knows a browser's sign-in, not the API's token: for a
private project it sends everyone to the login page, its members too. The app downloads through the API's own call
(`GET /repos/{owner}/{repo}/releases/{id}/attach_files/{file_id}/download`) with the token, so the file lands byte for
byte; the website's address is asked for nothing.
"""

import os
import urllib.error
import urllib.request

import atspi_helpers as h
from atspi_helpers import CheckFailed
from e2e_support import list_row, top

# The first fixture account belongs to FakeGitee's first organisation, which owns this private project; a private
# project always has releases, its newest with a file (Sources/FakeGitee/Content/Releases.swift).
OWNER, REPO = "lotus-labs", "internal-handbook"
TOKEN = "mayun-demo-token"


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def website_answer(url):
    """(status, content type, Location) of the website's address, asked with the token as a browser has none."""
    request = urllib.request.Request(url, headers={"Authorization": f"Bearer {TOKEN}"})
    try:
        with urllib.request.build_opener(NoRedirect).open(request, timeout=h.TIMEOUT) as answer:
            return answer.status, answer.headers.get("Content-Type", ""), answer.headers.get("Location")
    except urllib.error.HTTPError as e:
        return e.code, e.headers.get("Content-Type", ""), e.headers.get("Location")


def launch_logged_in(r, s, server, env):
    """The app again, logged in with MAYUN_TOKEN, opening the private project's link."""
    app = h.App(r, dict(env, MAYUN_TOKEN=TOKEN), s.artifact("app.log"), "private project link",
                args=[f"{server.url}/{OWNER}/{REPO}"]).wait_window(with_tabs=False)
    r.wait_for(lambda: h.open_project_name(app.frame) == f"{OWNER}/{REPO}", f"the window shows {OWNER}/{REPO}",
               seen=s.seen_labels(app))
    return app


def private_release_download(r, s, app, server, folder, in_rows, release_heading):
    r.step("6. a private project's release file, logged in: it downloads through the API while its website address "
           "answers the login page")
    releases = server.get(f"/api/v5/repos/{OWNER}/{REPO}/releases?direction=desc&per_page=20", token=TOKEN)
    release = releases[0]
    if not release["assets"]:
        raise CheckFailed(f"{OWNER}/{REPO}'s newest release has no file")
    asset = release["assets"][0]
    status, kind, location = website_answer(asset["browser_download_url"])
    r.check(status == 302 and "/login" in (location or ""),
            "the file's website address sends even a member with the API token to the login page",
            f"{status} {kind} {location}")
    files = server.get(f"/api/v5/repos/{OWNER}/{REPO}/releases/{release['id']}/attach_files?per_page=100", token=TOKEN)
    file_id = next(f["id"] for f in files if f["name"] == asset["name"])
    path = f"/api/v5/repos/{OWNER}/{REPO}/releases/{release['id']}/attach_files/{file_id}/download"
    request = urllib.request.Request(server.url + path, headers={"Authorization": f"Bearer {TOKEN}"})
    with urllib.request.urlopen(request, timeout=h.TIMEOUT) as answer:
        expected = answer.read()

    app.click(s.settled(app, lambda: app.find("Releases", ("list item", "label"), root=top(app)),
                        "the \"Releases\" row"), "\"Releases\"")
    heading = release_heading(release)
    row = s.settled(app, lambda: list_row(app, heading), f"the private project's release \"{heading}\" is listed")
    app.click(row, f"\"{heading}\"")
    find = lambda: in_rows(app, f"Download {asset['name']}")  # noqa: E731
    s.reveal(app, find, f"\"Download {asset['name']}\"")
    since = server.last_seq()
    app.click(s.settled(app, find, f"\"Download {asset['name']}\" is still"), f"\"Download {asset['name']}\"")
    r.wait_for(lambda: in_rows(app, "Open File"), "the private file's download finishes (Open File shows)",
               seen=s.seen_labels(app))
    with open(os.path.join(folder, asset["name"]), "rb") as f:
        got = f.read()
    r.check(got == expected, f"{asset['name']} is complete: {len(got)} bytes, the same as the API's",
            f"{len(got)} of {len(expected)} bytes; starts {got[:40]!r}")
    asked = [(e["path"], e["status"], e.get("token")) for e in server.log(since) if e["method"] == "GET"]
    r.check((path, 200, "bearer") in asked, "the app fetched it through the API's download call with its token",
            f"{asked}")
    website = "/" + asset["browser_download_url"].split("://", 1)[1].split("/", 1)[1]
    r.check(all(p != website for p, _, _ in asked), "the website's address was not asked", f"{asked}")
    s.shot("6-private-release")
