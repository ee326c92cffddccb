#!/usr/bin/python3
"""A stand-in desktop notification service for end-to-end tests: owns org.freedesktop.Notifications on the session
bus, writes each Notify call as one JSON line to LOG, and "clicks" a notification when its id is written to
LOG.click (it emits ActionInvoked(id, "default"), as a notification server does when the person clicks a bubble), or
presses one of its buttons when "ID ACTION" is written there (ActionInvoked(id, ACTION), ACTION being the key the app
gave in Notify's actions, e.g. "app.mark-notification-read('thread:7')").

Usage: notification_daemon.py LOG   (runs until terminated)
"""

import json
import os
import sys

import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

INTERFACE = """
<node>
  <interface name="org.freedesktop.Notifications">
    <method name="GetCapabilities"><arg type="as" direction="out"/></method>
    <method name="GetServerInformation">
      <arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/>
      <arg type="s" direction="out"/>
    </method>
    <method name="Notify">
      <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
      <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
      <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
    </method>
    <method name="CloseNotification"><arg type="u" direction="in"/></method>
    <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
    <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
  </interface>
</node>
"""
PATH = "/org/freedesktop/Notifications"


def main():
    log_path = sys.argv[1]
    click_path = log_path + ".click"
    state = {"next": 1, "connection": None}
    loop = GLib.MainLoop()

    def call(connection, sender, path, interface, method, parameters, invocation):
        if method == "GetCapabilities":
            invocation.return_value(GLib.Variant("(as)", (["actions", "body"],)))
        elif method == "GetServerInformation":
            invocation.return_value(GLib.Variant("(ssss)", ("e2e-notifications", "mayun", "1", "1.2")))
        elif method == "Notify":
            app, replaces, icon, summary, body, actions, hints, timeout = parameters.unpack()
            nid = replaces or state["next"]
            state["next"] = max(state["next"], nid) + 1
            with open(log_path, "a") as f:
                f.write(json.dumps({"id": nid, "app": app, "summary": summary, "body": body, "actions": actions,
                                    "sender": sender}, ensure_ascii=False) + "\n")
            invocation.return_value(GLib.Variant("(u)", (nid,)))
        elif method == "CloseNotification":
            invocation.return_value(None)

    def owned(connection, name):
        state["connection"] = connection
        with open(log_path, "a"):
            pass  # the log exists once the name is ours: the test waits for it

    def bus_acquired(connection, name):
        info = Gio.DBusNodeInfo.new_for_xml(INTERFACE).interfaces[0]
        connection.register_object(PATH, info, call, None, None)

    def check_click():
        # Polled by the helper (not the test): a written id becomes the click a person makes on that bubble.
        if os.path.exists(click_path) and state["connection"] is not None:
            with open(click_path) as f:
                text = f.read().strip()
            os.remove(click_path)
            nid, _, action = text.partition(" ")
            if nid.isdigit():
                state["connection"].emit_signal(None, PATH, "org.freedesktop.Notifications", "ActionInvoked",
                                                GLib.Variant("(us)", (int(nid), action or "default")))
        return True

    Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.NONE,
                     bus_acquired, owned, lambda *_: loop.quit())
    GLib.timeout_add(100, check_click)
    loop.run()


if __name__ == "__main__":
    main()
