#!/usr/bin/env bash
# Builds and runs Mayun's libFuzzer targets (docs/FUZZING.md).
#
#   tests/fuzz/run.sh build                 build Fuzz/ with -sanitize=fuzzer,address into .build-fuzz (under a lock)
#   tests/fuzz/run.sh run SECONDS [TARGET…]  replay Tests/Fuzz/regressions/<target>, then fuzz each target SECONDS
#                                           (FUZZ_JOBS targets at a time, default: the number of cores)
#
# Targets: markdown html json image-header links http-errors diff markup-escape stored (all when none is named). Seeds come
# from Tests/Fuzz/corpus/<target> (plus the README fixtures for markdown and html); what libFuzzer learns goes to
# .build-fuzz/corpus/<target>, crashes to .build-fuzz/artifacts/<target>/. FUZZ_MAX_LEN (default 4096; markdown 65536)
# bounds input size, and markdown's -timeout is 5 s so a slow input is a finding (the others 10 s); MAYUN_FUZZ_MAX_DEPTH=N makes the
# markdown and html targets skip inputs that could nest deeper than N (for exploring past a known depth crash).
set -euo pipefail
cd "$(dirname "$0")/../.."
export PATH=/opt/swift/usr/bin:$PATH
# Swift's own crash handler reads the stack to print a backtrace, which AddressSanitizer reports as a
# stack-buffer-underflow in the handler and hides the real failure; off, a failed precondition prints its message
# ("Fatal error: ...") and libFuzzer reports the trap with its stack.
export SWIFT_BACKTRACE=enable=no
SCRATCH=$PWD/.build-fuzz
ALL_TARGETS=(markdown html json image-header links http-errors diff markup-escape stored)

binary_for() {
    case "$1" in
        markdown) echo FuzzMarkdown ;; html) echo FuzzHTML ;; json) echo FuzzJSON ;;
        image-header) echo FuzzImageHeader ;; links) echo FuzzLinks ;; http-errors) echo FuzzHTTPErrors ;;
        diff) echo FuzzDiff ;; markup-escape) echo FuzzMarkupEscape ;; stored) echo FuzzStored ;;
        *) echo "unknown fuzz target: $1" >&2; return 1 ;;
    esac
}

# The markdown target takes inputs up to 64 KB (cmark-gfm's quadratic runs need length to show) and counts 5 s as
# a finding: two parses whose Swift walk stops at 1 s each (as the app's does), so what is left is cmark-gfm and
# libxml2, which cannot be stopped; the worst known 64 KB input takes them about 0.35 s.
max_len_for() {
    case "$1" in markdown) echo "${FUZZ_MAX_LEN:-65536}" ;; *) echo "${FUZZ_MAX_LEN:-4096}" ;; esac
}

timeout_for() {
    case "$1" in markdown) echo 5 ;; *) echo 10 ;; esac
}

dict_for() {
    case "$1" in json) echo Tests/Fuzz/json.dict ;; markdown|html) echo Tests/Fuzz/document.dict ;; esac
}

seeds_for() {
    echo "Tests/Fuzz/corpus/$1"
    case "$1" in markdown|html) echo Tests/MayunCoreTests/Fixtures/readmes ;; esac
}

# One build at a time under a lock: `make test` builds and runs the targets beside the end-to-end scenarios
# (tests/beside_e2e.sh; the scenarios that time the app wait for it), and a second build waits and has nothing to do.
build() {
    mkdir -p "$SCRATCH"
    exec 8> "$SCRATCH/build.lock"
    flock 8
    tests/fuzz/generate-models.sh
    # The C of the package's own targets (Sources/CPngScale's PNG decoder) is instrumented too: the fuzzer follows
    # its branches and AddressSanitizer checks its reads and writes.
    swift build --package-path Fuzz --scratch-path "$SCRATCH" -Xswiftc -sanitize=fuzzer,address \
        -Xcc -fsanitize=fuzzer-no-link,address 2>&1 \
        | { grep -v -E 'warning: prohibited flag|ld.gold: warning: Cannot export local symbol|^\[[0-9]+/[0-9]+\] (Compiling|Emitting|Wrapping|Write|Linking|Planning|Merging|Applying|Generating|Copying)' || true; }
}

