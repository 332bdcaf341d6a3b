#!/usr/bin/env python3
"""Play one `oblique match` split into slices on a Ray cluster, and merge the slices.

Usage:
  python3 tools/ray_match.py --shards N [--address ADDR] [--binary PATH] --pgn OUT.pgn \\
      [--sprt PARAMS] -- MATCH ARGS ...

Each of the N Ray tasks runs `oblique match MATCH ARGS --shard K/N --pgn <its own file>`
(`--shard` plays the scheduled games K, K+N, ... with the openings, colours and game numbers
of the whole match; random openings need `--seed`). The driver writes every game to OUT.pgn
in game order and prints `oblique match report OUT.pgn` (with --sprt if given): the same
statistics as the match played in one process.

--address: a running cluster (`ray start --head` on one machine, `ray start --address ...`
on the others; the binary and any opening file must be at the same path on every node);
without it, Ray starts a local head node for this run. Each task asks Ray for as many CPUs
as the slice's engines may use at once (one game at a time per slice; --cpus-per-task).
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

from ray_slices import run_slices


def parse():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shards", type=int, required=True, help="number of slices (Ray tasks)")
    ap.add_argument("--address", help="Ray cluster address (default: a local head node)")
    ap.add_argument("--binary", default="target/release/oblique", help="the oblique binary")
    ap.add_argument("--pgn", required=True, help="merged PGN file to write")
    ap.add_argument("--sprt", help="SPRT parameters for the merged report")
    ap.add_argument("--cpus-per-task", type=float, default=1.0)
    ap.add_argument("match_args", nargs=argparse.REMAINDER, help="-- then the `oblique match` arguments")
    a = ap.parse_args()
    rest = a.match_args[1:] if a.match_args[:1] == ["--"] else a.match_args
    if a.shards < 1:
        ap.error("--shards must be at least 1")
    if not rest:
        ap.error("give the `oblique match` arguments after --")
    for flag in ("--shard", "--pgn", "--sprt"):
        if flag in rest:
            ap.error(f"{flag} is set by the driver; leave it out of the match arguments")
    a.match_args = rest
    a.binary = os.path.abspath(a.binary)
    return a


def play_slice(binary, match_args, k, n):
    """One slice: runs `oblique match ... --shard k/n` and returns (k, exit code, output, PGN text)."""
    with tempfile.TemporaryDirectory(prefix=f"oblique-shard-{k}-") as d:
        pgn = os.path.join(d, "slice.pgn")
        cmd = [binary, "match", *match_args, "--shard", f"{k}/{n}", "--pgn", pgn, "--quiet"]
        p = subprocess.run(cmd, capture_output=True, text=True)
        text = open(pgn).read() if os.path.exists(pgn) else ""
        return k, p.returncode, p.stdout + p.stderr, text


def split_games(text):
    """The games of a PGN text, each with its Round number."""
    games = []
    for part in re.split(r"(?m)^(?=\[Event )", text):
        if not part.strip():
            continue
        m = re.search(r'\[Round "(\d+)"\]', part)
        games.append((int(m.group(1)) if m else 0, part.rstrip() + "\n\n"))
    return games


def main():
    a = parse()
    results, ok = run_slices(a.address, a.shards, a.cpus_per_task, play_slice, a.binary, a.match_args)
    games = sorted(g for *_, text in results for g in split_games(text))
    with open(a.pgn, "w") as f:
        f.writelines(text for _, text in games)
    print(f"{len(games)} games from {a.shards} slices written to {a.pgn}", flush=True)
    report = [a.binary, "match", "report", a.pgn] + (["--sprt", a.sprt] if a.sprt else [])
    rc = subprocess.run(report).returncode
    sys.exit(rc if ok else 1)


if __name__ == "__main__":
    main()
