"""Back during a slow Create Issue (issue 38), a step of tests/e2e/signin_e2e.py: the person submits a new issue, the
answer is slow (FakeGitee's `slow` fault: the issue is created, its answer sent in 8 chunks 400 ms apart), and they
press Back while it is on its way. The page they went back to (the project's Issues list) must stay on top: the
answer may tell the list about the new issue, never replace that page with the issue's. One POST, one issue.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402


def back_during_a_slow_create(r, seen_labels, shot, app, server, full, title):
    """From the New Issue page whose draft (`title`) is filled in and Submit sensitive."""
    r.step("4b. Back while a slow Create Issue is on its way: the Issues list stays on top")
    owner, repo = full.split("/", 1)
    server.fault(kind="slow", delay=400, method="POST", path=f"/api/v5/repos/{owner}/issues", count=1)
    since = server.last_seq()
    depth = len(h.navigation_pages(app.frame))
    submit = r.wait_for(lambda: app.find("Submit", ("push button",)), "\"Submit\" shows", seen=seen_labels(app))
    app.click(submit, "\"Submit\"")
    r.wait_for(lambda: app.find("Submitting…", ("push button",)), "the button says \"Submitting…\" (the POST is out)",
               seen=seen_labels(app))
    app.key("alt+Left")
    r.wait_for(lambda: len(h.navigation_pages(app.frame)) == depth - 1 and h.page_title(app.frame) == "Issues",
               "Alt+Left goes back to the Issues list while the answer is on its way", seen=seen_labels(app))
    posts = r.wait_for(lambda: [e for e in server.log(since) if e["method"] == "POST"
                                and e["path"] == f"/api/v5/repos/{owner}/issues"],
                       "the POST reached FakeGitee", seen=lambda: h.brief_log(server.log(since)))
    r.check(posts[0].get("fault") == "slow" and posts[0]["status"] == 201 and posts[0]["fields"].get("title") == title,
            "FakeGitee created the issue from the draft's title (201), its answer held to a slow drip", f"{posts[0]}")
    created = [i for i in server.get(f"/api/v5/repos/{owner}/{repo}/issues?state=all&page=1&per_page=10")
               if i["title"] == title]
    r.check(len(created) == 1, "one issue with the draft's title on the server", f"{len(created)}")
    number = created[0]["number"]
    # The answer has reached the app once it says so (its toast) and the list below shows the new issue.
    toast = f"Issue #{number} created"
    r.wait_for(lambda: toast in h.toasts(app.frame), f"the app got the answer: the toast \"{toast}\"",
               seen=lambda: f"toasts {h.toasts(app.frame)}; {seen_labels(app)()}")
    r.check(h.page_title(app.frame) == "Issues" and len(h.navigation_pages(app.frame)) == depth - 1,
            "the Issues list is still on top (the answer replaced no page)",
            f"title {h.page_title(app.frame)!r}, depth {len(h.navigation_pages(app.frame))} (was {depth - 1})")
    r.wait_for(lambda: any(t.startswith(title) for lst in h.lists(h.top_page(app.frame))
                           for _, t in h.rows_of(lst, app.frame)),
               "and it lists the new issue", seen=seen_labels(app))
    r.check(len([e for e in server.log(since) if e["method"] == "POST"]) == 1, "one POST",
            h.brief_log(server.log(since)))
    shot("4b-back-during-slow-create")