# One target: its saved regressions, then SECONDS of fuzzing. Prints its own report; returns non-zero on a finding.
fuzz_one() {
    local target=$1 seconds=$2 bin_dir=$3
    local binary; binary="$bin_dir/$(binary_for "$target")"
    [ -x "$binary" ] || { echo "missing $binary: run tests/fuzz/run.sh build first"; return 1; }
    local work=$SCRATCH/corpus/$target artifacts=$SCRATCH/artifacts/$target/
    mkdir -p "$work" "$artifacts"
    printf '\n\033[1m==> fuzz %s: regressions, then %s s\033[0m\n' "$target" "$seconds"
    mapfile -t regressions < <(find "Tests/Fuzz/regressions/$target" -type f ! -name README.md 2>/dev/null | sort)
    if [ ${#regressions[@]} -gt 0 ]; then
        if ! "$binary" -timeout="$(timeout_for "$target")" "${regressions[@]}" > "$SCRATCH/$target-regressions.log" 2>&1; then
            echo "FAILED: a saved regression input still crashes (log: $SCRATCH/$target-regressions.log)"
            grep -E '^(Running|==[0-9]+==ERROR|Fatal error|SUMMARY)' "$SCRATCH/$target-regressions.log" | head -20 || true
            return 1
        fi
        echo "${#regressions[@]} regression input(s) replayed without a crash"
    fi
    mapfile -t seeds < <(seeds_for "$target")
    local dict; dict=$(dict_for "$target"); local dict_flag=()
    [ -n "$dict" ] && dict_flag=(-dict="$dict")
    if "$binary" "${dict_flag[@]}" -max_total_time="$seconds" -timeout="$(timeout_for "$target")" \
        -max_len="$(max_len_for "$target")" -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$artifacts" "$work" "${seeds[@]}" > "$SCRATCH/$target.log" 2>&1; then
        grep -E '^stat::number_of_executed_units|^stat::new_units_added|^Done' "$SCRATCH/$target.log" || true
    else
        echo "FAILED: libFuzzer found a crash or timeout (log: $SCRATCH/$target.log; input under $artifacts)"
        grep -E '^==[0-9]+==ERROR|Fatal error|^SUMMARY|Test unit written' "$SCRATCH/$target.log" | head -10 || true
        return 1
    fi
}

# Targets run FUZZ_JOBS at a time (default: the number of cores; each libFuzzer process is single-threaded), each
# report printed whole when its target ends.
run() {
    local seconds=$1; shift
    local targets=("$@"); [ ${#targets[@]} -gt 0 ] || targets=("${ALL_TARGETS[@]}")
    local bin_dir; bin_dir=$(swift build --package-path Fuzz --scratch-path "$SCRATCH" --show-bin-path 2>/dev/null)
    local jobs_max=${FUZZ_JOBS:-$(nproc)} failed=() pid
    declare -A running=()   # pid -> target
    finish_one() {
        local rc=0
        wait -n -p pid "${!running[@]}" || rc=$?
        cat "$SCRATCH/${running[$pid]}.report"
        [ "$rc" = 0 ] || failed+=("${running[$pid]}")
        unset "running[$pid]"
    }
    for target in "${targets[@]}"; do
        [ ${#running[@]} -lt "$jobs_max" ] || finish_one
        fuzz_one "$target" "$seconds" "$bin_dir" > "$SCRATCH/$target.report" 2>&1 &
        running[$!]=$target
    done
    while [ ${#running[@]} -gt 0 ]; do finish_one; done
    if [ ${#failed[@]} -gt 0 ]; then echo; echo "fuzzing FAILED: ${failed[*]}"; exit 1; fi
    echo; echo "fuzzing: no crash in ${targets[*]}"
}

case "${1:-}" in
    build) build ;;
    run) shift; run "${1:?seconds}" "${@:2}" ;;
    *) sed -n '2,10p' "$0"; exit 2 ;;
esac
