#!/usr/bin/python3
"""Scroll benchmark (issue 14): Mayun's Popular list scrolled paced by rows, beside a bare C GtkListView floor.

Each case runs the floor (bench/listfloor.c: a GtkListView of 10,000+ rows with Mayun's row content, a 40 px avatar
texture, name, owner/name, a one-line description, language, counts, last push; no network) and Mayun (the installed
release build against FakeGitee with --projects 12000 --latency 150, a fresh state folder so every avatar is
downloaded), interleaved: floor, mayun, floor, mayun... Both are driven by the same environment variable,
MAYUN_BENCH_SCROLL="rows=N rate=R list=1 rss_at=5000 width=W height=H", and the same pacing logic (Mayun's
Sources/MayunBenchProbes/ScrollBenchmarkProbe.swift, mirrored in listfloor.c): each frame clock tick the probe finds the
bound row widgets' positions and moves the scrolled window's adjustment so the top of the viewport is exactly at
`rate` rows a second since the start; waiting at the end of the loaded rows (the "loading more" row) pauses the
target instead of jumping when the page comes. Speeds are in screens a second of --rows-per-screen (8.3, a ~650 px
list of ~78 px rows): 3 screens/s = 24.9 rows/s, the fling 10 screens/s = 83 rows/s, for both programs.

Cases: 3 screens/s through --rows rows (default 10,000) at 1100x760; the fling (--fling-rows, 2,000); 3 screens/s at
360x760, the phone width (--narrow-rows, 2,000). Printed per program:
- achieved rows/s (rows scrolled / time) and rows per screen (viewport height / mean visible row height);
- frame interval (after-paint to after-paint) and frame work (the frame clock's before-paint, which opens the update
  phase, to the end of the paint: after-paint), p50/p95/p99 in ms, only while scrolling;
- loading row share: time the list's footer row was on screen while a page was loading / scroll time;
- RSS after --rss-at rows (5,000; /proc/self/statm when the top row passes it), at the end, and peak (wait4);
- rows bound (binds - unbinds of the list item factory, median and max over frames), rows allocated (bound row
  widgets GTK positioned near the viewport, child-visible), binds per row scrolled;
- avatars shown: share of (visible row, frame) pairs whose avatar is a picture rather than the placeholder icon.
Targets (issue 14), printed beside the 3 screens/s figures, never asserted: interval p95 < 16.7 ms and p99 < 25 ms,
loading row 0 %, RSS after 5,000 rows < 2x the floor's.

Uses bench/startup.py's build (release build installed into .build/bench/prefix), Xvfb, D-Bus and GSK_RENDERER=cairo
like the other benchmarks, and bench/lists.py's helpers. At the defaults it takes about 15 minutes (10,000 rows at
24.9 rows/s is 400 s per program).

  make bench    or    /usr/bin/python3 bench/scroll.py [--rows N] [--fling-rows N] [--narrow-rows N] [--runs N]
                                                       [--only main,fling,narrow] [--skip-build]
"""

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)
import startup  # noqa: E402  (build, start_xvfb, start_dbus, PREFIX, OUT)
import lists  # noqa: E402  (run_probe, base_env, ensure_fake_gitee, CLOSED_PORT)
from fake_gitee import FakeGitee  # noqa: E402  (tests/e2e, put on the path by lists)

LIST_FLOOR = os.path.join(startup.OUT, "listfloor")
POPULAR = 1


def build_floor():
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "gtk4"], check=True, capture_output=True,
                           text=True).stdout.split()
    subprocess.run(["gcc", "-O2", "-Wall", "-o", LIST_FLOOR, os.path.join(BENCH, "listfloor.c")] + flags + ["-lm"],
                   check=True)


def parse(line):
    return {k: float(v) for k, v in (f.split("=", 1) for f in line.split()[1:])}


def run(argv, env, spec, rows, rate):
    env = dict(env, MAYUN_BENCH_SCROLL=spec)
    line, _, peak = lists.run_probe(argv, env, "scroll ", 120 + 3 * rows / rate)
    figures = parse(line)
    figures["peak_mib"] = peak
    return figures


def median(runs, key):
    return statistics.median(r[key] for r in runs)


def fmt(x, digits=1):
    return f"{x:.{digits}f}"


ROWS = [  # (label, how to show one program's runs, target for Mayun or None)
    ("rows/s achieved", lambda r: fmt(median(r, "rate")), None),
    ("rows per screen", lambda r: fmt(median(r, "rows_per_screen")), None),
    ("frame interval p50 ms", lambda r: fmt(median(r, "interval_p50"), 2), None),
    ("frame interval p95 ms", lambda r: fmt(median(r, "interval_p95"), 2), ("interval_p95", "< 16.7", 16.7)),
    ("frame interval p99 ms", lambda r: fmt(median(r, "interval_p99"), 2), ("interval_p99", "< 25", 25.0)),
    ("frame work p50 ms", lambda r: fmt(median(r, "work_p50"), 2), None),
    ("frame work p95 ms", lambda r: fmt(median(r, "work_p95"), 2), None),
    ("frame work p99 ms", lambda r: fmt(median(r, "work_p99"), 2), None),
    ("loading row on screen %", lambda r: fmt(statistics.median(100 * x["loading_ms"] / max(x["total_ms"], 1)
                                                                   for x in r), 2), None),
    ("RSS after N rows MiB", lambda r: fmt(median(r, "rss_at_mib")), None),
    ("RSS at the end MiB", lambda r: fmt(median(r, "rss_end_mib")), None),
    ("peak RSS MiB", lambda r: fmt(median(r, "peak_mib")), None),
    ("rows bound median/max", lambda r: f"{median(r, 'bound_median'):.0f}/{median(r, 'bound_max'):.0f}", None),
    ("rows allocated median", lambda r: fmt(median(r, "allocated_median"), 0), None),
    ("binds per row scrolled", lambda r: fmt(statistics.median((x["binds"] - x["bound_max"]) / max(x["rows"], 1)
                                                                for x in r), 2), None),
    ("avatars shown %", lambda r: fmt(median(r, "avatars_pct")), None),
    ("frames", lambda r: fmt(median(r, "frames"), 0), None),
]
RATIO_KEYS = {"frame interval p50 ms": "interval_p50", "frame interval p95 ms": "interval_p95",
              "frame interval p99 ms": "interval_p99", "frame work p50 ms": "work_p50", "frame work p95 ms": "work_p95",
              "frame work p99 ms": "work_p99", "RSS after N rows MiB": "rss_at_mib", "peak RSS MiB": "peak_mib"}


