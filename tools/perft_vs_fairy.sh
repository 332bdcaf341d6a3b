#!/bin/bash
# Perft speed of the shipped game files: Oblique (--variant-file) beside Fairy-Stockfish
# (Debian's fairy-stockfish, `go perft N` over UCI, timed as a whole process), interleaved.
# Usage: tools/perft_vs_fairy.sh [OBLIQUE_BINARY] [FAIRY_STOCKFISH_BINARY]
# (run from the repository root; docs/speed.md has the figures).
O=${1:-target/release/oblique}
F=${2:-/usr/games/fairy-stockfish}
for round in 1 2; do
  for g in "capablanca 5" "janus 5" "embassy 5" "losalamos 6" "almostchess 5 almost" "makruk 5"; do
    set -- $g
    name=$1 depth=$2 fsname=${3:-$1}
    ours=$($O perft --variant-file "variants/$name.toml" --depth "$depth" | tail -1)
    start=$(date +%s.%N)
    theirs=$(printf "uci\nsetoption name UCI_Variant value %s\nposition startpos\ngo perft %s\nquit\n" \
      "$fsname" "$depth" | "$F" 2>&1 | awk '/Nodes searched/ {print $3}')
    end=$(date +%s.%N)
    echo "$round $name depth $depth | oblique: $ours | fairy-stockfish: nodes $theirs time $(echo "$end - $start" | bc)"
  done
done
