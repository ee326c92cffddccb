"""Shared helpers for the end-to-end tests (smoke.py and the scenarios *_e2e.py; what the scenarios share beyond
these is e2e_support.py):
checks with deadlines, the app as a child process with its own XDG folders, AT-SPI lookups, real mouse and keyboard
input through xdotool, screenshots, and FakeGitee's control API.

Runs on Debian's /usr/bin/python3 (pyatspi). Synchronisation is always polling with a deadline, never fixed sleeps.
The AT-SPI and X11 facts behind these helpers (GTK 4.8 extents relative to the toplevel, notebook tabs named "Tab",
stale allocations on hidden notebook pages) are told where they matter: screen_rect, find_tab, notebook_page_of.
"""

import glob
import json
import os
import re
import signal
import subprocess
import shutil
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.parse
import urllib.request
from functools import partial

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi  # noqa: E402
import pyatspi  # noqa: E402

# libatspi gives up on a call after 0.8 s (a screen reader's choice: never hang on one app). On a 2-core machine
# running builds beside the scenarios, the app's main loop can be that late; a test then failed on a click with
# NotImplementedError (GetInterfaces unanswered). 10 s per call, 15 s while an app starts: a wait still ends at its
# own deadline, and an app that does not answer for 10 s still fails the test.
Atspi.set_timeout(10000, 15000)

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fake_gitee import FakeGitee  # noqa: E402,F401  (re-exported for the scenarios)
import atspi_fast as fast  # noqa: E402

PREFIX = os.environ.get("MAYUN_E2E_PREFIX", "")
ARTIFACTS = os.environ.get("MAYUN_E2E_ARTIFACTS", "tests/artifacts")
BINARY = os.path.join(PREFIX, "bin", "mayun")
FAKE_GITEE_BIN = os.environ.get("MAYUN_E2E_FAKE_GITEE", "")
TIMEOUT = float(os.environ.get("MAYUN_E2E_TIMEOUT", "30"))  # per condition, seconds (the machine is shared)
POLL = 0.1

run = partial(subprocess.run, timeout=TIMEOUT)


class CheckFailed(Exception):
    pass


class Report:
    """PASS/FAIL lines and the closing count; `name` prefixes artifacts and the summary line."""

    def __init__(self, name):
        self.name = name
        self.passed = 0
        self.failed = 0
        self.notes = []
        self.started = time.monotonic()
        self.step_started = self.started

    def log(self, msg):
        print(msg, flush=True)

    def ok(self, what):
        self.passed += 1
        self.log(f"PASS: {what}")

    def fail(self, what):
        self.failed += 1
        self.log(f"FAIL: {what}")

    def note(self, text):
        if text not in self.notes:
            self.notes.append(text)
            self.log(f"      note: {text}")

    def check(self, cond, what, detail=""):
        if cond:
            self.ok(what)
        else:
            self.fail(what + (f" ({detail})" if detail else ""))
            raise CheckFailed(what)

    def step(self, title):
        now = time.monotonic()
        self.log(f"---- {title} (t={now - self.started:.1f} s)")
        self.step_started = now

    def wait_for(self, fn, what, timeout=TIMEOUT, seen=None, quiet=False):
        """Polls fn() until truthy; at the deadline prints what was last seen (seen() or the last error) and fails."""
        deadline = time.monotonic() + timeout
        last_error = None
        while True:
            try:
                value = fn()
                if value:
                    return value
            except CheckFailed:
                raise
            except Exception as e:  # AT-SPI objects vanish while the UI changes
                last_error = e
            if time.monotonic() > deadline:
                if quiet:  # the caller retries
                    raise CheckFailed(what)
                extra = f"; last error: {last_error!r}" if last_error else ""
                if seen is not None:
                    try:
                        extra += f"; saw: {seen()}"
                    except Exception as e:
                        extra += f"; (could not describe what was seen: {e!r})"
                self.fail(f"{what} (not within {timeout:.0f} s{extra})")
                raise CheckFailed(what)
            time.sleep(POLL)

    def summary(self):
        for n in self.notes:
            self.log(f"NOTE: {n}")
        self.log(f"{self.name}: {self.passed} passed, {self.failed} failed "
                 f"({time.monotonic() - self.started:.0f} s)")
        return 1 if self.failed or self.passed == 0 else 0


# ---------------------------------------------------------------------------------------------------------------
# The app: a child process with its own environment (XDG folders shared across restarts of one scenario).

