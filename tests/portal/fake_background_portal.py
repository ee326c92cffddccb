#!/usr/bin/python3
"""A stand-in XDG Background portal for tests: owns org.freedesktop.portal.Desktop on the session bus (the test's
private one), serves org.freedesktop.portal.Background.RequestBackground at /org/freedesktop/portal/desktop, writes
each call as one JSON line to LOG (sender, parent_window, options, the Request handle it answered), and emits the
Request's Response signal with RESPONSE (0: granted, 1: refused by the person, 2: other failure) to the caller.
It writes "ready" to stdout once it owns the name.

Usage: fake_background_portal.py LOG RESPONSE   (runs until terminated)
"""

import json
import sys

import gi
gi.require_version("Gio", "2.0")
from gi.repository import Gio, GLib  # noqa: E402

INTERFACE = """
<node>
  <interface name="org.freedesktop.portal.Background">
    <method name="RequestBackground">
      <arg type="s" name="parent_window" direction="in"/>
      <arg type="a{sv}" name="options" direction="in"/>
      <arg type="o" name="handle" direction="out"/>
    </method>
    <property name="version" type="u" access="read"/>
  </interface>
</node>
"""
PATH = "/org/freedesktop/portal/desktop"


def main():
    log_path, response = sys.argv[1], int(sys.argv[2])
    node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
    loop = GLib.MainLoop()

    def on_call(connection, sender, path, interface, method, parameters, invocation):
        parent_window, options = parameters.unpack()
        token = options.get("handle_token", "t")
        handle = f"{PATH}/request/{sender.lstrip(':').replace('.', '_')}/{token}"
        with open(log_path, "a", encoding="utf-8") as log:
            log.write(json.dumps({"sender": sender, "parent_window": parent_window, "options": options,
                                  "handle": handle}) + "\n")
        invocation.return_value(GLib.Variant("(o)", (handle,)))
        granted = response == 0
        results = {"background": GLib.Variant("b", granted),
                   "autostart": GLib.Variant("b", granted and bool(options.get("autostart")))}

        def answer():
            connection.emit_signal(sender, handle, "org.freedesktop.portal.Request", "Response",
                                   GLib.Variant("(ua{sv})", (response, results)))
            return False
        GLib.idle_add(answer)

    def on_get_property(connection, sender, path, interface, name):
        return GLib.Variant("u", 2) if name == "version" else None

    def on_bus(connection, name):
        connection.register_object(PATH, node.interfaces[0], on_call, on_get_property, None)

    def on_name(connection, name):
        print("ready", flush=True)

    def on_lost(connection, name):
        loop.quit()

    Gio.bus_own_name(Gio.BusType.SESSION, "org.freedesktop.portal.Desktop", Gio.BusNameOwnerFlags.NONE,
                     on_bus, on_name, on_lost)
    loop.run()


if __name__ == "__main__":
    main()
