#!/bin/bash
# make test-deb: the Debian package as a person gets it. Builds it (tools/make-deb.sh, from the release build the
# end-to-end stage already made), runs lintian (errors fail), installs it with apt-get, then, with /opt/swift hidden
# (a private mount namespace lays an empty folder over it, and it is on neither PATH nor the loader's path), checks
# `mayun --version` and runs the smoke scenario (tests/e2e/smoke.py) against /usr/bin/mayun
# launched through its desktop entry; then removes the package and checks nothing of it is left. Needs root (apt-get
# and the mount); artifacts in tests/artifacts/deb/.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
artifacts="$repo/tests/artifacts/deb"
mkdir -p "$artifacts"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "PASS: $*"; }
[ "$(id -u)" -eq 0 ] || { echo "FAIL: test-deb installs a package and hides /opt/swift: it needs root"; exit 1; }
# make test runs this beside the end-to-end scenarios, after the fuzz steps (tests/beside_e2e.sh); the scenarios that
# time the app may run beside it (tests/beside_e2e.sh says why).

# 1. Build, lintian.
MAYUN_DEB_XZ_LEVEL=1 tools/make-deb.sh "$repo/.build-pkg/out"   # the files of `make deb`'s package, compressed faster
version="$(tr -d '[:space:]' < VERSION)"
deb="$(echo "$repo"/.build-pkg/out/mayun_"$version"_*.deb)"
[ -f "$deb" ] || { echo "FAIL: no package at $deb"; exit 1; }
echo "deb: lintian (its output: $artifacts/lintian.txt)"
lintian_status=0
lintian --fail-on error --display-info "$deb" > "$artifacts/lintian.txt" 2>&1 || lintian_status=$?
grep -v -e 'spelling-error-in-binary' -e 'running with root privileges' "$artifacts/lintian.txt" | sed 's/^/lintian: /' || true
spelling=$(grep -c 'spelling-error-in-binary' "$artifacts/lintian.txt" || true)
[ "$spelling" -eq 0 ] || echo "lintian: I: ... and $spelling spelling-error-in-binary infos (strings of the statically linked libraries)"
[ "$lintian_status" -eq 0 ] && ok "lintian: no errors ($(grep -c '^W:' "$artifacts/lintian.txt" || true) warnings)" \
    || fail "lintian reported errors (status $lintian_status)"

# 2. Install as a person would.
echo "deb: apt-get install $deb (log: $artifacts/apt.log)"
DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$deb" > "$artifacts/apt.log" 2>&1 \
    || { tail -n 30 "$artifacts/apt.log"; echo "FAIL: apt-get install"; exit 1; }
dpkg -L mayun | LC_ALL=C sort > "$artifacts/files.txt"
ok "installed: $(dpkg-query -W -f='${Package} ${Version}, ${Installed-Size} KiB' mayun)"
# (The list is read whole first: grep -q would stop reading, and gsettings's SIGPIPE fail the pipeline.)
schemas="$(gsettings list-schemas)"
grep -qx io.gitee.Mayun <<< "$schemas" && ok "the schema io.gitee.Mayun is compiled (libglib2.0-0's trigger ran)" \
    || fail "the schema io.gitee.Mayun is not among the compiled schemas after the install"

# 3. With /opt/swift out of reach. The smoke's FakeGitee (the debug build's fake-gitee, which needs Swift's shared
# libraries) is the one program let in: it gets a bind mount of Swift's library folder through a wrapper.
fake_gitee="$repo/.build/debug/fake-gitee"
[ -x "$fake_gitee" ] || { echo "FAIL: no $fake_gitee (make build)"; exit 1; }
hidden="$repo/.build-pkg/swift-libs-for-fake-gitee"
mkdir -p "$hidden"
cat > "$repo/.build-pkg/fake-gitee" <<WRAPPER
#!/bin/sh
LD_LIBRARY_PATH="$hidden" exec "$fake_gitee" "\$@"
WRAPPER
chmod 755 "$repo/.build-pkg/fake-gitee"
clean_path="$(printf '%s' "$PATH" | tr ':' '\n' | grep -v '^/opt/swift' | paste -sd:)"
set +e
env -u LD_LIBRARY_PATH -u LD_PRELOAD PATH="$clean_path" VERSION_WANTED="$version" HIDDEN="$hidden" \
    MAYUN_E2E_INSTALLED=/usr MAYUN_E2E_ONLY=smoke MAYUN_E2E_ARTIFACTS_DIR="$artifacts" MAYUN_E2E_DISPLAY_FROM=2000 \
    MAYUN_E2E_FAKE_GITEE="$repo/.build-pkg/fake-gitee" \
    unshare --mount --propagation private -- bash -euo pipefail -c '
        mount --bind /opt/swift/usr/lib/swift/linux "$HIDDEN"
        mount -t tmpfs -o ro,size=16k,mode=755 empty /opt/swift
        [ -z "$(ls -A /opt/swift)" ] && echo "PASS: /opt/swift is an empty folder here" || { echo "FAIL: /opt/swift"; exit 1; }
        if ldd /usr/bin/mayun | grep -E "not found|/opt/swift"; then echo "FAIL: ldd /usr/bin/mayun (above)"; exit 1; fi
        echo "PASS: ldd /usr/bin/mayun: every library found, none under /opt/swift"
        got="$(/usr/bin/mayun --version)"
        [ "$got" = "$VERSION_WANTED" ] && echo "PASS: mayun --version says $got" \
            || { echo "FAIL: mayun --version says \"$got\", VERSION says $VERSION_WANTED"; exit 1; }
        tests/e2e/run.sh'
status=$?
set -e
[ "$status" -eq 0 ] && ok "the installed app with /opt/swift hidden: smoke scenario passed" \
    || fail "the installed app with /opt/swift hidden (status $status; artifacts in $artifacts)"

# 4. Removed, nothing left: every file the package listed is gone, and every folder of its own (named mayun; folders
# other packages share, such as /usr/share/applications, stay), and the schema is out of the compiled schemas.
echo "deb: apt-get remove mayun"
DEBIAN_FRONTEND=noninteractive apt-get remove -y -q mayun >> "$artifacts/apt.log" 2>&1 \
    || { tail -n 30 "$artifacts/apt.log"; echo "FAIL: apt-get remove"; exit 1; }
left=()
while IFS= read -r path; do
    if [ -e "$path" ] && { [ ! -d "$path" ] || [[ "$path" == */mayun* ]]; }; then left+=("$path"); fi
done < "$artifacts/files.txt"
[ ${#left[@]} -eq 0 ] && ok "removed: none of the $(wc -l < "$artifacts/files.txt") paths the package listed is left" \
    || fail "left after apt-get remove: ${left[*]}"
dpkg-query -W -f='${Status}' mayun 2>/dev/null | grep -q 'install ok installed' && fail "dpkg still lists mayun as installed"
schemas="$(gsettings list-schemas)"
if grep -qx io.gitee.Mayun <<< "$schemas"; then fail "the schema io.gitee.Mayun is still compiled"
else ok "the schema io.gitee.Mayun is no longer among the compiled schemas"; fi

[ "$failures" -eq 0 ] && echo "deb: all checks passed" || echo "deb: $failures failed"
exit $(( failures > 0 ))
