#!/bin/sh
# cpu_seconds.sh FILE: the CPU seconds (user + system, whole seconds) of the finished child processes in FILE, the
# output of bash's `times` builtin (its second line: "0m12.345s 0m1.234s"). make test prints each stage's CPU time
# beside its wall time with it: on two cores the stages are bound by CPU, not by waiting.
awk 'NR == 2 {
    total = 0
    for (i = 1; i <= 2; i++) { split($i, part, /[ms]/); total += part[1] * 60 + part[2] }
    printf "%d\n", total
}' "$1"