def scenario_main(report, scenario, checks=()):
    """The `main` every scenario shares: its old artifacts removed, the binaries checked, the display answering, the
    scenario's own preconditions (`checks`), a throwaway state folder, `scenario(state)` run (a failed check ends it;
    any other error is reported with its traceback), the summary's exit status returned."""
    os.makedirs(ARTIFACTS, exist_ok=True)
    for old in glob.glob(os.path.join(ARTIFACTS, f"{report.name}-*")):
        os.remove(old)
    report.check(os.access(BINARY, os.X_OK), f"app binary {BINARY}")
    report.check(os.access(FAKE_GITEE_BIN, os.X_OK), f"FakeGitee binary {FAKE_GITEE_BIN} (make build)")
    wait_display(report)
    for check in checks:
        check()
    state = tempfile.mkdtemp(prefix=f"{report.name}.", dir=os.environ.get("MAYUN_E2E_STATE_DIR"))
    try:
        scenario(state)
    except CheckFailed:
        pass
    except Exception:
        report.fail("unexpected error:\n" + traceback.format_exc())
    finally:
        shutil.rmtree(state, ignore_errors=True)
    app_log = os.path.join(ARTIFACTS, f"{report.name}-app.log")
    if os.path.exists(app_log):
        report.log(f"app output: {app_log}")
    return report.summary()


def keep_failure_evidence(report, app):
    """After a failure, while the app still runs: its accessible tree, the labels it shows and a screenshot."""
    if app is None or not app.alive():
        return
    try:
        shown = " / ".join(repr(t[:60]) for t in labels(app.frame, app.frame)[:30])
        report.log(f"      tree: {app.save_tree('failure')}; labels: {shown}")
        report.log(f"      screenshot {screenshot(f'{report.name}-failure.png')}")
    except Exception as e:
        report.log(f"      (could not save the tree: {e!r})")


def state_env(state_dir, server_url, extra=None):
    env = {k: v for k, v in os.environ.items()
           if k not in ("NO_AT_BRIDGE", "GTK_A11Y", "LC_ALL", "LANGUAGE", "WAYLAND_DISPLAY")}
    for d in ("config", "cache", "data", "runtime"):
        os.makedirs(os.path.join(state_dir, d), mode=0o700, exist_ok=True)
    env.update(LANG="C.UTF-8", GSETTINGS_BACKEND="memory",
               XDG_CONFIG_HOME=os.path.join(state_dir, "config"), XDG_CACHE_HOME=os.path.join(state_dir, "cache"),
               XDG_DATA_HOME=os.path.join(state_dir, "data"), XDG_RUNTIME_DIR=os.path.join(state_dir, "runtime"),
               XDG_DATA_DIRS=os.path.join(PREFIX, "share") + ":/usr/share", MAYUN_SERVER=server_url)
    # GTK's GL renderer on Xvfb is Mesa's llvmpipe, rasterizing in software: its threads took 44% of the machine's CPU
    # during the scenarios (perf, issue 37), for pixels GTK's cairo renderer draws the same (as in XCTest and the
    # bench). tests/e2e/run.sh says which: the scenarios that time the app, and the installed package's smoke
    # (tests/deb/run.sh), keep GTK's default renderer, as people launch it.
    if os.environ.get("MAYUN_E2E_RENDERER") == "cairo" and not os.environ.get("MAYUN_E2E_INSTALLED"):
        env["GSK_RENDERER"] = "cairo"
    env.update(extra or {})
    return env


