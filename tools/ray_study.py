#!/usr/bin/env python3
"""Play one `oblique study` split into slices on a Ray cluster, and merge the slices.

Usage:
  python3 tools/ray_study.py --shards N [--address ADDR] [--binary PATH] --out DIR \\
      -- KIND STUDY ARGS ...

KIND is balance, values or playability. Each of the N Ray tasks runs
`oblique study KIND STUDY ARGS --shard K/N --out <a directory of its own>` (`--shard` plays
the study's games K, K+N, ... with the openings and numbers of the whole study) and hands
back its PGN. The driver writes slice K's games to DIR/games-K-of-N.pgn and runs
`oblique study KIND STUDY ARGS --out DIR --report-only`: the report reads every PGN file in
DIR, so it is the report the study played in one process writes. Rerunning the driver with
the same DIR skips nothing by itself: to resume, run the slices' commands into DIR directly.

--address: a running cluster (`ray start --head` on one machine, `ray start --address ...`
on the others; the binary must be at the same path on every node); without it, Ray starts a
local head node for this run. Each task asks Ray for --cpus-per-task CPUs (a study slice
plays one game at a time unless its arguments say --concurrency).
"""
import argparse
import os
import subprocess
import sys
import tempfile

from ray_slices import run_slices


def parse():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shards", type=int, required=True, help="number of slices (Ray tasks)")
    ap.add_argument("--address", help="Ray cluster address (default: a local head node)")
    ap.add_argument("--binary", default="target/release/oblique", help="the oblique binary")
    ap.add_argument("--out", required=True, help="the study's directory (PGN files and report)")
    ap.add_argument("--cpus-per-task", type=float, default=1.0)
    ap.add_argument("study_args", nargs=argparse.REMAINDER, help="-- then KIND and the study's arguments")
    a = ap.parse_args()
    rest = a.study_args[1:] if a.study_args[:1] == ["--"] else a.study_args
    if a.shards < 1:
        ap.error("--shards must be at least 1")
    if not rest or rest[0] not in ("balance", "values", "playability"):
        ap.error("give the study after --: balance, values or playability, then its arguments")
    for flag in ("--shard", "--out", "--report-only"):
        if flag in rest:
            ap.error(f"{flag} is set by the driver; leave it out of the study arguments")
    a.study_args = rest
    a.binary = os.path.abspath(a.binary)
    return a


def play_slice(binary, study_args, k, n):
    """One slice: runs the study with --shard k/n; returns (k, exit code, output, PGN text)."""
    with tempfile.TemporaryDirectory(prefix=f"oblique-study-{k}-") as d:
        cmd = [binary, "study", *study_args, "--shard", f"{k}/{n}", "--out", d, "--quiet"]
        p = subprocess.run(cmd, capture_output=True, text=True)
        pgn = os.path.join(d, f"games-{k}-of-{n}.pgn")
        text = open(pgn).read() if os.path.exists(pgn) else ""
        return k, p.returncode, p.stdout + p.stderr, text


def main():
    a = parse()
    results, ok = run_slices(a.address, a.shards, a.cpus_per_task, play_slice, a.binary, a.study_args)
    os.makedirs(a.out, exist_ok=True)
    for k, _, _, text in results:
        with open(os.path.join(a.out, f"games-{k}-of-{a.shards}.pgn"), "w") as f:
            f.write(text)
    print(f"{a.shards} slices written to {a.out}", flush=True)
    report = [a.binary, "study", *a.study_args, "--out", a.out, "--report-only", "--quiet"]
    rc = subprocess.run(report).returncode
    sys.exit(rc if ok else 1)


if __name__ == "__main__":
    main()
