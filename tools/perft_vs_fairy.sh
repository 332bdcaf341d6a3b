#!/bin/bash
# Perft speed of the shipped game files: Oblique (`perft --variant-file variants/NAME.toml`)
# beside one or more Fairy-Stockfish binaries (`go perft N` over UCI), interleaved: in each
# round every game is run by Oblique, then by each Fairy-Stockfish in the order given.
#
# Usage: tools/perft_vs_fairy.sh [OBLIQUE_BINARY [FAIRY_STOCKFISH_BINARY ...]]
#   (run from the repository root; figures: docs/speed.md, docs/speed-fairy-stockfish.md)
# Environment:
#   FAIRY_STOCKFISH  space-separated Fairy-Stockfish binaries, used when none is given as an
#                    argument (default: Debian's /usr/games/fairy-stockfish)
#   ROUNDS           rounds (default 3)
#   GAMES            space-separated NAME:DEPTH[:FS_NAME] (default: the list below); a NAME
#                    without variants/NAME.toml, or one Oblique refuses, is run by
#                    Fairy-Stockfish alone and said so
#
# Times, start-up excluded for both: Oblique's wall time is its perft's own `time` figure, its
# CPU time the process's user+system time less a depth-1 run's of the same file; Fairy-
# Stockfish's both run from sending `go perft N` (after `readyok`) to its `Nodes searched`
# line, the CPU time summed over its threads' /proc/PID/task/*/schedstat. On a shared machine
# the CPU time is the steadier figure (waiting for a core does not count). Both engines count
# the last ply in bulk.
# Every run's node count must equal the others' for the same game: a difference is reported
# as MISMATCH and makes the exit status 1.
set -u