class App:
    """One run of the installed app; output appended to log_path."""

    def __init__(self, report, env, log_path, label, args=()):
        self.r = report
        self.label = label
        self.args = list(args)
        self.log_path = log_path
        self.logf = open(log_path, "ab", buffering=0)
        self.env = env
        self.app = None
        self.frame = None
        self.launch()

    def launch(self):
        self.logf.write(f"\n==== {self.label} ====\n".encode())
        self.proc = subprocess.Popen([BINARY, *self.args], env=self.env, stdin=subprocess.DEVNULL, stdout=self.logf,
                                     stderr=subprocess.STDOUT, start_new_session=True)
        self.pid = self.proc.pid

    def wait_window(self, timeout=TIMEOUT, with_tabs=True):
        """Waits for the window; `with_tabs=False` when a page (opened from a link) covers the tabs from the start."""
        try:
            return self._wait_window(timeout, retrying=True, with_tabs=with_tabs)
        except CheckFailed:
            # xvfb-run can hand over a display that is not accepting clients yet (or the previous run's server,
            # still going away): wait for the display, then launch once more, and say so.
            if self.proc.poll() is None or "cannot open display" not in self.tail_log():
                raise
            self.r.note(f"{self.label}: the app could not open the display {os.environ.get('DISPLAY')} "
                        f"({self.tail_log(1)}); launched again once the display answered")
            wait_display(self.r)
            self.launch()
            return self._wait_window(timeout, retrying=False, with_tabs=with_tabs)

    def _wait_window(self, timeout, retrying, with_tabs=True):
        def ready():
            if self.proc.poll() is not None:
                raise CheckFailed(f"{self.label}: the app exited with status {self.proc.returncode} before its window")
            return main_window_ready(self.pid, with_tabs)
        try:
            self.app, self.frame = self.r.wait_for(ready, f"{self.label}: the window \"Mayun\" appears over AT-SPI",
                                                   timeout)
        except CheckFailed as e:
            if "exited" in str(e) and not (retrying and "cannot open display" in self.tail_log()):
                self.r.fail(str(e) + ": " + self.tail_log())
            raise
        self.r.wait_for(lambda: x_main_window(self.pid), f"{self.label}: the X window is mapped")
        self.r.ok(f"{self.label}: window \"Mayun\" is up (pid {self.pid})")
        return self

    def tail_log(self, lines=3):
        try:
            with open(self.log_path, errors="replace") as f:
                return " | ".join(line.strip() for line in f.readlines()[-lines:] if line.strip())
        except OSError:
            return "(no log)"

    def alive(self):
        return self.proc.poll() is None

    def quit(self):
        """Closes the window with Ctrl+Q as a person would; the process must exit with status 0."""
        if not self.alive():
            self.r.fail(f"{self.label}: the app had already exited with status {self.proc.returncode}")
            raise CheckFailed("app exited")
        key(self.pid, "ctrl+q")
        self.r.wait_for(lambda: self.proc.poll() is not None, f"{self.label}: the app exits after Ctrl+Q")
        self.r.check(self.proc.returncode == 0, f"{self.label}: the app exited with status 0 after Ctrl+Q",
                     f"status {self.proc.returncode}")
        self.logf.close()

    def kill(self):
        if self.alive():
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if not self.logf.closed:
            self.logf.close()

    # Conveniences bound to this app's window
    def find(self, name, roles=None, showing=True, root=None):
        return find(root or self.frame, name, roles, showing)

    def click(self, acc, what):
        mouse_click(acc, self.frame, self.pid, what, self.r)

    def key(self, keys, window=None):
        """Keys to the main window, or to the app's window titled `window`."""
        key(self.pid, keys, window)

    def type(self, text, window=None):
        type_text(self.pid, text, window)

    def tree(self):
        return tree_text(self.app)

    def save_tree(self, label):
        path = os.path.join(ARTIFACTS, f"{self.r.name}-tree-{label}.txt")
        with open(path, "w") as f:
            f.write(self.tree() + "\n")
        return path


# ---------------------------------------------------------------------------------------------------------------
# AT-SPI

def desktop_apps():
    desktop = pyatspi.Registry.getDesktop(0)
    return [desktop.getChildAtIndex(i) for i in range(desktop.childCount)]


def app_of(pid):
    for app in desktop_apps():
        try:
            if app is not None and app.get_process_id() == pid:
                app.set_cache_mask(Atspi.Cache.NONE)  # always ask the app: the UI changes under us
                return app
        except Exception:
            continue
    return None


def children(acc):
    try:
        n = acc.childCount
    except Exception:
        return []
    out = []
    for i in range(n):
        try:
            c = acc.getChildAtIndex(i)
        except Exception:
            c = None
        if c is not None:
            out.append(c)
    return out


ROW_DEPTH = 2  # how deep into a list item into_rows=False still looks (GtkListBox rows: item -> box -> label)
# PagedListView's rows are the cells of a one-column GtkGridView (role "list", its items "table cell"), GtkListBox
# rows are list items.
LIST_ITEM_ROLES = ("list item", "table cell")


def walk(acc, depth=0, max_depth=50, prune_hidden=False, into_rows=True, row_depth=None, skip=()):
    """Tree order. prune_hidden skips subtrees of accessibles that are not visible; into_rows=False looks only
    ROW_DEPTH levels into list items (each AT-SPI call is a D-Bus round trip, and a window of project rows has
    hundreds of accessibles: a full walk takes seconds); subtrees in skip (already searched) are left out."""
    if skip and any(acc == s for s in skip):
        return
    yield acc, depth
    if depth >= max_depth:
        return
    if not into_rows:
        if row_depth is not None:
            if row_depth >= ROW_DEPTH:
                return
            row_depth += 1
        else:
            try:
                if acc.getRoleName() in LIST_ITEM_ROLES:
                    row_depth = 1
            except Exception:
                return
    for c in children(acc):
        if prune_hidden:
            try:
                if not c.getState().contains(pyatspi.STATE_VISIBLE):
                    continue
            except Exception:
                continue
        yield from walk(c, depth + 1, max_depth, prune_hidden, into_rows, row_depth, skip)


