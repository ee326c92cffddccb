#!/bin/bash
# The release build and meson install that the end-to-end scenarios run (.build/e2e/prefix), one at a time under a
# lock: `make test` starts it in the background while XCTest runs (the two share the machine instead of taking
# turns), and tests/e2e/run.sh runs it again before the first scenario, which waits for the first to end and is then
# an incremental build with nothing to do.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
export PATH="/opt/swift/usr/bin:$PATH"
prefix="$repo/.build/e2e/prefix"
builddir="$repo/.build-meson/e2e"
mkdir -p "$repo/.build/e2e"
exec 9> "$repo/.build/e2e/install.lock"
flock 9
echo "e2e: release build and meson install into $prefix (log: .build/e2e/install.log)"
start=$(date +%s)
{
    if [ ! -f "$builddir/build.ninja" ]; then
        meson setup "$builddir" meson-wrapper --prefix "$prefix" -Dswiftpm_scratch="$repo/.build-release"
    fi
    meson install -C "$builddir"
} > .build/e2e/install.log 2>&1 || {
    echo "FAIL: meson install (last lines of .build/e2e/install.log follow)"
    tail -n 40 .build/e2e/install.log
    exit 1
}
echo "e2e: installed in $(( $(date +%s) - start )) s: $(cd "$prefix" && find . -type f | wc -l) files"
