#!/usr/bin/python3
"""Idle wake-ups (issues 26 and 29): how often Mayun's threads wake while nothing happens.

Mayun runs logged in (MAYUN_TOKEN) against FakeGitee, on its own Xvfb and session bus, in two conditions:
  1. window open and idle (target: at most 1 wake-up per second)
  2. window closed, "Run in the background" on (`--background`, as the session starts it; target: at most 1 per
     minute)
Each condition waits until the process is settled (its CPU time unchanged for 3 s, at most 45 s after start), then
counts context switches over SECONDS (60 by default): voluntary + nonvoluntary of every thread
(/proc/PID/task/*/status), a thread that ended meanwhile counted up to its last reading. A context switch is a
wake-up of that thread (or a preemption); the threads that woke most are listed by name (/proc/PID/task/TID/comm),
which says which loop to look at (gmain: GLib's worker, pool-*: GIO's thread pool, the main thread: timers and
frame clock). Figures are printed with MET or MISSED, never asserted.

  /usr/bin/python3 bench/wakeups.py [--seconds 60] [--skip-build] [--mayun PATH]
  (make bench runs it after the other steps; --mayun .build/debug/mayun measures the debug build uninstalled)
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)
sys.path.insert(0, os.path.join(os.path.dirname(BENCH), "tests", "e2e"))
import startup  # noqa: E402  (build, start_xvfb, start_dbus, PREFIX, OUT)
import lists  # noqa: E402  (base_env, ensure_fake_gitee)
from fake_gitee import FakeGitee  # noqa: E402

TOKEN = "mayun-demo-token"


def threads(pid):
    """{tid: (name, context switches so far)} for every thread of pid now."""
    found = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except FileNotFoundError:
        return found
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/status") as f:
                fields = dict(line.split(":", 1) for line in f if ":" in line)
            with open(f"/proc/{pid}/task/{tid}/comm") as f:
                name = f.read().strip()
            switches = int(fields["voluntary_ctxt_switches"]) + int(fields["nonvoluntary_ctxt_switches"])
            found[int(tid)] = (name, switches)
        except (FileNotFoundError, ProcessLookupError, KeyError, ValueError):
            continue
    return found


def cpu_ticks(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def settle(proc, quiet=3.0, limit=45.0):
    """Waits until the process's CPU time has not moved for `quiet` seconds (start-up, first poll done)."""
    deadline = time.monotonic() + limit
    last, since = cpu_ticks(proc.pid), time.monotonic()
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            sys.exit(f"bench: mayun exited while settling (status {proc.returncode})")
        time.sleep(0.5)
        now = cpu_ticks(proc.pid)
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return True
    return False


def measure(proc, seconds):
    """Context switches of every thread over `seconds`: (total, [(name, tid, count)] busiest first)."""
    before = threads(proc.pid)
    last = dict(before)
    end = time.monotonic() + seconds
    while time.monotonic() < end:  # read every second so a thread that ends meanwhile still counts
        time.sleep(min(1.0, max(0.0, end - time.monotonic())))
        last.update(threads(proc.pid))
    per_thread = []
    for tid, (name, count) in last.items():
        start = before.get(tid, (name, 0))[1]
        if count - start > 0:
            per_thread.append((name, tid, count - start))
    per_thread.sort(key=lambda item: -item[2])
    return sum(item[2] for item in per_thread), per_thread


def run_condition(label, argv, env, seconds, target_per_second, unit):
    proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=open(os.path.join(startup.OUT, "wakeups-mayun.log"), "a"))
    try:
        settled = settle(proc)
        total, per_thread = measure(proc, seconds)
        if proc.poll() is not None:
            sys.exit(f"bench: mayun exited during the measurement ({label})")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    rate = total / seconds
    scale = 60 if unit == "min" else 1
    target = target_per_second * scale
    verdict = "MET" if rate * scale <= target else "MISSED"
    print(f"{label:34} {total:6d} switches in {seconds} s = {rate * scale:7.2f}/{unit}  "
          f"(target <= {target:g}/{unit})  {verdict}{'' if settled else '  (never settled: still busy)'}")
    busiest = ", ".join(f"{name}[{tid}] {count}" for name, tid, count in per_thread[:6]) or "none"
    print(f"{'':34} threads that woke: {busiest}")
    # libdispatch's own threads ("com.apple.root.*-qos[.overcommit]", cut to 15 characters by comm): on Linux its
    # internal workqueue monitor is a 1 s timer on the manager queue, armed for good once any dispatch worker thread
    # has run (swift-corelibs-libdispatch src/event/workqueue.c, _dispatch_workq_init_once). Shown apart, so what
    # Mayun's own loops do is visible beside it.
    dispatch = sum(count for name, _, count in per_thread if "qos" in name or name.startswith("com.apple"))
    own = total - dispatch
    print(f"{'':34} of which libdispatch threads {dispatch}; the rest (main loop, GLib, GIO, Swift tasks) "
          f"{own} = {own / seconds * scale:.2f}/{unit}")
    return rate, verdict


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=int, default=60)
    ap.add_argument("--skip-build", action="store_true", help="reuse the installed release build if present")
    ap.add_argument("--mayun", help="the program to measure (default: the bench's installed release build)")
    args = ap.parse_args()

    if args.mayun:
        mayun = os.path.abspath(args.mayun)
    else:
        startup.build(args.skip_build)
        mayun = os.path.join(startup.PREFIX, "bin", "mayun")
    os.makedirs(startup.OUT, exist_ok=True)
    fake = lists.ensure_fake_gitee()
    xvfb, display = startup.start_xvfb()
    dbus, bus = startup.start_dbus()
    state = tempfile.mkdtemp(prefix="wakeups.", dir=startup.OUT)
    server = FakeGitee(fake, os.path.join(startup.OUT, "wakeups-fake-gitee.log"))
    try:
        env = dict(lists.base_env(display, bus, state, server.url), MAYUN_TOKEN=TOKEN, NO_AT_BRIDGE="1")
        print(f"\nwakeups: context switches of all of Mayun's threads (/proc/PID/task/*/status, voluntary + "
              f"nonvoluntary) over {args.seconds} s after start-up settled; {os.path.basename(mayun)} = {mayun}")
        run_condition("window open, idle", [mayun], env, args.seconds, 1.0, "s")
        # Run in the background on (GLib's keyfile backend, as GSettingsPreferences stores it), started hidden.
        settings = os.path.join(state, "config", "mayun", "settings.ini")
        os.makedirs(os.path.dirname(settings), mode=0o700, exist_ok=True)
        with open(settings, "w") as f:
            f.write("[mayun]\nrun-in-background=true\n")
        run_condition("window closed, background on", [mayun, "--background"], env, args.seconds, 1.0 / 60, "min")
    finally:
        startup.stop_session(xvfb, dbus, servers=[server], states=[state])


if __name__ == "__main__":
    main()
