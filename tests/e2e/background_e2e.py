#!/usr/bin/python3
"""End-to-end test of Run in the Background (issue 26), driven through AT-SPI; no server is needed.

  1. Preferences: the "Run in the background" switch, clicked, writes the session's autostart entry
     ($XDG_CONFIG_HOME/autostart/io.gitee.Mayun.desktop, Exec=... --background)
  2. the window's own Close button closes the window, and the process stays (it keeps checking notifications)
  3. `mayun` again: the second launch hands over and exits, and the same process shows a new window
  4. Ctrl+Q still quits
  5. `mayun --background` (as the session starts it): the process registers on the bus and shows no window until
     `mayun` activates it
  6. the switch turned off removes the entry; then `mayun --background` (a stale entry) ends by itself

Run by tests/e2e/run.sh inside Xvfb, dbus-run-session and the throwaway keyring, with Debian's /usr/bin/python3.
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import atspi_helpers as h  # noqa: E402

NAME = "background"
r = h.Report(NAME)
APPLICATION_ID = "io.gitee.Mayun"


def autostart_file(state):
    return os.path.join(state, "config", "autostart", APPLICATION_ID + ".desktop")


def owns_bus_name():
    """Whether a Mayun instance owns its name on the session bus (GApplication registers before `activate`)."""
    done = subprocess.run(["gdbus", "call", "--session", "--dest", "org.freedesktop.DBus", "--object-path",
                           "/org/freedesktop/DBus", "--method", "org.freedesktop.DBus.NameHasOwner", APPLICATION_ID],
                          capture_output=True, text=True, timeout=h.TIMEOUT)
    return "true" in done.stdout


def flip_switch(app):
    app.key("ctrl+comma")
    preferences = r.wait_for(lambda: h.app_window(app.app, "Preferences"), "Ctrl+comma opens the Preferences window")
    switch = r.wait_for(lambda: h.find(preferences, "Run in the background", None, into_rows=True),
                        "Preferences shows \"Run in the background\"")
    h.mouse_click(switch, preferences, app.pid, "\"Run in the background\"", r)
    return preferences


def close_preferences(app, preferences):
    h.mouse_click(h.find(preferences, "Close", ("push button",)), preferences, app.pid, "\"Close\" (Preferences)", r)
    r.wait_for(lambda: h.app_window(app.app, "Preferences") is None, "the Preferences window closes")


def second_launch(env, *args):
    done = subprocess.run([h.BINARY, *args], env=env, stdin=subprocess.DEVNULL, capture_output=True, timeout=h.TIMEOUT)
    r.check(done.returncode == 0, f"`mayun {' '.join(args)}` while Mayun runs hands over and exits with status 0",
            f"status {done.returncode}: {done.stderr[-300:]!r}")


def scenario(state):
    env = h.state_env(state, "http://127.0.0.1:9")
    log = os.path.join(h.ARTIFACTS, f"{NAME}-app.log")
    entry = autostart_file(state)
    app = None
    try:
        r.step("1. the switch writes the autostart entry")
        app = h.App(r, env, log, "first launch").wait_window()
        r.check(not os.path.exists(entry), "no autostart entry while the switch is off (the default)")
        preferences = flip_switch(app)
        r.wait_for(lambda: os.path.exists(entry), "turning the switch on writes " + entry)
        with open(entry) as f:
            text = f.read()
        r.check("--background" in text and "\nExec=" in text, "the entry starts Mayun with --background", text)
        h.screenshot(f"{NAME}-1-preferences.png")
        close_preferences(app, preferences)

        r.step("2. closing the window leaves the process running")
        close = r.wait_for(lambda: h.find(h.header_bar(app.frame), "Close", ("push button",)),
                           "the window has its Close button")
        app.click(close, "the window's \"Close\"")
        r.wait_for(lambda: h.x_main_window(app.pid) is None, "the window closes")
        r.check(app.alive() and owns_bus_name(), "the process is still running, holding its bus name")

        r.step("3. a second launch shows a new window in the same process")
        second_launch(env)
        app.wait_window()
        h.screenshot(f"{NAME}-3-reopened.png")

        r.step("4. Ctrl+Q still quits")
        app.quit()

        r.step("5. --background shows no window until activated")
        app = h.App(r, env, log, "background launch", args=["--background"])
        r.wait_for(owns_bus_name, "the --background launch registers on the bus")
        r.check(app.alive() and h.x_main_window(app.pid) is None,
                "started with --background, Mayun runs with no window")
        second_launch(env)
        app.wait_window()

        r.step("6. off again: the entry goes, and a stale --background launch ends by itself")
        close_preferences(app, flip_switch(app))
        r.wait_for(lambda: not os.path.exists(entry), "turning the switch off removes the autostart entry")
        app.quit()
        stale = subprocess.run([h.BINARY, "--background"], env=env, stdin=subprocess.DEVNULL, capture_output=True,
                               timeout=h.TIMEOUT)
        r.check(stale.returncode == 0, "with the switch off, `mayun --background` ends by itself with status 0",
                f"status {stale.returncode}")
    except h.CheckFailed:
        if app is not None:
            h.keep_failure_evidence(r, app)
        raise
    finally:
        if app is not None:
            app.kill()


def main():
    return h.scenario_main(r, scenario)


if __name__ == "__main__":
    sys.exit(main())
