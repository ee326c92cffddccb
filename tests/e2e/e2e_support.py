"""What every end-to-end scenario (tests/e2e/*_e2e.py) used to write again: its artifacts and screenshots named after
the scenario, the labels a failed wait prints, waiting for a control to stop moving before a click, going back to
the tabs, scrolling a control into the window, and the teardown after the scenario (evidence on failure, the app
and the servers stopped).

A scenario binds the ones that speak for it once, and its steps call them by their old names:

    r = h.Report(NAME)
    s = Scenario(r)
    artifact, shot, seen_labels, settled = s.artifact, s.shot, s.seen_labels, s.settled

Runs on Debian's /usr/bin/python3 (pyatspi). Synchronisation is polling with a deadline (atspi_helpers), never fixed
sleeps.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402
from atspi_helpers import CheckFailed  # noqa: E402


def top(app):
    """The page on top of the window's navigation stack."""
    return h.top_page(app.frame)


def list_row(app, title):
    """A row of a list on the page on top whose accessible label starts with `title` (rows read "title, subtitle")."""
    for lst in h.lists(top(app)):
        for acc, name in h.rows_of(lst, app.frame):
            if name.split(", ")[0] == title:
                return acc
    return None


def in_view(app, acc):
    """Whether the control lies inside the window (a page scrolls; a click below its bottom lands nowhere)."""
    x, y, w, hgt = h.screen_rect(acc, app.frame, app.pid)
    fx, fy, fw, fh = h.screen_rect(app.frame, app.frame, app.pid)
    return y >= fy + 50 and y + hgt <= fy + fh - 8


def teardown(report, app, *servers, log_of=None):
    """The end of every scenario, in its `finally:`. While an exception is on its way out (a failed check or an
    error), the app's accessible tree, labels and a screenshot are kept first (and the last requests `log_of`, a
    `Server`, received); then the app is stopped (if it was started) and each of `servers` (anything with `stop()`:
    FakeGitee, a stand-in desktop service), in order."""
    try:
        if sys.exc_info()[1] is not None:
            h.keep_failure_evidence(report, app)
            if log_of is not None:
                report.log(f"      server log (last requests): {h.brief_log(log_of.log())}")
    finally:
        if app is not None:
            app.kill()
        for server in servers:
            server.stop()


class Scenario:
    """The helpers bound to one scenario's report (its name prefixes artifacts and screenshots).

    `label_width`: how much of each label a failed wait prints (None: whole labels); `label_count`: how many labels;
    `wheel_x`: how far right of the window's left edge `reveal` turns the wheel (beside the reading column, over the
    page's own scroller: a comment's document pane would take the wheel)."""

    def __init__(self, report, label_width=60, label_count=30, wheel_x=30):
        self.r = report
        self.name = report.name
        self.label_width = label_width
        self.label_count = label_count
        self.wheel_x = wheel_x

    def artifact(self, name):
        """A file under tests/artifacts named after the scenario."""
        return os.path.join(h.ARTIFACTS, f"{self.name}-{name}")

    def shot(self, name):
        """A screenshot of the whole display, saved and logged; its path."""
        path = h.screenshot(f"{self.name}-{name}.png")
        self.r.log(f"      screenshot {path}")
        return path

    def seen_labels(self, app):
        """What a failed wait says it saw: the labels of the window."""
        width, count = self.label_width, self.label_count
        return lambda: " / ".join(repr(t if width is None else t[:width])
                                  for t in h.labels(app.frame, app.frame)[:count])

    def settled(self, app, find, what):
        """Waits for a control found by `find()` whose place on screen stayed the same over three polls in a row:
        pages slide in (and threads grow), and a click during the slide lands on whatever moves under the pointer."""
        last = {"rect": None, "same": 0}

        def still():
            acc = find()
            if acc is None:
                last["rect"], last["same"] = None, 0
                return None
            rect = h.screen_rect(acc, app.frame, app.pid)
            last["same"] = last["same"] + 1 if rect == last["rect"] else 0
            last["rect"] = rect
            return acc if last["same"] >= 2 else None
        return self.r.wait_for(still, what, seen=lambda: f"last place {last['rect']}, same for {last['same']} polls")

    def back_to_tabs(self, app):
        """Alt+Left until the tab switcher shows again (pages pushed over the tabs close). The keyboard rather than
        the header's Back button: quick Back-Back clicks can be taken for a double click on GTK 4.8's header bar."""
        for _ in range(8):
            depth = len(h.navigation_pages(app.frame))
            if app.find("Back", ("push button",)) is None:
                return
            app.key("alt+Left")
            self.r.wait_for(lambda: len(h.navigation_pages(app.frame)) < depth
                            or app.find("Back", ("push button",)) is None,
                            f"Alt+Left closes the page on top (depth {depth})", seen=self.seen_labels(app))
        self.r.fail("Alt+Left never reached the tabs")
        raise CheckFailed("back_to_tabs")

    def reveal(self, app, find, what):
        """Scrolls the page with the mouse wheel, as a person would, until the control is inside the window."""
        def visible():
            acc = find()
            if acc is None:
                return None
            if in_view(app, acc):
                return acc
            x, y, w, hgt = h.screen_rect(acc, app.frame, app.pid)
            fx, fy, fw, fh = h.screen_rect(app.frame, app.frame, app.pid)
            h.move_pointer(fx + self.wheel_x, fy + fh // 2)
            h.run(["xdotool", "click", "--repeat", "3", "--delay", "15", "5" if y > fy else "4"], check=True)
            return None
        return self.r.wait_for(visible, f"{what} is scrolled into the window", seen=self.seen_labels(app))

    def click(self, app, name, roles=("push button", "toggle button"), what=None):
        """A control of the page on top, by name: scrolled into the window, still, then clicked with the mouse."""
        find = lambda: app.find(name, roles, root=top(app))  # noqa: E731
        self.reveal(app, find, f"\"{name}\"")
        acc = self.settled(app, find, what or f"\"{name}\" shows")
        app.click(acc, f"\"{name}\"")
        return acc
