"""The latency part of the page benchmark (issue 41, "One round trip away"): bench/pages.py's `latency` case.

People far from Gitee's servers wait 100-400 ms for each round trip, so a page that asks in waves (the issue, then the
project, then its labels...) costs a wave's round trip each time. Here FakeGitee answers every API request after 20 ms
and then after 320 ms (`POST /__fake/latency`, same server, same world), and each page is opened as a click does
(MAYUN_BENCH_PAGE with `complete=1`, Sources/MayunBenchProbes/PageBenchmarkProbe.swift) in a fresh state folder (cold:
no saved copies), as mayun-demo, a member of the project (its owner), so the members' controls load too:
- first screen: the click to the first painted frame out of the loading status;
- complete: the click to the last painted frame in which the page's widget tree changed (every part drawn);
- round trips on the critical path: (complete at 320 ms - complete at 20 ms) / 0.30 s, rounded to one decimal (the
  same for the first screen): what each extra round trip costs is the 300 ms between the two;
- seen before: each run opens the page a second time in the same state folder, where the first launch saved what it
  showed; its first screen at both latencies, and the round trips before it (the goal: 0, the saved copy drawn at
  once while it is revalidated);
- requests: FakeGitee's log (`GET /__fake/log`) from the click to complete; in flight at most: the most requests
  received and not yet answered at one moment (the log's `received_us`/`answered_us`, the monotonic clock the probe's
  `clicked_us` uses), at 320 ms; waves: how many requests in a row each waited for an answer that had come before it
  was sent (the deepest such chain, at 320 ms, where a wave is far longer than the app's own work): the round trips
  counted from the log, steadier than the time difference on a busy machine.
The pages: a project of mayun-demo's with a README, a file (its first source or Markdown file at the top), an open
issue with comments and a pull request in it; its notifications; the project owner's user page. Figures are medians of `runs` runs, printed as a table, not asserted.
"""

import json
import os
import shutil
import statistics
import tempfile
import urllib.request

import startup  # noqa: E402  (OUT, PREFIX)
import lists  # noqa: E402  (run_probe, base_env)

LATENCIES_MS = (20, 320)
TOKEN = "mayun-demo-token"
CASES = [
    # name, label, probe fields
    ("project", "project page with README", "route=project repo={repo}"),
    ("file", "file", "route=file repo={repo} path={file}"),
    ("issue", "issue with comments", "route=issue repo={repo} number={issue}"),
    ("pull", "pull request", "route=pull repo={repo} number={pull}"),
    ("notifications", "notifications", "route=notifications"),
    ("user", "user page", "route=user login={owner}"),
]


def api(url, path, data=None, method=None):
    joiner = "&" if "?" in path else "?"
    request = urllib.request.Request(f"{url}{path}{joiner}access_token={TOKEN}" if path.startswith("/api") else url + path,
                                     data=data, method=method)
    return json.loads(urllib.request.urlopen(request, timeout=60).read() or b"null")


def pick_pages(url):
    """A project of mayun-demo's with a README, an open issue with comments and a pull request."""
    for project in api(url, "/api/v5/users/mayun-demo/repos?per_page=100"):
        owner, name = project["full_name"].split("/", 1)
        base = f"/api/v5/repos/{owner}/{name}"
        pulls = api(url, base + "/pulls?state=all&per_page=5")
        issues = [i for i in api(url, base + "/issues?state=open&per_page=100") if i.get("comments", 0) >= 3]
        if not pulls or not issues:
            continue
        try:
            api(url, base + "/readme")
        except urllib.error.HTTPError:
            continue
        files = [entry for entry in api(url, base + "/contents") if entry.get("type") == "file"
                 and entry["name"].endswith((".c", ".py", ".swift", ".go", ".rs", ".js", ".ts", ".java", ".md"))]
        if not files:
            continue
        return dict(repo=project["full_name"], owner=owner, issue=issues[0]["number"], pull=pulls[0]["number"],
                    file=files[0]["path"])
    raise RuntimeError("no project of mayun-demo's has a README, an open issue with comments and a pull request")


def page_requests(url, clicked_us, complete_us):
    """The API requests the page made: received from the click to its last change on screen."""
    log = api(url, "/__fake/log")
    return [entry for entry in log if clicked_us <= entry.get("received_us", 0) <= complete_us]


def most_in_flight(entries, complete_us):
    events = []
    for entry in entries:
        events += [(entry["received_us"], 1), (entry.get("answered_us") or complete_us, -1)]
    most = current = 0
    for _, step in sorted(events, key=lambda event: (event[0], event[1])):
        current += step
        most = max(most, current)
    return most