def frames(app):
    return [c for c in children(app) if c.getRoleName() in ("frame", "window", "dialog")
            and c.getState().contains(pyatspi.STATE_VISIBLE)]


def app_window(app, title):
    """The app's visible toplevel window titled `title` (the Preferences window), or None."""
    for f in frames(app):
        if f.name == title:
            return f
    return None


def main_frame(app):
    for f in frames(app):
        if f.name == "Mayun":
            return f
    return None


def main_window_ready(pid, with_tabs=True):
    """(application, frame) once the process's window "Mayun" shows (with its tabs unless told otherwise), else None."""
    app = app_of(pid)
    if app is None:
        return None
    f = main_frame(app)
    if f is None or not is_showing(f) or (with_tabs and find_tab(f, "Projects") is None):
        return None
    return app, f


def extents(acc):
    return acc.queryComponent().getExtents(pyatspi.WINDOW_COORDS)


def is_showing(acc):
    """Visible with a non-empty area (GTK 4.8 sets "showing" on windows only; hidden pages report 0x0)."""
    s = acc.getState()
    if not s.contains(pyatspi.STATE_VISIBLE):
        return False
    try:
        e = extents(acc)
    except Exception:
        return False
    return e.width > 0 and e.height > 0


def in_window(acc, frame):
    """Showing and inside the window's area (rows scrolled out of a list keep stale extents)."""
    if not is_showing(acc):
        return False
    e, f = extents(acc), extents(frame)
    return e.y + e.height > f.y and e.y < f.y + f.height and e.x < f.x + f.width and e.x + e.width > f.x


def entry_named(label):
    """GTK 4.8 names an entry with a caption label "<caption> <accessible label>" (e.g. "Email Email")."""
    return lambda n: n == label or n.startswith(label + " ")


def snapshot(root, prune_hidden=False, into_rows=True, max_depth=50, skip=()):
    """What walk() would yield under root, as atspi_fast records read a tree level at a time (atspi_fast says why)."""
    return fast.snapshot(root, prune_hidden, into_rows, max_depth, skip_paths={s.path for s in skip},
                         row_roles=LIST_ITEM_ROLES, row_depth_max=ROW_DEPTH)


def _has_area(extent):
    return extent is not None and extent[2] > 0 and extent[3] > 0


def _matching(root, nodes, match, roles, showing):
    """The nodes whose name matches and role is one of roles (and, if showing, visible with an area), in tree order."""
    def ok(n):
        try:
            return match(n.name) and (roles is None or n.role in roles) and (not showing or n.visible)
        except Exception:
            return False
    found = [n for n in nodes if ok(n)]
    if showing and found:
        areas = fast.extents(root, found)
        for n in found:
            n.extent = areas.get(n.path)
        found = [n for n in found if _has_area(n.extent)]
    return found


def find(root, name, roles=None, showing=True, into_rows=False):
    """The first accessible under root with this accessible name (a callable tests it) and one of roles. In the main
    window, the header bar and the page on top of the navigation stack are searched before the rest: that is where
    a control being looked for is, and the covered pages beneath are most of the window's accessibles."""
    match = name if callable(name) else (lambda n: n == name)
    searched = []
    for scope in _scopes(root):
        nodes = snapshot(scope, prune_hidden=showing, into_rows=into_rows, skip=searched)
        for node in _matching(scope, nodes, match, roles, showing):
            acc = fast.resolve(scope, node)
            if acc is not None:
                return acc
        searched.append(scope)
    return None


def _scopes(root):
    """Where find() looks, in order: for the main window its header bar, its top page, then the whole window."""
    try:
        if root.getRoleName() != "frame":
            return [root]
        header, area = window_chrome(root)
        if area is None:
            return [root]
        return [header] + _stack_pages(area)[-1:] + [root]
    except Exception:
        return [root]


def find_all(root, name, roles=None, showing=True, into_rows=False):
    match = name if callable(name) else (lambda n: n == name)
    nodes = snapshot(root, prune_hidden=showing, into_rows=into_rows)
    found = (fast.resolve(root, n) for n in _matching(root, nodes, match, roles, showing))
    return [acc for acc in found if acc is not None]


