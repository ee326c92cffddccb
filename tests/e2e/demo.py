#!/usr/bin/python3
"""`make demo`: Mayun (debug build) against a fake Gitee server on a free loopback port.

  tests/e2e/demo.py [extra mayun arguments]
"""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fake_gitee import FakeGitee  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def main():
    bindir = subprocess.run(["swift", "build", "--show-bin-path"], cwd=REPO, check=True, capture_output=True,
                            text=True, env=dict(os.environ, PATH="/opt/swift/usr/bin:" + os.environ["PATH"])
                            ).stdout.strip()
    server_bin, app_bin = os.path.join(bindir, "fake-gitee"), os.path.join(bindir, "mayun")
    for b in (server_bin, app_bin):
        if not os.access(b, os.X_OK):
            sys.exit(f"demo: {b} is missing; run `make build` first")
    log = os.path.join(REPO, ".build", "demo", "fake-gitee.log")
    try:
        server = FakeGitee(server_bin, log)
    except RuntimeError as e:
        sys.exit(f"demo: {e}")
    with server:
        print(f"demo: fake Gitee at {server.url} (log: .build/demo/fake-gitee.log); starting Mayun", flush=True)
        env = dict(os.environ, MAYUN_SERVER=server.url)
        app = subprocess.Popen([app_bin, "--server", server.url, *sys.argv[1:]], env=env)
        try:
            code = app.wait()
        except KeyboardInterrupt:  # Ctrl+C reaches the app too (same process group): let it finish
            try:
                code = app.wait(timeout=5)
            except subprocess.TimeoutExpired:
                app.terminate()
                code = app.wait()
    print(f"demo: mayun exited with status {code}; fake Gitee stopped")
    return code if code >= 0 else 128 - code  # killed by a signal: the shell's convention


if __name__ == "__main__":
    sys.exit(main())
