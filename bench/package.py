#!/usr/bin/python3
"""The Debian package, measured: its size, its installed size, and the first frame of its stripped binary beside the
libadwaita floor (issue 40's goals: a package under 20 MB, an install under 50 MB, the first frame as the
developers' build's).

The package is made by tools/make-deb.sh from the shared release build (.build-release), into .build/bench/deb, and
unpacked there with dpkg-deb -x (nothing is installed); bench/startup.py then runs its binary interleaved with the
floors and the meson-installed build (--packaged).

  make bench          or   /usr/bin/python3 bench/package.py [--runs N] [--skip-build]
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(REPO, ".build", "bench", "deb")
PACKAGE_GOAL_MIB = 20
INSTALL_GOAL_MIB = 50


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--skip-build", action="store_true", help="reuse startup.py's installed release build")
    args = ap.parse_args()
    shutil.rmtree(OUT, ignore_errors=True)
    os.makedirs(OUT)
    subprocess.run([os.path.join(REPO, "tools", "make-deb.sh"), OUT], check=True)
    deb = glob.glob(os.path.join(OUT, "mayun_*.deb"))[0]
    root = os.path.join(OUT, "root")
    subprocess.run(["dpkg-deb", "-x", deb, root], check=True)
    installed_kib = int(subprocess.run(["dpkg-deb", "-f", deb, "Installed-Size"], check=True, capture_output=True,
                                       text=True).stdout.strip())
    package_mib = os.path.getsize(deb) / 2**20
    binary_mib = os.path.getsize(os.path.join(root, "usr", "bin", "mayun")) / 2**20
    print(f"\npackage: {os.path.basename(deb)} {package_mib:.1f} MiB (goal {PACKAGE_GOAL_MIB}: "
          f"{'MET' if package_mib < PACKAGE_GOAL_MIB else 'MISSED'}), installed {installed_kib / 1024:.1f} MiB "
          f"(goal {INSTALL_GOAL_MIB}: {'MET' if installed_kib / 1024 < INSTALL_GOAL_MIB else 'MISSED'}), "
          f"of which /usr/bin/mayun {binary_mib:.1f} MiB stripped")
    command = [sys.executable, os.path.join(REPO, "bench", "startup.py"), "--runs", str(args.runs),
               "--packaged", os.path.join(root, "usr", "bin", "mayun")]
    if args.skip_build:
        command.append("--skip-build")
    subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