def describe(acc, actions=False):
    """One line: role, name, states, extents, an entry's text; with actions, the action names too (clipboard,
    selection, link and menu actions left out)."""
    try:
        role, name = acc.getRoleName(), acc.name
    except Exception as e:
        return f"<gone: {e!r}>"
    states = []
    try:
        st = acc.getState()
        for s, label in ((pyatspi.STATE_VISIBLE, "visible"), (pyatspi.STATE_CHECKED, "checked"),
                         (pyatspi.STATE_SELECTED, "selected"), (pyatspi.STATE_FOCUSED, "focused"),
                         (pyatspi.STATE_SENSITIVE, "sensitive")):
            if st.contains(s):
                states.append(label)
    except Exception:
        pass
    ext = ""
    try:
        e = extents(acc)
        ext = f" @{e.x},{e.y} {e.width}x{e.height}"
    except Exception:
        pass
    text = ""
    try:
        if role in ("text", "entry", "password text"):
            t = acc.queryText()
            text = f" text={t.getText(0, -1)!r}"
    except Exception:
        pass
    action_names = ""
    if actions:
        try:
            a = acc.queryAction()
            names = [a.getName(i) for i in range(a.nActions)]
            names = [n for n in names if not n.startswith(("clipboard.", "selection.", "link.", "menu."))]
            if names:
                action_names = " actions=" + ",".join(names)
        except Exception:
            pass
    return f"{role} {name!r} [{' '.join(states)}]{ext}{text}{action_names}"


def tree_text(app, prune_hidden=True, actions=False):
    if app is None:
        return "(no accessible application)"
    return "\n".join("  " * d + describe(a, actions) for a, d in walk(app, prune_hidden=prune_hidden))


def do_action(acc, preferred=("click", "activate", "press", "toggle")):
    a = acc.queryAction()
    names = [a.getName(i) for i in range(a.nActions)]
    for want in preferred:
        if want in names:
            return a.doAction(names.index(want))
    raise RuntimeError(f"no action among {preferred} on {describe(acc)}; has {names}")


def has_action(acc, preferred=("click", "activate", "press", "toggle")):
    """Whether do_action(acc, preferred) has an action to do."""
    try:
        a = acc.queryAction()
        return any(a.getName(i) in preferred for i in range(a.nActions))
    except Exception:
        return False


def selected(acc):
    return acc.getState().contains(pyatspi.STATE_SELECTED)


def focused(acc):
    return acc.getState().contains(pyatspi.STATE_FOCUSED)


def focus_within(acc):
    """acc or a control inside it has the keyboard focus (an AdwEntryRow is a text box whose inner GtkText takes
    the focus)."""
    if focused(acc):
        return True
    for c, _ in walk(acc, max_depth=6, into_rows=True):
        try:
            if focused(c):
                return True
        except Exception:
            continue
    return False


TAB_ROLES = ("page tab", "toggle button", "push button", "radio button")


def find_tab(root, name, notebook_only=False):
    """A tab by name; GTK 4.8 names notebook tabs "Tab" with the title as the tab's label child. notebook_only
    skips the window's Projects/Discover/Mine switcher (a user page has a "Projects" notebook tab too)."""
    nodes = snapshot(root, prune_hidden=True, into_rows=False)
    if not notebook_only:
        # The window's switcher first: notebook tabs now carry their titles as names too ("Projects" on a user page).
        # The switcher is an AdwViewSwitcher (page tabs) in the header, or on a narrow window in the bottom
        # AdwViewSwitcherBar (0 px high while hidden). The header's switcher keeps its stale extents after it gave
        # way to the plain title, so a showing bottom bar is searched first.
        by_index = {n.index: n for n in nodes}
        bars = _matching(root, nodes, lambda n: n == "AdwViewSwitcherBar", None, True)
        switchers = ("AdwViewSwitcher", "GtkStackSwitcher")
        tabs = [n for n in nodes if n.role == "page tab" and n.name == name and n.index and
                by_index.get(n.index[:-1]) is not None and by_index[n.index[:-1]].name in switchers]
        in_bar = [t for t in tabs if any(t.index[:len(b.index)] == b.index for b in bars)]
        for tab in _matching(root, in_bar + tabs, lambda n: True, None, True):
            acc = fast.resolve(root, tab)
            if acc is not None:
                return acc
        acc = find(root, name, TAB_ROLES)
        if acc is not None:
            return acc
    titled = [n for n in nodes if n.role == "page tab" and any(c.name == name for c in n.kids)]
    for tab in _matching(root, titled, lambda n: True, None, True):
        acc = fast.resolve(root, tab)
        if acc is not None:
            return acc
    return None


def _name(acc):
    try:
        return acc.name
    except Exception:
        return None


def notebook_page_of(tab):
    """The page panel shown for a GtkNotebook page tab. GTK 4.8 keeps stale allocations on hidden notebook pages
    (they still report extents), so "shown" is decided structurally: the notebook holds the tab list's box and the
    pages' box, and page i belongs to tab i."""
    tab_list = tab.parent
    tabs = [c for c in children(tab_list) if c.getRoleName() == "page tab"]
    index = next(i for i, t in enumerate(tabs) if t == tab or describe(t) == describe(tab))
    header = tab_list.parent
    notebook = header.parent
    boxes = [c for c in children(notebook) if c != header and describe(c) != describe(header)]
    return children(boxes[-1])[index]


