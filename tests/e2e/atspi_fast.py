"""Snapshots of the app's accessible tree read straight from the accessibility bus, a whole level of the tree at once.

pyatspi asks one thing per D-Bus round trip and waits for each answer: the child count, then every child by index,
then each one's name, role and states, so a walk over a window of 300 accessibles took about 4 s, and the end-to-end
scenarios spent most of their time walking (cProfile of signin: 184 of 290 s in walk()). Here every question about
one level of the tree (each accessible's states, role, name and child count, then its children by index) is sent before
the first answer is read, so the app answers them in a batch: the same tree in about a fifth of the time, measured on
the tabs page (tests/e2e, 694 accessibles: 2.7 s one call at a time, 1.3 s a level at a time, under load).

A snapshot holds plain records (`Node`); the few accessibles a test goes on to use (to click, to read text) are
turned into pyatspi objects by `resolve`, child by child from the root along the node's indices, and checked to be
the same object path (the tree may have changed since the snapshot).
"""

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

ACCESSIBLE = "org.a11y.atspi.Accessible"
PROPERTIES = "org.freedesktop.DBus.Properties"
STATE_VISIBLE = 1 << 30   # AtspiStateType 30 in the first word of GetState's bit set
WINDOW_COORDS = 1

_bus = None


def _connection():
    """The accessibility bus (org.a11y.Bus.GetAddress on the session bus), opened once per process."""
    global _bus
    if _bus is None:
        session = Gio.bus_get_sync(Gio.BusType.SESSION)
        address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                    GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, -1, None).unpack()[0]
        _bus = Gio.DBusConnection.new_for_address_sync(
            address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
            None, None)
    return _bus


class Node:
    """One accessible as the snapshot saw it. `index` is its child indices from the snapshot's root: sorting by it
    gives tree order, and `resolve` follows it."""
    __slots__ = ("path", "index", "depth", "name", "role", "states", "row_depth", "kids", "extent")

    def __init__(self, path, index, depth, row_depth):
        self.path, self.index, self.depth, self.row_depth = path, index, depth, row_depth
        self.name, self.role, self.states, self.kids, self.extent = "", "", 0, [], None

    @property
    def visible(self):
        return bool(self.states & STATE_VISIBLE)


def _ask_all(bus_name, questions):
    """Sends every (key, path, interface, method, args) at once and waits for all answers: {key: the answer's GVariant
    or None}. Answers are read with GVariant's accessors, not unpack(): unpacking every property of every accessible
    was most of the walk's own CPU time."""
    conn = _connection()
    context = GLib.MainContext.new()
    context.push_thread_default()
    answers, pending = {}, [len(questions)]
    try:
        def done(source, result, key):
            try:
                answers[key] = source.call_finish(result)
            except GLib.Error:
                answers[key] = None   # the accessible went away while we asked
            pending[0] -= 1
        for key, path, interface, method, args in questions:
            conn.call(bus_name, path, interface, method, args, None, Gio.DBusCallFlags.NONE, 10000, None, done, key)
        while pending[0] > 0:
            context.iteration(True)
    finally:
        context.pop_thread_default()
    return answers


_ALL = GLib.Variant("(s)", (ACCESSIBLE,))
_STRING, _INT = GLib.VariantType("s"), GLib.VariantType("i")
_role_names = {}


def _role_name(role):
    """"push button" for AtspiRole 43, as pyatspi's getRoleName() says it."""
    if role not in _role_names:
        try:
            _role_names[role] = Atspi.role_get_name(Atspi.Role(role)) or ""
        except ValueError:
            _role_names[role] = ""
    return _role_names[role]


def _questions(path):
    """What a snapshot asks about each accessible: its states, role and properties (name, number of children)."""
    return (((path, "state"), path, ACCESSIBLE, "GetState", None), ((path, "role"), path, ACCESSIBLE, "GetRole", None),
            ((path, "properties"), path, PROPERTIES, "GetAll", _ALL))


def snapshot(root, prune_hidden=False, into_rows=True, max_depth=50, skip_paths=(), row_roles=(), row_depth_max=2):
    """The accessibles under root (a pyatspi object) in tree order, as walk() in atspi_helpers yields them: prune_hidden
    leaves out accessibles that are not visible (and what is under them; root itself is always kept), into_rows=False
    looks only row_depth_max levels into accessibles with one of row_roles, skip_paths leaves those subtrees out.

    Children are asked one by one (GetChildAtIndex), as pyatspi does, but all at once: GTK 4.8's GetChildren answers
    other objects than GetChildAtIndex for a GtkStack's pages (the page's child instead of its GtkStackPage), and the
    objects the tests go on to use come from GetChildAtIndex (`resolve`)."""
    bus_name, root_path = root.app.bus_name, root.path
    if root_path in skip_paths:
        return []
    top = Node(root_path, (), 0, None)
    out, level = [], [top]
    while level:
        asked = {n.path: _questions(n.path) for n in level}
        answers = _ask_all(bus_name, [q for qs in asked.values() for q in qs])
        expand = []
        for n in level:
            state, role, properties = (answers.get(q[0]) for q in asked[n.path])
            if state is None or role is None or properties is None:
                continue   # gone
            found = properties.get_child_value(0)
            name = found.lookup_value("Name", _STRING)
            count = found.lookup_value("ChildCount", _INT)
            count = count.get_int32() if count is not None else 0
            bits = state.get_child_value(0)
            n.states = bits.get_child_value(0).get_uint32() if bits.n_children() else 0
            n.role = _role_name(role.get_child_value(0).get_uint32())
            n.name = name.get_string() if name is not None else ""
            if prune_hidden and n is not top and not n.visible:
                continue
            out.append(n)
            if n.depth >= max_depth or count <= 0:
                continue
            if into_rows:
                child_rows = None
            elif n.row_depth is not None:
                if n.row_depth >= row_depth_max:
                    continue
                child_rows = n.row_depth + 1
            else:
                child_rows = 1 if n.role in row_roles else None
            expand.append((n, min(count, 100000), child_rows))
        questions = [((n.path, i), n.path, ACCESSIBLE, "GetChildAtIndex", GLib.Variant("(i)", (i,)))
                     for n, count, _ in expand for i in range(count)]
        kids = _ask_all(bus_name, questions) if questions else {}
        level = []
        for n, count, child_rows in expand:
            for i in range(count):
                answer = kids.get((n.path, i))
                path = answer.get_child_value(0).get_child_value(1).get_string() if answer is not None else None
                if path is None or path in skip_paths or path == "/org/a11y/atspi/null":
                    continue
                child = Node(path, n.index + (i,), n.depth + 1, child_rows)
                n.kids.append(child)
                level.append(child)
    out.sort(key=lambda node: node.index)
    return out


def extents(root, nodes):
    """{path: (x, y, width, height)} in window coordinates for the nodes (all asked at once); None where not known."""
    questions = [(n.path, n.path, "org.a11y.atspi.Component", "GetExtents", GLib.Variant("(u)", (WINDOW_COORDS,)))
                 for n in nodes]
    answers = _ask_all(root.app.bus_name, questions)
    return {n.path: (tuple(answers[n.path].unpack()[0]) if answers.get(n.path) is not None else None) for n in nodes}


def resolve(root, node):
    """The pyatspi object for node, reached from root by its child indices; None if the tree changed meanwhile."""
    acc = root
    try:
        for i in node.index:
            acc = acc.getChildAtIndex(i)
            if acc is None:
                return None
        return acc if acc.path == node.path else None
    except Exception:
        return None
