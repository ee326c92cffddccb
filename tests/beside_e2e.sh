#!/bin/bash
# What `make test` runs beside the end-to-end scenarios, one step after the other: the fuzz build, each fuzz target's
# saved crash inputs and 15 s of fuzzing, then the Debian package's stage. One step at a time: with the fuzz build,
# lintian and two scenarios at once, the app's main loop answered AT-SPI too late in a CI run.
# The two fuzz steps, which keep both cores busy, hold .build/e2e/solo.lock; the scenarios that time the app (SOLO in
# tests/e2e/run.sh) wait for it. The package's stage does not hold it: a SOLO scenario may run beside its lintian and
# smoke run. Two clean-clone runs had them side by side (the lock then sat in .build-pkg, which tools/make-deb.sh
# empties, so it was let go without meaning to): blob and hostile passed, the slowest AT-SPI answer 37 ms (limit 1 s).
# Each step's output goes to .build/e2e/<step>.log; a line "<step> <exit status> <seconds> <CPU seconds>" per step
# to .build/e2e/beside.status, which the Makefile reads once the scenarios are done.
set -u
cd "$(dirname "$0")/.."
out=.build/e2e
mkdir -p "$out"
: > "$out/beside.status"
exec 9> "$out/solo.lock"
flock 9
step() {
    local name=$1 start status=0 cpu0 cpu1
    shift
    start=$(date +%s)
    times > "$out/beside-times.txt"   # this shell's own `times`: a subshell would count nothing
    cpu0=$(tests/cpu_seconds.sh "$out/beside-times.txt")
    "$@" > "$out/$name.log" 2>&1 9>&- || status=$?
    times > "$out/beside-times.txt"
    cpu1=$(tests/cpu_seconds.sh "$out/beside-times.txt")
    echo "$name $status $(( $(date +%s) - start )) $(( cpu1 - cpu0 ))" >> "$out/beside.status"
}
step fuzz-build tests/fuzz/run.sh build
step test-fuzz tests/fuzz/run.sh run 15
flock -u 9
step test-deb make --no-print-directory test-deb E2E_PREBUILD=1
