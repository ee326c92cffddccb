#!/usr/bin/env bash
# End-to-end smoke test: installs Mayun with meson into a prefix under .build/, then runs tests/e2e/smoke.py on a
# virtual X display (Xvfb) with its own D-Bus session (for AT-SPI and the app's single-instance name), with isolated
# XDG directories. Screenshots, accessible trees and the app's output go to tests/artifacts/.
#
#   tests/e2e/run.sh            (make test-e2e; make test runs it last)
#   MAYUN_E2E_SKIP_INSTALL=1    reuse the prefix from the last run
#   MAYUN_E2E_ONLY="signin"     run only the named scenarios (smoke browse signin blob hostile links phone pulls issues people transfers background forks files switcher),
#                               or single passes of browse (browse:gone browse:html browse:flaky)
#   MAYUN_E2E_JOBS=1            one scenario at a time (default 2; blob and hostile always run alone)
#   MAYUN_E2E_SKIP="smoke"     leave these scenarios out (make test: the smoke runs in test-deb, against the package)
#   MAYUN_E2E_INSTALLED=/usr    run against an app installed there (no meson install; tests/deb/run.sh, the package)
#   MAYUN_E2E_ARTIFACTS_DIR=D   artifacts in D instead of tests/artifacts
#   MAYUN_E2E_DISPLAY_FROM=N    X display numbers from N+50 up (default 100; tests/deb/run.sh, which runs beside)
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$repo"
export PATH="/opt/swift/usr/bin:$PATH"

prefix="${MAYUN_E2E_INSTALLED:-$repo/.build/e2e/prefix}"
artifacts="${MAYUN_E2E_ARTIFACTS_DIR:-$repo/tests/artifacts}"
mkdir -p "$repo/.build/e2e" "$artifacts"
rm -f "$artifacts"/e2e-*

if [ "${MAYUN_E2E_SKIP_INSTALL:-0}" != 1 ] && [ -z "${MAYUN_E2E_INSTALLED:-}" ]; then
    # Waits for the install `make test` started beside XCTest, if any (tests/e2e/install.sh).
    tests/e2e/install.sh || { echo "smoke: 0 passed, 1 failed"; exit 1; }
fi

run="$(mktemp -d "$repo/.build/e2e/run.XXXXXX")"
mkdir -p "$run"/{config,cache,data,runtime}
chmod 700 "$run/runtime"
trap 'rm -rf "$run"' EXIT

# The fake Gitee server from the debug build (`make build`), when there is one.
fake_gitee="${MAYUN_E2E_FAKE_GITEE:-$repo/.build/debug/fake-gitee}"

# The launcher's view of the world: the prefix first, as on a desktop where the app was installed there.
# MAYUN_SERVER points at a closed loopback port until smoke.py has started fake-gitee on a free loopback port:
# the smoke test never talks to the internet.
set +e
status=0
want() {
    case " ${MAYUN_E2E_SKIP:-} " in *" $1 "*) return 1 ;; esac
    case " ${MAYUN_E2E_ONLY:-smoke browse signin blob hostile links phone pulls issues people transfers background forks files switcher} " in *" $1 "*) return 0 ;; *) return 1 ;; esac
}
# smoke: the app as a desktop launches it, with no keyring and its own display and bus (start_run below runs it),
# and a desktop's PATH: the prefix first, the Swift toolchain's folder (which this script put first) not on it.
desktop_path="$prefix/bin:$(printf '%s' "$PATH" | tr ':' '\n' | grep -v '^/opt/swift' | paste -sd:)"
run_smoke() {
    env -u NO_AT_BRIDGE -u GTK_A11Y -u LC_ALL -u LANGUAGE -u DBUS_SESSION_BUS_ADDRESS -u DISPLAY -u WAYLAND_DISPLAY \
        LANG=C.UTF-8 \
        XDG_CONFIG_HOME="$run/config" XDG_CACHE_HOME="$run/cache" XDG_DATA_HOME="$run/data" \
        XDG_RUNTIME_DIR="$run/runtime" XDG_DATA_DIRS="$prefix/share:/usr/share" \
        GSETTINGS_BACKEND=memory \
        PATH="$desktop_path" \
        MAYUN_SERVER="http://127.0.0.1:9" \
        MAYUN_E2E_PREFIX="$prefix" MAYUN_E2E_ARTIFACTS="$artifacts" MAYUN_E2E_CONFIG="$run/config" \
        MAYUN_E2E_FAKE_GITEE="$fake_gitee" \
        xvfb-run -a -n "$1" -s "-screen 0 1280x1024x24 -nolisten tcp" \
        dbus-run-session -- /usr/bin/python3 "$repo/tests/e2e/smoke.py" 2>&1 \
        | grep --line-buffered -v -E 'dbus-daemon\[[0-9]+\]|SpiRegistry daemon is running|dbind-WARNING.*GetItems|couldn.t access control socket|^$'
}

