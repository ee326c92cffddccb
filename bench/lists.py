#!/usr/bin/python3
"""List benchmark (issue 4): warm start to painted Featured rows beside the startup floor.

1. Warm start: the cache is filled once against FakeGitee (the app runs until Featured's first page is in its
   offline store), then Mayun starts with `MAYUN_BENCH_STARTUP_STEPS=rows`, which prints its start-up steps
   (`step <name> <monotonic µs>`, as in bench/startup.py, up to `saved-rows`) and `first-rows <monotonic µs>` once
   the saved Featured rows are painted, and exits; a step table per server condition follows the summary. Two
   server conditions: stopped (a closed loopback port) and slow (FakeGitee holding every answer 10 s). Beside it,
   the floor (bench/adwfloor.c, issue 29: the smallest libadwaita application shaped like Mayun's first screen, see
   bench/startup.py; time to its first frame), interleaved in the same run: floor, stopped, slow, floor, ...
   Target: Mayun's rows within 1.4x of the floor's first frame (printed with MET or MISSED).
The scroll benchmark (issue 14) is bench/scroll.py.

Figures are printed, never asserted. Uses bench/startup.py's build (release build installed with meson into
.build/bench/prefix), Xvfb and D-Bus helpers.

`--before PREFIX` also runs an older installed build in the same conditions, interleaved (floor, mayun, before, ...),
for a before/after comparison from one session.

  make bench     or   /usr/bin/python3 bench/lists.py [--runs N] [--skip-build] [--before PREFIX]
"""

import argparse
import os
import select
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)
sys.path.insert(0, os.path.join(os.path.dirname(BENCH), "tests", "e2e"))
import startup  # noqa: E402  (build, start_xvfb, start_dbus, PREFIX, FLOOR, OUT)
from fake_gitee import FakeGitee  # noqa: E402

REPO = startup.REPO
FAKE_GITEE = os.environ.get("MAYUN_E2E_FAKE_GITEE", os.path.join(REPO, ".build", "debug", "fake-gitee"))
CLOSED_PORT = "http://127.0.0.1:9"