def waves(entries):
    """Waves of requests on the way to complete: a request is one wave after every request whose answer had gone
    out before it was received (it may have waited for it), else in the first; the deepest."""
    depth = {}
    for entry in sorted(entries, key=lambda e: e["received_us"]):
        before = [depth[other["seq"]] for other in entries
                  if other.get("answered_us") and other["answered_us"] <= entry["received_us"]]
        depth[entry["seq"]] = 1 + max(before, default=0)
    return max(depth.values(), default=0)


def measure(server, mayun, prefix, display, bus, runs, states):
    """{(case, latency): [{first, complete, requests, in_flight}]}: `runs` runs of each, after one warm-up."""
    url = server.url
    fields = pick_pages(url)
    print(f"bench: latency pages in {fields['repo']}: file {fields['file']}, issue {fields['issue']}, "
          f"pull request !{fields['pull']}, "
          f"user {fields['owner']}", flush=True)
    results = {}
    for latency in LATENCIES_MS:
        api(url, "/__fake/latency", data=f"ms={latency}".encode())
        for name, _, template in CASES:
            spec = template.format(**fields) + " complete=1"
            results[(name, latency)] = []
            # One warm-up before everything (page cache, fontconfig), not counted.
            extra = 1 if (latency, name) == (LATENCIES_MS[0], CASES[0][0]) else 0
            for index in range(runs + extra):
                warm_up = index < extra
                state = tempfile.mkdtemp(prefix="latency.", dir=startup.OUT)
                states.append(state)
                env = dict(lists.base_env(display, bus, state, url), MAYUN_BENCH_PAGE=spec, MAYUN_TOKEN=TOKEN,
                           XDG_DATA_DIRS=os.path.join(prefix, "share") + ":/usr/share")
                values = probe(mayun, env, name, latency)
                clicked, complete = int(values["clicked_us"]), int(values["complete_us"])
                entries = page_requests(url, clicked, complete)
                run = dict(first=float(values["first_screen_ms"]), complete=float(values["complete_ms"]),
                           requests=len(entries), in_flight=most_in_flight(entries, complete), waves=waves(entries))
                # Seen before: the same page again in the same state folder, where the first run saved what it showed.
                run["seen_first"] = float(probe(mayun, env, name, latency)["first_screen_ms"])
                print(f"  {name} at {latency} ms run {index}{' (warm-up)' if warm_up else ''}: "
                      f"first screen {run['first']:.0f} ms (seen before: {run['seen_first']:.0f} ms), "
                      f"complete {run['complete']:.0f} ms, "
                      f"{run['requests']} requests in {run['waves']} waves, at most {run['in_flight']} in flight: "
                      + " ".join(entry["path"].replace(f"/api/v5/repos/{fields['repo']}", "~") for entry in entries),
                      flush=True)
                if not warm_up:
                    results[(name, latency)].append(run)
                shutil.rmtree(state, ignore_errors=True)
    return results


def probe(mayun, env, name, latency):
    line, _, _ = lists.run_probe([mayun], env, "page ", 300)
    values = dict(field.split("=", 1) for field in (line or "page error=no-line").split()[1:] if "=" in field)
    if "error" in values:
        raise RuntimeError(f"latency {name} at {latency} ms: {line}")
    return values


def table(results, runs):
    fast, slow = LATENCIES_MS
    spread = (slow - fast) / 1000
    print(f"\npages one round trip away: click -> on screen against FakeGitee answering after {fast} and {slow} ms, "
          f"cold (fresh state), as the project's owner; medians of {runs} runs; round trips = (at {slow} - at {fast}) "
          f"/ {spread:.2f} s")
    header = (f"{'page':<26} {'first screen':>17} {'complete':>17} {'round trips':>12} {'requests':>9} "
              f"{'waves':>6} {'in flight':>10} {'seen before: first':>27}")
    print(header)
    print(f"{'':<26} {f'{fast} ms':>8} {f'{slow} ms':>8} {f'{fast} ms':>8} {f'{slow} ms':>8} {'first':>5} {'all':>6} "
          f"{'':>9} {'':>6} {'at most':>10} {f'{fast} ms':>8} {f'{slow} ms':>8} {'trips':>9}")
    for name, label, _ in CASES:
        def median(latency, key):
            return statistics.median(run[key] for run in results[(name, latency)])
        first = (median(fast, "first"), median(slow, "first"))
        complete = (median(fast, "complete"), median(slow, "complete"))
        seen = (median(fast, "seen_first"), median(slow, "seen_first"))
        print(f"{label:<26} {first[0]:8.0f} {first[1]:8.0f} {complete[0]:8.0f} {complete[1]:8.0f} "
              f"{(first[1] - first[0]) / 1000 / spread:5.1f} {(complete[1] - complete[0]) / 1000 / spread:6.1f} "
              f"{median(slow, 'requests'):9.0f} {median(slow, 'waves'):6.0f} {median(slow, 'in_flight'):10.0f} "
              f"{seen[0]:8.0f} {seen[1]:8.0f} {(seen[1] - seen[0]) / 1000 / spread:9.1f}")
