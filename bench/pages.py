#!/usr/bin/python3
"""Page benchmark (issue 29): each new page opened against FakeGitee on loopback, and 50 READMEs for memory.

FakeGitee (the debug build's fake-gitee) is seeded through its bench-only control route `POST /__fake/bench-pages`
(Sources/FakeGitee/Server/Routes+BenchPages.swift; the end-to-end tests never call it): in one project an issue with
1,000 comments, a pull request whose Files changed holds 10,000 lines in 300 files, and 500 notifications for the
demo account. Mayun (the installed release build, logged in through MAYUN_TOKEN, a fresh state folder each run)
starts with MAYUN_BENCH_PAGE set (Sources/MayunBenchProbes/PageBenchmarkProbe.swift): two seconds after its first frame
the probe opens the page the way a click does and prints one `page key=value ...` line:
- first screen: the click to the first painted frame showing the page's content (the pull request: its Files changed
  tab with diff rows); target < 200 ms;
- longest main-thread stall (a 1 ms high-priority timer's longest gap) from the click to one second after the first
  screen; target < 50 ms;
- for the 1,000-comment issue, the 10,000-line diff and the 500 notifications: everything loaded ("Load more
  comments" pressed until it is gone), then the page's scroller moved each frame at 3 screens a second from the top
  to the end: frame interval (after-paint to after-paint) p50/p95/p99; target p99 < 25 ms; with the stall meanwhile.
- memory: 50 READMEs with images opened one after another, each left 1.5 s for its images and gone back from; RSS
  after the first and after the fiftieth; target: the last within 1.5x of the first.
- account switch (issue 26's accounts; Sources/MayunBenchProbes/AccountSwitchBenchmarkProbe.swift): FakeGitee knows two
  people (mayun-demo and mayun-second, `--accounts`); Mayun starts as mayun-demo (MAYUN_TOKEN) under a throwaway
  keyring (tests/keyring/start-keyring.sh), opens the project's releases page, adds mayun-second as Add Account does,
  then clicks in the header's account switcher: first mayun-demo's row, then mayun-second's (its token read back
  from the keyring). First screen: the click to the first painted frame of the rebuilt window with the releases page
  out of its loading status; stall as above, the longest of both switches. Targets as for the other pages.

- latency (issue 41; bench/page_latency.py): the project page with its README, an issue with comments, a pull
  request, notifications and a user page against a FakeGitee of their own answering after 20 ms and then 320 ms:
  click to first screen and to complete (every part drawn), round trips on the critical path ((320 - 20 ms) / 0.30 s),
  requests made and in flight at most (FakeGitee's log); a table, cold, as the project's owner.

Figures are printed beside their targets with MET or MISSED, never asserted. Uses bench/startup.py's build (release
build installed with meson into .build/bench/prefix), Xvfb, D-Bus and GSK_RENDERER=cairo like the other benchmarks.

  /usr/bin/python3 bench/pages.py [--runs N] [--only issue,pull,notifications,releases,readmes,accounts,latency]
      [--skip-build] [--prefix PREFIX] [--latency-runs N]
"""

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import urllib.request

BENCH = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, BENCH)
import startup  # noqa: E402  (build, start_xvfb, start_dbus, PREFIX, OUT)
import lists  # noqa: E402  (run_probe, base_env, ensure_fake_gitee)
from fake_gitee import FakeGitee  # noqa: E402  (tests/e2e, put on the path by lists)
import page_latency  # noqa: E402