# Scenario tests: browsing (issue 4) and the account features (issue 6), each on its own display and session bus with
# a throwaway keyring (tests/keyring/start-keyring.sh) and state folders under $run. MAYUN_E2E_ONLY="smoke browse"
# picks scenarios by name (all of them by default).
# browse runs three times: v3 working (the full scenario), then v3 retired (`--v3 gone`) and behind a firewall page
# (`--v3 html`) in a shorter pass, so Explore is proven to work through v5 search alone (issue 11), and with every
# other v3 answer a fault (`browse:flaky`), where Explore must keep v3 (issue 21).
# Scenarios run MAYUN_E2E_JOBS at a time (default 2: most of a scenario is waiting on the app and FakeGitee, and each
# has its own display, bus, keyring and state). Passes of one scenario run one after another (their artifacts share
# a prefix), and the ones that time the app's responsiveness (SOLO) run with nothing beside them. Each run's output
# is printed whole when it ends; a job is waited for with `wait -n`, never by polling.
jobs_max="${MAYUN_E2E_JOBS:-2}"
# forks is SOLO too: beside browse-v3flaky its compare once stayed "Loading…" past 30 s (alone it passes in 22 s).
SOLO=" blob hostile forks "
declare -A running=() run_log=()   # pid -> scenario, pid -> "run name<TAB>log file"
finish_one() {
    local pid line name log
    wait -n -p pid "${!running[@]}"
    IFS=$'\t' read -r name log <<< "${run_log[$pid]}"
    unset "running[$pid]" "run_log[$pid]"
    cat "$log"
    [ "$(cat "$log.status" 2>/dev/null)" = 0 ] || { status=1; echo "e2e: $name failed"; }
}
busy_with() { local p; for p in "${!running[@]}"; do [ "${running[$p]}" = "$1" ] && return 0; done; return 1; }
start_run() {  # start_run RUN_NAME: the scenario on its own display, bus and keyring, in the background
    local run_name="$1" scenario="${1%%:*}" v3="ok" log="$run/e2e-$1.log"
    [ "$run_name" != "$scenario" ] && v3="${run_name#*:}"
    # Not the display number the previous run is still releasing; test-deb's runs start elsewhere (they run beside).
    display_from=$(( ${display_from:-${MAYUN_E2E_DISPLAY_FROM:-100}} + 50 ))
    if [ "$scenario" = smoke ]; then
        ( run_smoke "$display_from"; echo $? > "$log.status" ) > "$log" 2>&1 &
        running[$!]="$scenario"
        run_log[$!]="$run_name"$'\t'"$log"
        return
    fi
    # The scenarios draw with GTK's cairo renderer (atspi_helpers.state_env); the SOLO ones time what people feel, so
    # they keep GTK's default (GL) renderer: with cairo the main thread also rasterizes, and writing a 2 MB README
    # held an AT-SPI answer 1.1 s in a CI run.
    local renderer=cairo
    case "$SOLO" in *" $scenario "*) renderer=default ;; esac
    (
        env -u NO_AT_BRIDGE -u GTK_A11Y -u LC_ALL -u LANGUAGE -u DBUS_SESSION_BUS_ADDRESS -u DISPLAY -u WAYLAND_DISPLAY \
            LANG=C.UTF-8 MAYUN_E2E_PREFIX="$prefix" MAYUN_E2E_ARTIFACTS="$artifacts" MAYUN_E2E_FAKE_GITEE="$fake_gitee" \
            MAYUN_E2E_STATE_DIR="$run" MAYUN_E2E_V3="$v3" MAYUN_E2E_RENDERER="$renderer" \
            xvfb-run -a -n "$display_from" -s "-screen 0 1280x1024x24 -nolisten tcp" \
            dbus-run-session -- "$repo/tests/keyring/start-keyring.sh" /usr/bin/python3 "$repo/tests/e2e/${scenario}_e2e.py" 2>&1 \
            | grep --line-buffered -v -E 'dbus-daemon\[[0-9]+\]|SpiRegistry daemon is running|dbind-WARNING.*GetItems|couldn.t access control socket|^$'
        echo $? > "$log.status"
    ) > "$log" 2>&1 &
    running[$!]="$scenario"
    run_log[$!]="$run_name"$'\t'"$log"
}
queue=()
for run_name in smoke browse browse:gone browse:html browse:flaky signin blob hostile links phone pulls issues people transfers background forks files switcher; do
    want "${run_name%%:*}" || want "$run_name" || continue   # "browse" runs every browse pass, "browse:flaky" only that one
    queue+=("$run_name")
done
# The first queued run that may start now starts; otherwise the next run to end is waited for.
while [ ${#queue[@]} -gt 0 ] || [ ${#running[@]} -gt 0 ]; do
    started=""
    if [ ${#running[@]} -lt "$jobs_max" ]; then
        for i in "${!queue[@]}"; do
            scenario="${queue[$i]%%:*}"
            case "$SOLO" in *" $scenario "*) [ ${#running[@]} -eq 0 ] || continue ;; esac
            # A SOLO run times the app's responsiveness: not while make test's fuzz build and fuzz targets (beside the
            # scenarios, under .build/e2e/solo.lock: tests/beside_e2e.sh) still run.
            case "$SOLO" in *" $scenario "*)
                mkdir -p "$repo/.build-fuzz" "$repo/.build/e2e"
                flock "$repo/.build-fuzz/build.lock" true; flock "$repo/.build/e2e/solo.lock" true ;;
            esac
            busy_with "$scenario" && continue
            started="${queue[$i]}"
            unset "queue[$i]"
            queue=("${queue[@]}")
            start_run "$started"
            case "$SOLO" in *" $scenario "*) finish_one ;; esac
            break
        done
    fi
    [ -n "$started" ] || finish_one
done
set -e
exit "$status"
