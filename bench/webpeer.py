#!/usr/bin/python3
"""Against what people use instead (issue 29): Mayun's warm start beside a WebKitGTK 6.0 web view showing the same rows.

The cache is filled once against FakeGitee (as bench/lists.py does), then the server is stopped. The saved Featured
page is read from Mayun's offline store and written as one static HTML page with the same rows (avatar circle,
name, owner/name, one-line description, language, counts, last push; a header like Mayun's). Three programs run
interleaved under one Xvfb and D-Bus with GSK_RENDERER=cairo, after a warm-up run each:
- adw-floor: bench/adwfloor.c, time to its first frame (the floor of bench/startup.py);
- mayun: `MAYUN_BENCH_STARTUP_STEPS=rows`, time to its painted saved Featured rows (peak RSS from wait4; one process);
- webkit: bench/webpeer.c, time until the window has painted after the page's first animation frame; its peak RSS is
  the sum of VmHWM over its whole process tree (UI, web and network processes; each process's own peak, so the sum
  is at least the tree's peak at any one moment), read before it is stopped.
Targets (printed with MET or MISSED, never asserted): Mayun at least 3x faster to the rows and at least 2x leaner.

  /usr/bin/python3 bench/webpeer.py [--runs N] [--skip-build]
"""

import argparse
import html
import json
import os
import select
import signal
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)
import startup  # noqa: E402
import lists  # noqa: E402
from fake_gitee import FakeGitee  # noqa: E402  (lists put tests/e2e on the path)

PEER = os.path.join(startup.OUT, "webpeer")
SPEED_TARGET = 3.0
MEMORY_TARGET = 2.0


def build_peer():
    flags = subprocess.run(["pkg-config", "--cflags", "--libs", "webkitgtk-6.0"], capture_output=True, text=True)
    if flags.returncode != 0:
        sys.exit("bench: webkitgtk-6.0 is not installed (Debian 12: apt-get install libwebkitgtk-6.0-dev)")
    startup.sh(["gcc", "-O2", "-Wall", "-o", PEER, os.path.join(BENCH, "webpeer.c")] + flags.stdout.split())


def saved_featured(state):
    """The saved Featured projects (the API's JSON) from Mayun's offline store."""
    for root, _, files in os.walk(os.path.join(state, "cache")):
        if "store.sqlite" in files:
            with sqlite3.connect(f"file:{os.path.join(root, 'store.sqlite')}?mode=ro", uri=True) as db:
                for key, body in db.execute("SELECT key, body FROM entries"):
                    if "featured" in key:
                        value = json.loads(body)
                        return value if isinstance(value, list) else value.get("items", value.get("data", []))
    raise RuntimeError("no saved Featured page in the offline store")


def compact(n):
    n = int(n or 0)
    return f"{n / 1000:.1f}k" if n >= 1000 else str(n)


def page(projects):
    rows = []
    for p in projects:
        rows.append(
            '<li><span class="avatar"></span><div class="text">'
            f'<div class="name">{html.escape(p.get("name") or "")}</div>'
            f'<div class="full">{html.escape(p.get("full_name") or "")}</div>'
            f'<div class="desc">{html.escape((p.get("description") or "No description").strip())}</div>'
            f'<div class="meta">{html.escape(p.get("language") or "Unknown")} · ★ {compact(p.get("stargazers_count"))}'
            f' · {compact(p.get("forks_count"))} forks · {compact(p.get("watchers_count"))} watching'
            f' · Updated {html.escape((p.get("pushed_at") or p.get("updated_at") or "")[:10])}</div>'
            f'</div></li>')
    return ("<!DOCTYPE html><html><head><meta charset='utf-8'><style>"
            "body{margin:0;font:15px Cantarell,sans-serif;background:#fafafa;color:#222}"
            "header{height:47px;display:flex;align-items:center;justify-content:center;gap:24px;"
            "border-bottom:1px solid #ddd;background:#ebebeb;font-weight:bold}"
            "ul{list-style:none;margin:0;padding:0 12px}li{display:flex;gap:12px;padding:8px 0;border-bottom:1px solid #eee}"
            ".avatar{width:40px;height:40px;border-radius:50%;background:#8ab;flex:none}.text{min-width:0;flex:1}"
            ".name{font-weight:bold}.full,.meta{color:#777;font-size:13px}"
            ".desc{white-space:nowrap;overflow:hidden;text-overflow:ellipsis}"
            "</style></head><body><header><span>Projects</span><span>Discover</span><span>Mine</span></header>"
            f"<ul>{''.join(rows)}</ul>"
            "<script>addEventListener('load',()=>requestAnimationFrame(()=>requestAnimationFrame("
            "()=>webkit.messageHandlers.rows.postMessage(1))))</script></body></html>")


