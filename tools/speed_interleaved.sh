#!/bin/bash
# Interleaved speed run of two or more oblique builds (docs/speed.md): each round runs
# `bench --depth 9` and perft of every built-in game with each binary in turn, so that the
# machine's drift touches every build alike. Prints one line per run: round, binary, what,
# then the command's own figures. Run it on an idle machine.
#
#   tools/speed_interleaved.sh [-r ROUNDS] BIN_BEFORE BIN_AFTER [BIN...]
set -euo pipefail
rounds=3
if [ "${1:-}" = "-r" ]; then rounds=$2; shift 2; fi
if [ $# -lt 2 ]; then
    echo "usage: $0 [-r ROUNDS] BIN_BEFORE BIN_AFTER [BIN...]" >&2
    exit 2
fi
runs=(
    "bench9|bench --depth 9"
    "slanted6|perft --variant slanted --depth 6"
    "ultra5|perft --variant ultraslanted --depth 5"
    "minislanted6|perft --variant minislanted --depth 6"
    "diagonal7|perft --variant diagonal --depth 7"
    "chess6|perft --variant chess --depth 6"
    "startrek5|perft --variant startrek --depth 5"
)
for round in $(seq 1 "$rounds"); do
    for bin in "$@"; do
        for run in "${runs[@]}"; do
            what=${run%%|*}
            # shellcheck disable=SC2086
            echo "$round $(basename "$bin") $what $("$bin" ${run#*|} 2>&1 | tail -n 1)"
        done
    done
done
