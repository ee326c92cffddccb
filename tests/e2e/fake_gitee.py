"""Starts the project's fake Gitee server (`fake-gitee --port 0`) on loopback and finds the port it chose.

The server prints the chosen port on its output; this accepts the usual shapes of that line: a URL
(http://127.0.0.1:PORT/...), "port PORT", "listening on 127.0.0.1:PORT", or the bare number. Its further output is
copied to a log file so its pipe never fills.
"""

import os
import re
import select
import subprocess
import threading
import time

PATTERNS = [
    re.compile(r"https?://(?:127\.0\.0\.1|localhost|\[::1\]):(\d{2,5})"),
    re.compile(r"(?:127\.0\.0\.1|localhost|\[::1\]|0\.0\.0\.0):(\d{2,5})\b"),
    re.compile(r"\bport\D{0,3}(\d{2,5})\b", re.IGNORECASE),
    re.compile(r"^\s*(\d{2,5})\s*$"),
]


def parse_port(line):
    for p in PATTERNS:
        m = p.search(line)
        if m:
            port = int(m.group(1))
            if 0 < port < 65536:
                return port
    return None


class FakeGitee:
    def __init__(self, executable, log_path, extra_args=(), timeout=30.0):
        self.log_path = log_path
        os.makedirs(os.path.dirname(log_path), exist_ok=True)
        self.log = open(log_path, "wb")
        self.proc = subprocess.Popen([executable, "--port", "0", *extra_args], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        self.port = None
        fd = self.proc.stdout.fileno()
        buf = b""
        deadline = time.monotonic() + timeout
        while self.port is None:
            left = deadline - time.monotonic()
            ready, _, _ = select.select([fd], [], [], max(0.0, left))
            if not ready:
                self.stop()
                raise RuntimeError(f"fake-gitee printed no port within {timeout:.0f} s; output: {buf[-500:]!r}")
            chunk = os.read(fd, 4096)
            if not chunk:
                code = self.proc.wait()
                self.log.write(buf)
                raise RuntimeError(f"fake-gitee exited with status {code} before printing a port; output: "
                                   f"{buf[-500:]!r}")
            buf += chunk
            for line in buf.split(b"\n")[:-1]:  # complete lines only
                port = parse_port(line.decode(errors="replace"))
                if port and self.port is None:
                    self.port = port
        self.log.write(buf)
        self.log.flush()
        self.url = f"http://127.0.0.1:{self.port}"
        threading.Thread(target=self._drain, daemon=True).start()

    def _drain(self):
        for chunk in iter(lambda: self.proc.stdout.read1(4096), b""):
            self.log.write(chunk)
            self.log.flush()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.log.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()
