"""Back right after sending a comment on a slow link (issue 38), a step of tests/e2e/issues_e2e.py: the comment's
answer is slow (FakeGitee's `slow` fault: the comment is stored, its answer sent in 8 chunks 400 ms apart) and the
person goes back at once. The comment is the server's now, so its draft must go when the answer comes, although the
page is gone: opened again, the issue shows the comment once and an empty composer, never the same text ready to be
posted twice. One POST.
"""

import glob
import os
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402


def drafts_holding(state, text):
    """The comment draft files under the state's DATA folder that hold `text`."""
    found = []
    for path in glob.glob(os.path.join(state, "data", "**", "comments", "**", "*"), recursive=True):
        try:
            with open(path, encoding="utf-8") as f:
                if text in f.read():
                    found.append(path)
        except (IsADirectoryError, UnicodeDecodeError, FileNotFoundError):
            pass
    return found


def back_right_after_a_slow_comment(r, s, app, server, env, state, link, owner, repo, number, composer_text):
    r.step("3a. a comment sent on a slow link and Back at once: opened again, the issue shows it once, the composer "
           "is empty")
    text = f"Sent on a slow link {int(time.time())}"
    path = f"/api/v5/repos/{owner}/{repo}/issues/{number}/comments"
    field = s.reveal(app, lambda: composer_text(app), "the composer")
    app.click(field, "the composer")
    r.wait_for(lambda: h.focused(field), "the composer has the focus after a click")
    app.type(text)
    r.wait_for(lambda: drafts_holding(state, text), "the typed text is kept as a draft on disk",
               seen=lambda: repr(h.text_of(field)))
    server.fault(kind="slow", delay=400, method="POST", path=path, count=1)
    since = server.last_seq()
    depth = len(h.navigation_pages(app.frame))
    app.key("ctrl+Return")
    posts = r.wait_for(lambda: [e for e in server.log(since) if e["method"] == "POST" and e["path"] == path],
                       "Ctrl+Enter sends it: the POST reached FakeGitee", seen=lambda: h.brief_log(server.log(since)))
    app.key("alt+Left")
    # The page stack, not the title: at the tabs GTK 4.8 still reports the popped page's title label as showing.
    r.wait_for(lambda: len(h.navigation_pages(app.frame)) == depth - 1,
               "Alt+Left leaves the issue while the answer drips",
               seen=lambda: f"{len(h.navigation_pages(app.frame))} pages (was {depth}); {s.seen_labels(app)()}")
    r.check(posts[0].get("fault") == "slow" and posts[0]["status"] == 201,
            "FakeGitee stored it (201) and holds its answer to a slow drip", f"{posts[0]}")
    r.wait_for(lambda: not drafts_holding(state, text), "once the answer has come, the draft is gone from disk",
               seen=lambda: f"{drafts_holding(state, text)}")
    done = subprocess.run([h.BINARY, link], env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=h.TIMEOUT)
    r.check(done.returncode == 0, "`mayun <issue link>` opens the issue again", f"{done.returncode}")
    r.wait_for(lambda: h.page_title(app.frame) == f"#{number}", f"#{number} is on top again", seen=s.seen_labels(app))
    field = s.reveal(app, lambda: composer_text(app), "the composer")
    r.check(h.text_of(field) == "", "the composer is empty (the text is not offered again)", repr(h.text_of(field)))
    stored = [c for c in server.get(f"{path}?per_page=100") if c["body"] == text]
    r.check(len(stored) == 1, "the server has the comment once", f"{len(stored)}")
    r.check(len([e for e in server.log(since) if e["method"] == "POST"]) == 1, "one POST",
            h.brief_log(server.log(since)))
    s.shot("3a-slow-comment-reopened")
