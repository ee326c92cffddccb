#!/bin/bash
# What `make test` runs beside the end-to-end scenarios, one step after the other under .build-pkg/stage.lock (the
# scenarios that time the app wait for that lock, tests/e2e/run.sh): the fuzz build, each fuzz target's saved crash
# inputs and 15 s of fuzzing, then the Debian package's stage. One step at a time: with the fuzz build, lintian and
# two scenarios at once, the app's main loop answered AT-SPI too late in a CI run.
# Each step's output goes to .build/e2e/<step>.log; a line "<step> <exit status> <seconds> <CPU seconds>" per step
# to .build/e2e/beside.status, which the Makefile reads once the scenarios are done.
set -u
cd "$(dirname "$0")/.."
out=.build/e2e
mkdir -p "$out" .build-pkg
: > "$out/beside.status"
exec 9> .build-pkg/stage.lock
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
step test-deb make --no-print-directory test-deb E2E_PREBUILD=1