ROW_ROLES = ("list item", "table row", "tree item", "table cell")


def lists(root, name=None):
    """Showing GtkListViews (role "list") under root, optionally by accessible name ("Projects")."""
    nodes = snapshot(root, prune_hidden=True, into_rows=False)
    found = _matching(root, nodes, lambda n: name is None or n == name, ("list",), True)
    return [acc for acc in (fast.resolve(root, n) for n in found) if acc is not None]


def row_label(item):
    """The accessible label of a list item's row (RowHost box -> row view root carrying the label)."""
    for host in children(item):
        for row in children(host):
            try:
                if row.name and is_showing(row):
                    return row
            except Exception:
                continue
    return None


def rows_of(list_acc, frame):
    """(accessible, label) of the list's rows inside the window, top to bottom. GtkListView keeps many more items
    than it shows (with stale extents), so each item's extents are read once and only rows in view are opened."""
    f = extents(frame)
    out = []
    for item in children(list_acc):
        try:
            e = extents(item)
            if e.width <= 0 or e.height <= 0 or e.y + e.height <= f.y or e.y >= f.y + f.height:
                continue
            row = row_label(item)
            if row is not None:
                out.append((e.y, row, row.name))
        except Exception:
            continue
    out.sort(key=lambda t: t[0])
    return [(row, name) for _, row, name in out]


def is_project_label(name):
    head = name.split(", ")[0]
    return ", " in name and " stars, " in name and "/" in head


def project_rows(root, frame):
    """Project rows in the window under root: rows labelled "<owner/name>, <n> stars, <description>"."""
    return [(acc, name) for lst in lists(root) for acc, name in rows_of(lst, frame) if is_project_label(name)]


def labels(root, frame=None):
    """The texts of the showing labels under root (inside frame's area when given), in tree order."""
    found = _matching(root, snapshot(root, prune_hidden=True, into_rows=False), bool, ("label",), True)
    if frame is None:
        return [n.name for n in found]
    f = extents(frame)
    return [n.name for n in found if _overlaps(n.extent, f)]


def _overlaps(e, f):
    x, y, w, hh = e
    return y + hh > f.y and y < f.y + f.height and x < f.x + f.width and x + w > f.x


FULL_NAME = re.compile(r"^[\w.-]+/[\w.-]+$")


_chrome_of = {}  # frame's object path -> (header bar, page area): both live as long as their window


def window_chrome(frame):
    """(header bar, page area) of the main window. The AdwApplicationWindow's content is a box of exactly these two:
    the AdwHeaderBar (Back, the tab switcher or page title, the menu) and the AdwToastOverlay holding the navigation
    stack. GTK 4.8 names neither (both are unnamed panels), so the box is found by shape: the first panel with two
    children, a short one above a taller one."""
    if frame.path in _chrome_of:
        return _chrome_of[frame.path]
    nodes = [n for n in snapshot(frame, max_depth=4, into_rows=False) if n.depth <= 3 and len(n.kids) == 2]
    areas = fast.extents(frame, [k for n in nodes for k in n.kids])
    for n in nodes:
        top, rest = areas.get(n.kids[0].path), areas.get(n.kids[1].path)
        if top and rest and 0 < top[3] < 120 and rest[3] > top[3] and rest[1] >= top[1] + top[3] - 2:
            chrome = fast.resolve(frame, n.kids[0]), fast.resolve(frame, n.kids[1])
            if None not in chrome:
                _chrome_of[frame.path] = chrome
            return chrome
    return None, None


def navigation_pages(frame):
    """The pages of the window's navigation stack, bottom (the tabs) to top: GTK 4.8 keeps reporting covered pages
    as visible, but a pushed page is always the stack's last child and a popped one is removed."""
    _, area = window_chrome(frame)
    if area is None:
        return []
    return _stack_pages(area)


def _stack_pages(area):
    """Every page, or the last reading if the stack kept changing: a page added or removed while the tree is read
    does not resolve, and a count short by one would make a page that went look as if it stayed."""
    found = []
    for _ in range(5):
        found, complete = _read_stack_pages(area)
        if complete:
            return found
    return found


def _read_stack_pages(area):
    for n in snapshot(area, max_depth=4, into_rows=False):
        pages = [c for c in n.kids if c.name == "GtkStackPage"] if n.depth <= 2 else []
        if pages:
            found = [fast.resolve(area, p.kids[0]) if p.kids else None for p in pages]
            return [acc for acc in found if acc is not None], None not in found
    return [], True