FIRST_SCREEN_TARGET_MS = 200.0
STALL_TARGET_MS = 50.0
SCROLL_P99_TARGET_MS = 25.0
MEMORY_TARGET = 1.5
CASES = {
    # name: (label, probe fields, scrolled)
    "issue": ("issue, 1,000 comments", "route=issue repo={repo} number={issue}", True),
    "pull": ("pull request, 10,000-line diff", "route=pull repo={repo} number={pull}", True),
    "notifications": ("notifications, 500", "route=notifications", True),
    "releases": ("releases and downloads", "route=releases repo={repo}", False),
    "readmes": ("50 READMEs, back each time", "route=readmes repos={readmes}", False),
    "accounts": ("account switch, releases page reloaded", "route=accounts token={second_token} repo={repo}", False),
}
# The second person of the account switch (the first is FakeGitee's default mayun-demo, MAYUN_TOKEN's account).
ACCOUNTS_FIXTURE = {"accounts": [
    {"login": "mayun-demo", "email": "demo@mayun.test", "password": "mayun-demo-password", "tokens": ["mayun-demo-token"]},
    {"login": "mayun-second", "email": "second@mayun.test", "password": "mayun-second-password",
     "tokens": ["mayun-second-token"]}]}
KEYRING = os.path.join(os.path.dirname(BENCH), "tests", "keyring", "start-keyring.sh")


def parse(line):
    return dict(field.split("=", 1) for field in line.split()[1:] if "=" in field)


def verdict(value, target):
    return "MET" if value < target else "MISSED"