O=${1:-target/release/oblique}
if [ $# -gt 1 ]; then
  shift
  FS_BINS=("$@")
else
  read -r -a FS_BINS <<< "${FAIRY_STOCKFISH:-/usr/games/fairy-stockfish}"
fi
ROUNDS=${ROUNDS:-3}
GAMES=${GAMES:-capablanca:5 losalamos:7 grand:4 janus:5 embassy:5 almostchess:5:almost makruk:5}

for bin in "$O" "${FS_BINS[@]}"; do
  if [ ! -x "$bin" ]; then
    echo "error: $bin is not an executable" >&2
    exit 2
  fi
done

# Fairy-Stockfish's `id name`, for the header.
fs_name() {
  printf 'uci\nquit\n' | "$1" 2>/dev/null | awk '/^id name/ {sub(/^id name /, ""); print; exit}'
}

# CPU seconds (user + system) of one run of a command, its output discarded; "-" if it fails.
cpu_of() {
  local TIMEFORMAT='%3U %3S' t
  if ! t=$({ time "$@" >/dev/null 2>&1; } 2>&1); then
    echo "-"
    return
  fi
  awk '{printf "%.3f", $1 + $2}' <<< "$t"
}

# Oblique's perft: prints "NODES WALL CPU", or the reason on stderr and then "- - -" (in that
# order: the caller reads the reason once it has read the line). WALL is its
# own `time` figure; CPU is the process's CPU time less that of a depth-1 run of the same file
# just before (start-up: reading the file, building the tables).
ours_perft() {
  local file=$1 depth=$2 out base t
  if [ ! -f "$file" ]; then
    echo "no game file $file" >&2
    echo "- - -"
    return
  fi
  if ! out=$("$O" perft --variant-file "$file" --depth 1 2>&1); then
    echo "$out" | tail -1 >&2
    echo "- - -"
    return
  fi
  base=$(cpu_of "$O" perft --variant-file "$file" --depth 1)
  local TIMEFORMAT='%3U %3S'
  { time out=$("$O" perft --variant-file "$file" --depth "$depth" 2>&1); } 2>"$tmp/time"
  # last line of the perft: nodes COUNT time SECONDS nps NPS
  echo "$out" | tail -1 | awk -v t="$(cat "$tmp/time")" -v b="$base" \
    '{split(t, c, " "); printf "%s %s %.3f\n", $2, $4, c[1] + c[2] - b}'
}

# Run time in nanoseconds of all the threads of a running process, so far.
proc_cpu_ns() {
  cat /proc/"$1"/task/*/schedstat 2>/dev/null | awk '{s += $1} END {printf "%.0f", s}'
}

# Fairy-Stockfish's perft over UCI: prints "NODES WALL CPU", both from sending `go perft N`
# (after `readyok`) to its `Nodes searched` line; CPU from the run time of all its
# threads (the perft runs in a search thread, not the main one).
fs_perft() {
  local bin=$1 variant=$2 depth=$3 line nodes=- t0 t1 c0 c1
  coproc FS { exec "$bin" 2>/dev/null; }
  printf 'uci\nsetoption name UCI_Variant value %s\nposition startpos\nisready\n' "$variant" >&"${FS[1]}"
  while read -r line <&"${FS[0]}"; do
    [[ $line == readyok* ]] && break
  done
  c0=$(proc_cpu_ns "$FS_PID")
  t0=$EPOCHREALTIME
  printf 'go perft %s\n' "$depth" >&"${FS[1]}"
  while read -r line <&"${FS[0]}"; do
    if [[ $line == "Nodes searched"* ]]; then
      nodes=${line##* }
      break
    fi
  done
  t1=$EPOCHREALTIME
  c1=$(proc_cpu_ns "$FS_PID")
  printf 'quit\n' >&"${FS[1]}"
  wait "$FS_PID" 2>/dev/null
  awk -v n="$nodes" -v a="$t0" -v b="$t1" -v c="$c0" -v d="$c1" \
    'BEGIN {printf "%s %.4f %.3f\n", n, b - a, (d - c) / 1e9}'
}

# Nodes per second, or "-" when the time is too short to divide by.
nps() {
  awk -v n="$1" -v s="$2" 'BEGIN {if (s + 0 > 0) printf "%.0f", n / s; else print "-"}'
}

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "# engine 0: $("$O" --version) ($O)"
for i in "${!FS_BINS[@]}"; do
  echo "# engine $((i + 1)): $(fs_name "${FS_BINS[$i]}") (${FS_BINS[$i]})"
done
echo "# round game depth engine nodes wall_s cpu_s nodes/s_wall nodes/s_cpu"

for round in $(seq 1 "$ROUNDS"); do
  for g in $GAMES; do
    IFS=: read -r name depth fsname <<< "$g"
    fsname=${fsname:-$name}
    read -r nodes wall cpu < <(ours_perft "variants/$name.toml" "$depth" 2>"$tmp/err")
    if [ "$nodes" = "-" ]; then
      echo "$round $name $depth 0 - - - - - # oblique: $(cat "$tmp/err")"
    else
      echo "$round $name $depth 0 $nodes $wall $cpu $(nps "$nodes" "$wall") $(nps "$nodes" "$cpu")" |
        tee -a "$tmp/results"
    fi
    for i in "${!FS_BINS[@]}"; do
      read -r nodes wall cpu < <(fs_perft "${FS_BINS[$i]}" "$fsname" "$depth")
      echo "$round $name $depth $((i + 1)) $nodes $wall $cpu $(nps "$nodes" "$wall") $(nps "$nodes" "$cpu")" |
        tee -a "$tmp/results"
    done
  done
done
echo "# load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

# Summary per game: the node count (every run must agree), each engine's best (shortest) wall
# and CPU time as nodes/s, and each Fairy-Stockfish's best time as a multiple of Oblique's.
echo "# game depth nodes | engine:best_nodes/s_wall:best_nodes/s_cpu ... | Oblique's speed-up over engine 1.. (wall, cpu)"
awk '
  function rate(n, t) { return t > 0 ? sprintf("%.1fM", n / t / 1e6) : "-" }
  function times(a, b) { return (a > 0 && b > 0) ? sprintf("%.1fx", a / b) : "-" }
  { key = $2 " " $3
    if (!(key in nodes)) { nodes[key] = $5; order[++n] = key }
    else if (nodes[key] != $5) { bad[key] = 1 }
    k = key SUBSEP $4
    if (!(k in wall) || $6 < wall[k]) wall[k] = $6
    if (!(k in cpu) || $7 < cpu[k]) cpu[k] = $7
    if ($4 > maxe) maxe = $4 }
  END {
    for (j = 1; j <= n; j++) {
      key = order[j]; line = key " " nodes[key] (key in bad ? " MISMATCH" : "") " |"
      for (e = 0; e <= maxe; e++) {
        k = key SUBSEP e
        line = line " " e ":" ((k in wall) ? rate(nodes[key], wall[k]) ":" rate(nodes[key], cpu[k]) : "-")
      }
      line = line " |"
      o = key SUBSEP 0
      for (e = 1; e <= maxe; e++) {
        k = key SUBSEP e
        line = line " " e ":" ((o in wall) ? times(wall[k], wall[o]) "," times(cpu[k], cpu[o]) : "-")
      }
      print line
      if (key in bad) status = 1
    }
    exit status
  }' "$tmp/results"