def report(title, floor, mayun, with_targets, rss_at):
    print(f"\n{title}")
    print(f"{'':26} {'floor':>10} {'mayun':>10} {'mayun/floor':>12}   target (mayun)")
    for label, show, target in ROWS:
        key = RATIO_KEYS.get(label)
        ratio = ""
        if key and median(floor, key) > 0:
            ratio = f"{median(mayun, key) / median(floor, key):.2f}x"
        goal = ""
        if with_targets and target:
            value = median(mayun, target[0])
            goal = f"{target[1]} ({'met' if value < target[2] else 'missed'})"
        if with_targets and label.startswith("loading row"):
            share = statistics.median(100 * x["loading_ms"] / max(x["total_ms"], 1) for x in mayun)
            goal = f"0 % ({'met' if share == 0 else 'missed'})"
        if with_targets and label.startswith("RSS after") and median(floor, "rss_at_mib") > 0:
            r = median(mayun, "rss_at_mib") / median(floor, "rss_at_mib")
            goal = f"< 2x the floor ({'met' if r < 2 else 'missed'})"
        print(f"{label.replace('N rows', f'{rss_at} rows'):26} {show(floor):>10} {show(mayun):>10} {ratio:>12}   {goal}")
    print("raw: " + " | ".join(f"{name} rows={x['rows']:.0f} total_ms={x['total_ms']:.0f}"
                                for name, runs in (("floor", floor), ("mayun", mayun)) for x in runs))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=10_000, help="rows scrolled at 3 screens/s (default 10000)")
    ap.add_argument("--fling-rows", type=int, default=2_000, help="rows scrolled at 10 screens/s (0: skip)")
    ap.add_argument("--narrow-rows", type=int, default=2_000, help="rows scrolled at 360 px width (0: skip)")
    ap.add_argument("--rss-at", type=int, default=5_000)
    ap.add_argument("--rows-per-screen", type=float, default=8.3)
    ap.add_argument("--runs", type=int, default=1, help="runs of each program per case, interleaved")
    ap.add_argument("--only", default="main,fling,narrow")
    ap.add_argument("--skip-build", action="store_true", help="reuse the installed release build if present")
    args = ap.parse_args()
    args.rows, args.fling_rows, args.narrow_rows = (max(0, min(n, 100_000)) for n in
                                                    (args.rows, args.fling_rows, args.narrow_rows))

    startup.build(args.skip_build)
    build_floor()
    mayun = os.path.join(startup.PREFIX, "bin", "mayun")
    fake = lists.ensure_fake_gitee()
    cases = [("main", args.rows, 3, 1100), ("fling", args.fling_rows, 10, 1100), ("narrow", args.narrow_rows, 3, 360)]
    cases = [c for c in cases if c[0] in args.only.split(",") and c[1] > 0]

    xvfb, display = startup.start_xvfb()
    dbus, bus = startup.start_dbus()
    projects = max(12_000, max((c[1] for c in cases), default=0) + 2_000)
    server = FakeGitee(fake, os.path.join(startup.OUT, "scroll-fake-gitee.log"),
                       ["--projects", str(projects), "--latency", "150"])
    states = []
    try:
        for name, rows, screens, width in cases:
            rate = screens * args.rows_per_screen
            rss_at = min(args.rss_at, rows)
            spec = f"rows={rows} rate={rate:.2f} list={POPULAR} rss_at={rss_at} width={width} height=760"
            results = {"floor": [], "mayun": []}
            print(f"bench: scroll {name}: {spec} ({args.runs} run(s) each, about {2 * args.runs * rows / rate:.0f} s)",
                  flush=True)
            for _ in range(args.runs):
                state = tempfile.mkdtemp(prefix="scroll.", dir=startup.OUT)
                states.append(state)
                results["floor"].append(run([LIST_FLOOR], lists.base_env(display, bus, state, lists.CLOSED_PORT),
                                            spec, rows, rate))
                state = tempfile.mkdtemp(prefix="scroll.", dir=startup.OUT)  # fresh: no saved rows, no avatars
                states.append(state)
                results["mayun"].append(run([mayun], lists.base_env(display, bus, state, server.url), spec, rows,
                                            rate))
            title = (f"scroll: Popular at {screens} screens/s ({rate:.1f} rows/s) through {rows} rows, {width}x760, "
                     f"FakeGitee --projects {projects} --latency 150, Xvfb, GSK_RENDERER=cairo "
                     f"({os.cpu_count()} cores, shared; load average {os.getloadavg()[0]:.1f})")
            report(title, results["floor"], results["mayun"], name == "main", rss_at)
    finally:
        startup.stop_session(xvfb, dbus, servers=[server], states=states)


if __name__ == "__main__":
    main()