def spread(values, unit="ms", digits=1):
    return (f"median {statistics.median(values):7.{digits}f} {unit}  min {min(values):7.{digits}f}  "
            f"max {max(values):7.{digits}f}  ({len(values)} runs)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--only", default=",".join([*CASES, "latency"]),
                    help="comma-separated cases: " + ", ".join([*CASES, "latency"]))
    ap.add_argument("--latency-runs", type=int, default=3, help="runs of each page at each latency (latency case)")
    ap.add_argument("--skip-build", action="store_true", help="reuse the installed release build if present")
    ap.add_argument("--prefix", default=startup.PREFIX, help="the installed Mayun to measure (default: the bench's, "
                    "built unless --skip-build finds it; another prefix is measured as it is)")
    args = ap.parse_args()
    wanted = [name for name in args.only.split(",") if name in CASES]
    latency = "latency" in args.only.split(",")

    os.makedirs(startup.OUT, exist_ok=True)
    if os.path.abspath(args.prefix) == os.path.abspath(startup.PREFIX):
        startup.build(args.skip_build)
    mayun = os.path.join(args.prefix, "bin", "mayun")
    fake = lists.ensure_fake_gitee()
    xvfb, display = startup.start_xvfb()
    dbus, bus = startup.start_dbus()
    fixture = os.path.join(startup.OUT, "pages-accounts.json")
    with open(fixture, "w") as f:
        json.dump(ACCOUNTS_FIXTURE, f)
    server = FakeGitee(fake, os.path.join(startup.OUT, "pages-fake-gitee.log"), ["--accounts", fixture])
    servers = [server]
    states = []
    try:
        if latency:
            # A FakeGitee of its own: the bench-pages seed's 1,000 comments would measure parsing, not round trips.
            servers.append(FakeGitee(fake, os.path.join(startup.OUT, "latency-fake-gitee.log"), ["--latency", "20"]))
            latency_results = page_latency.measure(servers[-1], mayun, args.prefix, display, bus, args.latency_runs,
                                                   states)
        if not wanted:
            return page_latency.table(latency_results, args.latency_runs)
        seeded = json.loads(urllib.request.urlopen(
            urllib.request.Request(server.url + "/__fake/bench-pages", data=b""), timeout=60).read())
        fields = dict(repo=seeded["repo"], issue=seeded["issue"], pull=seeded["pull"],
                      readmes=",".join(seeded["readmes"]), second_token="mayun-second-token")
        print(f"bench: FakeGitee seeded: {seeded['repo']} issue {seeded['issue']}, pull request !{seeded['pull']}, "
              f"{len(seeded['readmes'])} READMEs", flush=True)
        results = {}
        for name in wanted:
            label, template, scrolled = CASES[name]
            spec = template.format(**fields) + (" scroll=1 rate=3 max_seconds=120" if scrolled else "")
            runs = []
            for index in range(args.runs + 1):  # the first is a warm-up (page cache, fontconfig)
                state = tempfile.mkdtemp(prefix="pages.", dir=startup.OUT)
                states.append(state)
                env = dict(lists.base_env(display, bus, state, server.url), MAYUN_BENCH_PAGE=spec,
                           MAYUN_TOKEN="mayun-demo-token")
                # The account switch reads the stored account's token back from a keyring: a throwaway one, on a bus
                # of its own (the earlier cases' runs read the keyring too, which D-Bus-activates gnome-keyring on the
                # shared bus, and start-keyring.sh refuses a bus that has a Secret Service already).
                argv = ["dbus-run-session", "--", KEYRING, mayun] if name == "accounts" else [mayun]
                line, _, peak = lists.run_probe(argv, env, "page ", 600)
                values = parse(line)
                if "error" in values:
                    raise RuntimeError(f"{name}: {line}")
                values["peak_mib"] = f"{peak:.1f}"
                if index > 0:
                    runs.append(values)
                print(f"  {name} run {index}{' (warm-up)' if index == 0 else ''}: {line}", flush=True)
                shutil.rmtree(state, ignore_errors=True)
            results[name] = runs

        print(f"\npages: click -> first screen painted against FakeGitee on loopback, release build, Xvfb, "
              f"GSK_RENDERER=cairo ({os.cpu_count()} cores, shared); {args.runs} runs each after a warm-up")
        for name in wanted:
            label, _, scrolled = CASES[name]
            runs = results[name]

            def series(key):
                return [float(run[key]) for run in runs]
            print(f"{label}")
            first = series("first_screen_ms")
            stall = series("stall_ms")
            print(f"  first screen     {spread(first)}  target < {FIRST_SCREEN_TARGET_MS:.0f} ms: "
                  f"{verdict(statistics.median(first), FIRST_SCREEN_TARGET_MS)}")
            print(f"  longest stall    {spread(stall)}  target < {STALL_TARGET_MS:.0f} ms: "
                  f"{verdict(statistics.median(stall), STALL_TARGET_MS)}")
            if name == "accounts":
                print(f"  (first screen: to the stored account, mayun-second; to MAYUN_TOKEN's mayun-demo "
                      f"{spread(series('first_screen_env_ms'))}; after Add Account "
                      f"{spread(series('add_first_screen_ms'))})")
            if scrolled:
                p99 = series("interval_p99")
                print(f"  scroll p99 frame {spread(p99)}  target < {SCROLL_P99_TARGET_MS:.0f} ms: "
                      f"{verdict(statistics.median(p99), SCROLL_P99_TARGET_MS)}")
                print(f"  scroll p50 / p95 {statistics.median(series('interval_p50')):.1f} / "
                      f"{statistics.median(series('interval_p95')):.1f} ms, "
                      f"{statistics.median(series('screens')):.0f} screens in "
                      f"{statistics.median(series('scroll_s')):.1f} s, {statistics.median(series('frames')):.0f} frames, "
                      f"longest stall while scrolling {spread(series('scroll_stall_ms'))}")
            if name == "readmes":
                ratios = [float(run["rss_last_mib"]) / max(float(run["rss_first_mib"]), 1) for run in runs]
                print(f"  RSS after the first {spread(series('rss_first_mib'), 'MiB')}")
                print(f"  RSS after the 50th  {spread(series('rss_last_mib'), 'MiB')}")
                print(f"  longest stall at open {sorted(int(run.get('stall_open', 0)) for run in runs)}; the next "
                      f"longest {spread(series('stall_second_ms'))}")
                print(f"  last / first     {spread(ratios, 'x', digits=2)}  target within {MEMORY_TARGET}x: "
                      f"{'MET' if statistics.median(ratios) <= MEMORY_TARGET else 'MISSED'}")
            print(f"  RSS at the end   {spread(series('rss_mib'), 'MiB')}, peak {spread(series('peak_mib'), 'MiB')}")
        if latency:
            page_latency.table(latency_results, args.latency_runs)
    finally:
        startup.stop_session(xvfb, dbus, servers=servers, states=states)


if __name__ == "__main__":
    main()