def toasts(frame):
    """The texts of the toasts over the page. An AdwToast leaves after 5 s, and it is the toast overlay's last child,
    after the whole navigation stack (which GTK 4.8 reports as visible, covered pages too): a window-wide walk reaches
    it only after walking every page, seconds under load, and can miss it. This reads only the overlay's children
    after the stack."""
    _, area = window_chrome(frame)
    if area is None:
        return []
    texts = []
    for toast in children(area)[1:]:
        for acc, _ in walk(toast, max_depth=4, into_rows=False):
            try:
                if acc.getRoleName() == "label" and acc.name:
                    texts.append(acc.name)
            except Exception:
                continue
    return texts


def header_bar(frame):
    """The window's header (Back, the tab switcher, the menu)."""
    header, _ = window_chrome(frame)
    return header if header is not None else frame


def top_page(frame):
    """The page on top of the navigation stack: searching only there keeps walks short (a full window walk over the
    pages underneath takes seconds) and never finds a control of a covered page."""
    pages = navigation_pages(frame)
    return pages[-1] if pages else frame


def page_title(frame):
    """The header bar's title (the open page's name, e.g. a project's owner/name), or None at the tabs."""
    top = extents(frame).y
    nodes = snapshot(frame, prune_hidden=True, into_rows=False, max_depth=8)
    found = _matching(frame, nodes, lambda n: n and n not in ("Projects", "Discover", "Mine", "Mayun"), ("label",), True)
    return next((n.name for n in found if n.extent[1] < top + 40), None)


def open_project_name(frame):
    """owner/name of the project page on top (its title, once its Star button shows), else None."""
    title = page_title(frame)
    if title and FULL_NAME.match(title) and \
            find(frame, lambda n: n.startswith(("Star, ", "Unstar, ")), ("push button",)) is not None:
        return title
    return None


def text_of(acc):
    try:
        return acc.queryText().getText(0, -1)
    except Exception:
        return None


# ---------------------------------------------------------------------------------------------------------------
# X11 input and screenshots