def ensure_fake_gitee():
    """FakeGitee from the debug build, brought up to date (incremental) unless MAYUN_E2E_FAKE_GITEE names one."""
    if "MAYUN_E2E_FAKE_GITEE" in os.environ:
        return FAKE_GITEE
    print("bench: swift build --product fake-gitee", flush=True)
    env = dict(os.environ, PATH="/opt/swift/usr/bin:" + os.environ.get("PATH", ""))
    subprocess.run(["swift", "build", "--product", "fake-gitee"], cwd=REPO, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return FAKE_GITEE


def run_probe(argv, env, marker, timeout, steps=None, cpu=None, shown=None):
    """Runs argv until it prints a line starting with marker; returns (the line, seconds from exec to the line's
    first field when it is a monotonic µs stamp, peak RSS MiB). The run's `step` stamps are appended to `steps`
    (see startup.parse_steps) and its CPU time (user + system, ms) to `cpu` when given."""
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    line = None
    buf = b""
    deadline = t0 + timeout
    while line is None:
        ready, _, _ = select.select([proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            startup.kill_unreaped(proc)
            break
        chunk = os.read(proc.stdout.fileno(), 4096)
        if not chunk:
            break
        buf += chunk
        for text in buf.decode(errors="replace").splitlines():
            if text.startswith(marker):
                line = text
                break
    if line is None:
        # Not `proc.poll()` or `proc.kill()` (which polls): either would reap an exited child, and the wait4 below,
        # which reads its CPU time, would fail with ECHILD.
        startup.kill_unreaped(proc)
    _, status, usage = os.wait4(proc.pid, 0)
    # Popen must know its child is reaped: one that does not is polled by the next Popen's cleanup, and once PIDs wrap
    # (pid_max 32768 here, with builds running) that waitpid can reap a new child of ours (ECHILD at its wait4).
    proc.returncode = os.waitstatus_to_exitcode(status)
    proc.stdout.close()
    if line is None:
        raise RuntimeError(f"{argv[0]} printed no {marker!r} line within {timeout:.0f} s "
                           f"(exit {os.waitstatus_to_exitcode(status)}): {buf[-300:]!r}")
    if steps is not None:
        steps.append(startup.parse_steps(buf.decode(errors="replace"), t0))
    if cpu is not None:
        cpu.append((usage.ru_utime + usage.ru_stime) * 1000.0)
    if shown is not None:
        shown.append(next((text for text in buf.decode(errors="replace").splitlines()
                           if text.startswith("saved-rows-shown ")), None))
    ms = None
    parts = line.split()
    if len(parts) == 2 and parts[1].isdigit():
        ms = (int(parts[1]) / 1e6 - t0) * 1000.0
    return line, ms, usage.ru_maxrss / 1024.0


def base_env(display, bus, state, server):
    env = {k: v for k, v in os.environ.items()
           if k not in ("WAYLAND_DISPLAY", "NO_AT_BRIDGE", "GTK_A11Y", "LC_ALL", "LANGUAGE",
                        "MAYUN_BENCH_FIRST_FRAME", "MAYUN_BENCH_FIRST_ROWS", "MAYUN_BENCH_SCROLL",
                        "MAYUN_BENCH_STARTUP_STEPS")}
    for d in ("config", "cache", "data", "runtime"):
        os.makedirs(os.path.join(state, d), mode=0o700, exist_ok=True)
    env.update(DISPLAY=display, DBUS_SESSION_BUS_ADDRESS=bus, GSK_RENDERER="cairo", LANG="C.UTF-8",
               XDG_CONFIG_HOME=os.path.join(state, "config"), XDG_CACHE_HOME=os.path.join(state, "cache"),
               XDG_DATA_HOME=os.path.join(state, "data"), XDG_RUNTIME_DIR=os.path.join(state, "runtime"),
               XDG_DATA_DIRS=os.path.join(startup.PREFIX, "share") + ":/usr/share", GSETTINGS_BACKEND="memory",
               MAYUN_SERVER=server)
    return env


def saved_keys(state):
    keys = []
    for root, _, files in os.walk(os.path.join(state, "cache")):
        for name in files:
            if name == "store.sqlite":
                try:
                    with sqlite3.connect(f"file:{os.path.join(root, name)}?mode=ro", uri=True, timeout=1) as db:
                        keys += [k for (k,) in db.execute("SELECT key FROM entries")]
                except sqlite3.Error:
                    pass
    return keys


def warm_cache(mayun, env, state, timeout=60):
    """Runs the app against the server until Featured's first page is in the offline store, then stops it."""
    proc = subprocess.Popen([mayun], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            keys = [k for k in saved_keys(state) if "featured" in k]
            if keys:
                return keys
            if proc.poll() is not None:
                break
            time.sleep(0.2)
        raise RuntimeError(f"the Featured list was not saved within {timeout} s (keys: {saved_keys(state)})")
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--skip-build", action="store_true", help="reuse the installed release build if present")
    ap.add_argument("--prefix", default=startup.PREFIX, help="the installed Mayun to measure (default: the bench's)")
    ap.add_argument("--before", metavar="PREFIX", help="also run the mayun installed in PREFIX, interleaved")
    args = ap.parse_args()

    startup.build(args.skip_build)
    mayun = os.path.join(args.prefix, "bin", "mayun")
    fake = ensure_fake_gitee()

    xvfb, display = startup.start_xvfb()
    dbus, bus = startup.start_dbus()
    state = tempfile.mkdtemp(prefix="lists.", dir=startup.OUT)
    servers = []
    try:
        # 1. Warm start to painted Featured rows. The saved copy is read for the server it came from, so the slow
        # and stopped conditions use the warming server's own address: first with 10 s latency set through its
        # control API, then with the server stopped (its port closed).
        warm = FakeGitee(fake, os.path.join(startup.OUT, "lists-fake-gitee.log"))
        servers.append(warm)
        keys = warm_cache(mayun, base_env(display, bus, state, warm.url), state)
        print(f"bench: cache warmed against FakeGitee ({', '.join(keys)})", flush=True)
        floor_env = base_env(display, bus, state, CLOSED_PORT)
        rows_env = dict(base_env(display, bus, state, warm.url), MAYUN_BENCH_STARTUP_STEPS="rows")
        programs = [("floor", [startup.ADW_FLOOR], floor_env, "first-frame"), ("mayun", [mayun], rows_env, "first-rows")]
        keys = ["floor", "slow", "stopped"]
        if args.before:
            programs.append(("before", [os.path.join(args.before, "bin", "mayun")], rows_env, "first-rows"))
            keys += ["before slow", "before stopped"]
        results = {key: [] for key in keys}
        rss = {key: [] for key in keys}
        phase_floor = {}  # the floor runs interleaved with each condition
        steps = {key: [] for key in keys if key != "floor"}
        floor_steps = {"slow": [], "stopped": []}
        cpu = {key: [] for key in keys}
        shown = {}  # per run: the `saved-rows-shown rows=N filled=0|1` line's fields (mayun's runs)
        for phase in ("slow", "stopped"):
            if phase == "slow":
                urllib.request.urlopen(urllib.request.Request(warm.url + "/__fake/latency", data=b"ms=10000"),
                                       timeout=10).read()
            else:
                warm.stop()
                servers.remove(warm)
            for name, argv, env, marker in programs:  # warm-up: page cache, fontconfig, the a11y bus
                run_probe(argv, env, marker, 60)
            for _ in range(args.runs):
                for name, argv, env, marker in programs:
                    key = {"floor": "floor", "mayun": phase}.get(name, f"before {phase}")
                    _, ms, mib = run_probe(argv, env, marker, 60, cpu=cpu[key],
                                           steps=floor_steps[phase] if name == "floor" else steps[key],
                                           shown=shown.setdefault(key, []))
                    results[key].append(ms)
                    rss[key].append(mib)
                    if name == "floor":
                        phase_floor.setdefault(phase, []).append(ms)
        floor = statistics.median(results["floor"])
        print(f"\nlists: exec -> first painted Featured rows from the cache (warm cache), {args.runs} runs each, "
              f"Xvfb, GSK_RENDERER=cairo ({os.cpu_count()} cores, shared)")
        print(f"{'program':34} {'median':>9} {'min':>9} {'max':>9} {'peak RSS':>10} {'CPU time':>10}")
        labels = {"floor": "adw-floor (first frame, adwfloor.c)", "slow": "mayun rows, server slow (10 s)",
                  "stopped": "mayun rows, server stopped", "before slow": "before: rows, server slow (10 s)",
                  "before stopped": "before: rows, server stopped"}
        for key in keys:
            xs = results[key]
            print(f"{labels[key]:34} {statistics.median(xs):7.1f}ms {min(xs):7.1f}ms {max(xs):7.1f}ms "
                  f"{statistics.median(rss[key]):7.1f}MiB {statistics.median(cpu[key]):8.1f}ms")
        for key in keys[1:]:
            ratio = statistics.median(results[key]) / floor
            own = statistics.median(phase_floor[key.split()[-1]])
            print(f"ratio {labels[key]} / adw-floor (medians): {ratio:.2f}x against all floor runs, "
                  f"{startup.verdict(statistics.median(results[key]) / own, startup.SAVED_ROWS_TARGET)} against "
                  f"the {own:.0f} ms floor runs interleaved with it")
        for key in keys[1:]:
            fields = [dict(f.split("=", 1) for f in line.split()[1:]) for line in shown.get(key, []) if line]
            if fields:
                print(f"{labels[key]}: rows in the painted frame {sorted({int(f['rows']) for f in fields})}, "
                      f"the view filled by them in {sum(f['filled'] == '1' for f in fields)} of {len(fields)} runs")
        print("runs (ms): " + "; ".join(f"{k}: " + " ".join(f"{x:.0f}" for x in results[k]) for k in results))
        for key in keys[1:]:
            own = statistics.median(phase_floor[key.split()[-1]])
            rows = statistics.median(results[key])
            startup.step_table(steps[key], [("adw-floor", floor_steps[key.split()[-1]])],
                               f"warm start steps, {labels[key]} (MAYUN_BENCH_STARTUP_STEPS=rows), medians of "
                               f"{args.runs} runs: saved rows {rows:.1f} ms, floor first frame {own:.1f} ms, "
                               f"{rows / own:.2f}x (target {startup.SAVED_ROWS_TARGET}x)")

    finally:
        startup.stop_session(xvfb, dbus, servers=servers, states=[state])


if __name__ == "__main__":
    main()
