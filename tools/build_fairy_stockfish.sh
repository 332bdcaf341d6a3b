#!/bin/bash
# Build Fairy-Stockfish from a local copy of its source, without network, with the large-board
# and all-variants options (`largeboards=yes all=yes`, no NNUE: `nnue=no` keeps the Makefile from
# downloading a net), for the perft and match comparisons in docs/speed-fairy-stockfish.md.
#
# Usage: tools/build_fairy_stockfish.sh SOURCE [OUTPUT]
#   SOURCE  the source tree (the directory holding src/Makefile) or a bare git directory of
#           the repository (its HEAD is exported to a scratch directory, built there and
#           removed afterwards)
#   OUTPUT  where the binary goes (default: target/fairy-stockfish/fairy-stockfish)
# Environment: ARCH (default: x86-64-bmi2 if the CPU has BMI2, else x86-64-avx2 if AVX2,
#           else x86-64-modern), NICE (default 19), JOBS (default 1).
# Prints the binary's path on the last line of stdout; the build log goes to stderr.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 SOURCE_DIR_OR_GIT_DIR [OUTPUT]" >&2
  exit 2
fi
source=$1
output=${2:-target/fairy-stockfish/fairy-stockfish}

if [ -z "${ARCH:-}" ]; then
  if grep -qw bmi2 /proc/cpuinfo; then ARCH=x86-64-bmi2
  elif grep -qw avx2 /proc/cpuinfo; then ARCH=x86-64-avx2
  else ARCH=x86-64-modern
  fi
fi

commit=unknown
if [ -f "$source/src/Makefile" ]; then
  tree=$source
  if git -C "$source" rev-parse HEAD >/dev/null 2>&1; then
    commit=$(git -C "$source" rev-parse HEAD)
  fi
elif git --git-dir="$source" rev-parse --verify HEAD >/dev/null 2>&1; then
  commit=$(git --git-dir="$source" rev-parse HEAD)
  tree=$(mktemp -d "${TMPDIR:-/tmp}/fairy-stockfish-src.XXXXXX")
  trap 'rm -rf "$tree"' EXIT
  git --git-dir="$source" archive HEAD | tar -x -C "$tree"
  if [ ! -f "$tree/src/Makefile" ]; then
    echo "error: $source: HEAD has no src/Makefile (not Fairy-Stockfish's repository?)" >&2
    exit 1
  fi
else
  echo "error: $source: neither a source tree with src/Makefile nor a git directory" >&2
  exit 1
fi

echo "building $tree (commit $commit) with ARCH=$ARCH largeboards=yes all=yes nnue=no" >&2
nice -n "${NICE:-19}" make -C "$tree/src" build ARCH="$ARCH" largeboards=yes all=yes nnue=no \
  -j"${JOBS:-1}" >&2

mkdir -p "$(dirname "$output")"
cp "$tree/src/stockfish" "$output"
version=$(printf 'uci\nquit\n' | "$output" | awk '/^id name/ {sub(/^id name /, ""); print; exit}')
if [ -z "$version" ]; then
  echo "error: $output does not answer \`uci\` with an id name" >&2
  exit 1
fi
echo "built: $version, commit $commit, ARCH=$ARCH" >&2
echo "$output"