def tree_peak_rss(pid):
    """Sum of VmHWM (MiB) over pid and all its descendants."""
    total = 0
    pending = [pid]
    while pending:
        p = pending.pop()
        try:
            with open(f"/proc/{p}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        total += int(line.split()[1])
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as f:
                    pending += [int(c) for c in f.read().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    return total / 1024.0


def run_peer(argv, env, timeout=60):
    """exec -> `first-rows` in ms and the process tree's peak RSS; the tree is stopped afterwards."""
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, start_new_session=True)
    stamp = None
    buf = b""
    deadline = t0 + timeout
    while stamp is None:
        ready, _, _ = select.select([proc.stdout], [], [], max(0.0, deadline - time.monotonic()))
        if not ready:
            break
        chunk = os.read(proc.stdout.fileno(), 4096)
        if not chunk:
            break
        buf += chunk
        for line in buf.decode(errors="replace").splitlines():
            if line.startswith("first-rows "):
                stamp = int(line.split()[1]) / 1e6
    mib = tree_peak_rss(proc.pid)
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    proc.stdout.close()
    if stamp is None:
        raise RuntimeError(f"webpeer printed no first-rows line: {buf[-300:]!r}")
    return (stamp - t0) * 1000.0, mib


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--skip-build", action="store_true", help="reuse the installed release build if present")
    ap.add_argument("--prefix", default=startup.PREFIX, help="the installed Mayun to measure (default: the bench's)")
    args = ap.parse_args()

    startup.build(args.skip_build)
    build_peer()
    mayun = os.path.join(args.prefix, "bin", "mayun")
    fake = lists.ensure_fake_gitee()
    xvfb, display = startup.start_xvfb()
    dbus, bus = startup.start_dbus()
    state = tempfile.mkdtemp(prefix="webpeer.", dir=startup.OUT)
    try:
        warm = FakeGitee(fake, os.path.join(startup.OUT, "webpeer-fake-gitee.log"))
        try:
            lists.warm_cache(mayun, lists.base_env(display, bus, state, warm.url), state)
        finally:
            warm.stop()
        projects = saved_featured(state)
        page_path = os.path.join(state, "featured.html")
        with open(page_path, "w") as f:
            f.write(page(projects))
        env = lists.base_env(display, bus, state, warm.url)
        programs = {
            "adw-floor": lambda: lists.run_probe([startup.ADW_FLOOR], env, "first-frame", 60)[1:],
            "mayun": lambda: lists.run_probe([mayun], dict(env, MAYUN_BENCH_STARTUP_STEPS="rows"), "first-rows",
                                             60)[1:],
            "webkit": lambda: run_peer([PEER, page_path], env),
        }
        for run in programs.values():  # warm-up
            run()
        ms = {name: [] for name in programs}
        rss = {name: [] for name in programs}
        for _ in range(args.runs):
            for name, run in programs.items():
                t, mib = run()
                ms[name].append(t)
                rss[name].append(mib)
        print(f"\nwebpeer: exec -> the {len(projects)} saved Featured rows painted (server stopped), {args.runs} runs "
              f"each, Xvfb, GSK_RENDERER=cairo ({os.cpu_count()} cores, shared)")
        print(f"{'program':10} {'median':>9} {'min':>9} {'max':>9} {'peak RSS':>10}")
        for name in programs:
            print(f"{name:10} {statistics.median(ms[name]):7.1f}ms {min(ms[name]):7.1f}ms {max(ms[name]):7.1f}ms "
                  f"{statistics.median(rss[name]):7.1f}MiB")
        speed = statistics.median(ms["webkit"]) / statistics.median(ms["mayun"])
        lean = statistics.median(rss["webkit"]) / statistics.median(rss["mayun"])
        print(f"webkit / mayun, time to the rows: {speed:.2f}x faster (target: at least {SPEED_TARGET}x): "
              f"{'MET' if speed >= SPEED_TARGET else 'MISSED'}")
        print(f"webkit (whole tree) / mayun, peak RSS: {lean:.2f}x leaner (target: at least {MEMORY_TARGET}x): "
              f"{'MET' if lean >= MEMORY_TARGET else 'MISSED'}")
        print(f"mayun rows / adw-floor first frame: {statistics.median(ms['mayun']) / statistics.median(ms['adw-floor']):.2f}x")
        print("runs (ms): " + "; ".join(f"{n}: " + " ".join(f"{x:.0f}" for x in ms[n]) for n in programs))
    finally:
        startup.stop_session(xvfb, dbus, states=[state])


if __name__ == "__main__":
    main()
