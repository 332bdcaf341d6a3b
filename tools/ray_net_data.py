#!/usr/bin/env python3
"""Play one `oblique net data` run (or score one `oblique net relabel` run) split into slices
on a Ray cluster, and merge the slices.

Usage:
  python3 tools/ray_net_data.py --shards N [--address ADDR] [--binary PATH] [--command relabel] \\
      --out FILE -- NET DATA ARGS ...

Each of the N Ray tasks runs `oblique net data NET DATA ARGS --shard K/N --out <its own file>`
(`--shard` plays the run's games K, K+N, ... with the openings and game numbers of the whole
run) and hands back its records. With `--command relabel` the tasks run `oblique net relabel`
instead (its --data files, like the binary, must be at the same path on every node), each
scoring the recorded games whose number is K modulo N. The driver writes slice K to FILE.slices/K-of-N.txt and runs
`oblique net merge` on them into FILE: byte for byte the file the same run writes in one
process, so a network trained on it is the one its recorded command gives. The slice files
are removed after a good merge.

--address: a running cluster (`ray start --head` on one machine, `ray start --address ...`
on the others; the binary, and any --variant-file, must be at the same path on every node);
without it, Ray starts a local head node for this run. Each task asks Ray for as many CPUs
as its slice plays games at once (--threads in the run's arguments, 1 by default), at most
the CPUs of the largest node.
A slice's records travel back through Ray's object store: about 60 bytes a position.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

from ray_slices import run_slices


def parse():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--shards", type=int, required=True, help="number of slices (Ray tasks)")
    ap.add_argument("--address", help="Ray cluster address (default: a local head node)")
    ap.add_argument("--binary", default="target/release/oblique", help="the oblique binary")
    ap.add_argument("--command", choices=("data", "relabel"), default="data",
                    help="the `oblique net` command each slice runs (default: data)")
    ap.add_argument("--out", required=True, help="the merged records file to write")
    ap.add_argument("data_args", nargs=argparse.REMAINDER, help="-- then the command's arguments")
    a = ap.parse_args()
    rest = a.data_args[1:] if a.data_args[:1] == ["--"] else a.data_args
    if a.shards < 1:
        ap.error("--shards must be at least 1")
    if not rest:
        ap.error(f"give the `oblique net {a.command}` arguments after --")
    for flag in ("--shard", "--out"):
        if flag in rest:
            ap.error(f"{flag} is set by the driver; leave it out of the run's arguments")
    a.data_args = rest
    a.binary = os.path.abspath(a.binary)
    a.threads = threads_of(rest)
    if a.threads is None:
        ap.error("--threads takes a whole number of at least 1")
    return a


def threads_of(args):
    """The games a slice plays at once (its --threads), or None if the value is not one."""
    for i, x in enumerate(args):
        value = None
        if x == "--threads" and i + 1 < len(args):
            value = args[i + 1]
        elif x.startswith("--threads="):
            value = x.split("=", 1)[1]
        if value is not None:
            return int(value) if value.isdigit() and int(value) >= 1 else None
    return 1


def play_slice(binary, command, data_args, k, n):
    """One slice: runs `oblique net COMMAND ... --shard k/n`; returns (k, exit code, output, records)."""
    with tempfile.TemporaryDirectory(prefix=f"oblique-net-{command}-{k}-") as d:
        out = os.path.join(d, "slice.txt")
        cmd = [binary, "net", command, *data_args, "--shard", f"{k}/{n}", "--out", out]
        p = subprocess.run(cmd, capture_output=True, text=True)
        text = open(out).read() if os.path.exists(out) else ""
        return k, p.returncode, p.stdout + p.stderr, text


def main():
    a = parse()
    results, ok = run_slices(a.address, a.shards, a.threads, play_slice, a.binary, a.command, a.data_args)
    if not ok:
        sys.exit(1)
    slices_dir = a.out + ".slices"
    os.makedirs(slices_dir, exist_ok=True)
    files = []
    for k, _, _, text in results:
        path = os.path.join(slices_dir, f"{k}-of-{a.shards}.txt")
        with open(path, "w") as f:
            f.write(text)
        files.append(path)
    merge = [a.binary, "net", "merge", *files, "--out", a.out]
    rc = subprocess.run(merge).returncode
    if rc == 0:
        shutil.rmtree(slices_dir)
    sys.exit(rc)


if __name__ == "__main__":
    main()