def wait_display(report, timeout=TIMEOUT):
    """Polls until the X display answers a client (xdpyinfo)."""
    def answers():
        return subprocess.run(["xdpyinfo"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                              timeout=10).returncode == 0
    report.wait_for(answers, f"the X display {os.environ.get('DISPLAY')} answers", timeout)


def x_main_window(pid, title=None):
    """(X window id, (x, y, width, height)) of the app's largest visible X window, or of its window titled title
    (a dialog)."""
    query = ["--pid", str(pid)] if title is None else ["--name", "^" + re.escape(title) + "$"]
    out = run(["xdotool", "search", "--onlyvisible"] + query, capture_output=True, text=True).stdout.split()
    best = None
    for wid in out:
        g = run(["xdotool", "getwindowgeometry", "--shell", wid], capture_output=True, text=True).stdout
        vals = dict(line.split("=", 1) for line in g.split() if "=" in line)
        try:
            geom = (int(vals["X"]), int(vals["Y"]), int(vals["WIDTH"]), int(vals["HEIGHT"]))
        except KeyError:
            continue
        if best is None or geom[2] * geom[3] > best[1][2] * best[1][3]:
            best = (wid, geom)
    return best


def screen_rect(acc, frame, pid):
    """The control's rectangle in screen pixels.

    GTK 4.8 reports extents relative to the toplevel widget in every coordinate type ("Screen coordinates not
    supported"). The toplevel widget sits inside its X window, centred within the client-side decoration margins,
    so add the X window's position and that margin. A frame other than the main window (a dialog) is found by its
    title."""
    e = extents(acc)
    f = extents(frame)
    # A dialog, or another of the app's windows (Preferences): found by its title; the main window is "Mayun".
    title = frame.name if frame.name and (frame.getRoleName() == "dialog" or frame.name != "Mayun") else None
    _, (wx, wy, ww, wh) = x_main_window(pid, title)
    ox = wx + max(0, (ww - f.width) // 2) - f.x
    oy = wy + max(0, (wh - f.height) // 2) - f.y
    return (e.x + ox, e.y + oy, e.width, e.height)


def pointer_at():
    out = run(["xdotool", "getmouselocation", "--shell"], capture_output=True, text=True).stdout
    vals = dict(line.split("=", 1) for line in out.split() if "=" in line)
    return int(vals.get("X", -1)), int(vals.get("Y", -1))


def move_pointer(x, y):
    """`mousemove --sync` waits (15 s) for a motion that never comes when the pointer is already there."""
    if pointer_at() != (x, y):
        run(["xdotool", "mousemove", "--sync", str(x), str(y)], check=True)


def mouse_click(acc, frame, pid, what, report=None, button=1):
    x, y, w, h = screen_rect(acc, frame, pid)
    cx, cy = x + w // 2, y + h // 2
    move_pointer(cx, cy)
    run(["xdotool", "click", str(button)], check=True)
    if report:
        report.log(f"      (clicked {what} with the mouse at {cx},{cy}; control at {x},{y} {w}x{h})")


def wheel(acc, frame, pid, notches):
    """Mouse wheel down (button 5) over the middle of acc, notches times."""
    x, y, w, h = screen_rect(acc, frame, pid)
    move_pointer(x + w // 2, y + h // 2)
    run(["xdotool", "click", "--repeat", str(notches), "--delay", "15", "5"], check=True)


def focus_window(pid, title=None):
    """Gives the keyboard focus to the app's main X window, or to its window titled title (Preferences)."""
    found = x_main_window(pid, title)
    if found:
        run(["xdotool", "windowfocus", "--sync", found[0]], check=False)


def key(pid, keys, title=None):
    focus_window(pid, title)
    run(["xdotool", "key", "--clearmodifiers", keys], check=True)


def type_text(pid, text, title=None):
    focus_window(pid, title)
    run(["xdotool", "type", "--clearmodifiers", "--delay", "20", text], check=True)


def screenshot(name):
    move_pointer(1279, 1023)  # no hover or tooltip in the picture
    path = os.path.join(ARTIFACTS, name)
    run(["import", "-window", "root", path], check=True, stderr=subprocess.DEVNULL)
    return path


# ---------------------------------------------------------------------------------------------------------------
# FakeGitee's control API (and its public API, to read the server's state as a client would)

class Server:
    def __init__(self, report, url):
        self.r = report
        self.url = url

    def call(self, method, path, fields=None, token=None):
        data = urllib.parse.urlencode(fields).encode() if fields is not None else None
        req = urllib.request.Request(self.url + path, data=data, method=method)
        if token:
            req.add_header("Authorization", f"Bearer {token}")
        try:
            with urllib.request.urlopen(req, timeout=TIMEOUT) as resp:
                body = resp.read()
                return resp.status, (json.loads(body) if body else None)
        except urllib.error.HTTPError as e:
            body = e.read()
            try:
                return e.code, json.loads(body)
            except ValueError:
                return e.code, body.decode(errors="replace")

    def get(self, path, token=None):
        status, body = self.call("GET", path, token=token)
        if status != 200:
            raise RuntimeError(f"GET {path}: {status} {body!r}"[:300])
        return body

    def log(self, since=0):
        return self.get(f"/__fake/log?since={since}")

    def last_seq(self):
        entries = self.log()
        return entries[-1]["seq"] if entries else 0

    def latency(self, ms):
        status, _ = self.call("POST", "/__fake/latency", {"ms": str(ms)})
        if status >= 300:
            raise RuntimeError(f"POST /__fake/latency: {status}")

    def fault(self, **fields):
        status, body = self.call("POST", "/__fake/fault", {k.replace("_", "-"): str(v) for k, v in fields.items()})
        if status >= 300:
            raise RuntimeError(f"POST /__fake/fault: {status} {body!r}")
        return body

    def clear_faults(self):
        self.call("DELETE", "/__fake/faults")


def brief_log(entries, limit=12):
    return "; ".join(f"{e['method']} {e['path']} {e['status']} token={e.get('token')} login={e.get('login')}"
                     for e in entries[-limit:]) or "(empty log)"


def mine_logged_in(name):
    """Mine's logged-in face (issue 26): the profile's "N followers" count button (no Log Out on the page)."""
    return name.endswith(" followers")


def open_log_out(app, report, seen=None):
    """Log Out lives in the header bar's account switcher (issue 26): opens the switcher and activates "Log Out…".
    Popover items are activated through AT-SPI (GTK 4.8 reports their extents relative to the popover's surface)."""
    button = report.wait_for(lambda: app.find(lambda n: n.startswith("Accounts:"), ("toggle button", "push button")),
                             "the header shows the account button", seen=seen)
    app.click(button, f"\"{button.name}\"")
    # The switcher's popover is under its button in the header: looked for there before the whole application.
    item = report.wait_for(lambda: find(header_bar(app.frame), "Log Out…", ("push button",), into_rows=True)
                           or next(iter(find_all(app.app, "Log Out…", ("push button",), into_rows=True)), None),
                           "\"Log Out…\" in the account switcher", seen=seen)
    report.check(do_action(item), "\"Log Out…\" activated")
