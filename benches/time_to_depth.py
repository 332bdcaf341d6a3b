#!/usr/bin/env python3
"""Time to depth and nodes/s at 1 and 2 threads (Lazy SMP speed-up).

Usage: python3 benches/time_to_depth.py [BINARY ...] [REPETITIONS]
Runs `oblique analyze --depth D --threads T` on a fixed set of positions, 1 and 2 threads
interleaved (the order rotates), and prints the medians per position and the geometric
mean of the time-to-depth ratios. With several binaries (an A/B of two builds whose
one-thread search is the same: `bench` gives the same node count), each rep runs the first
binary at one thread and every binary at two threads, in rotating order, and each binary's
speed-up is taken against the same one-thread runs. DEPTH_PLUS=N in the environment adds N
plies to every position's depth (a faster build reaches the listed depths in well under a
second, where start-up and noise weigh most). TTD_POSITIONS=FILE replaces the positions
with the file's lines `variant;FEN;depth` (FEN empty for the start position): two-thread
searches scatter widely from position to position, so a dozen positions or more give a
steadier mean than many reps of a few. With several binaries it also prints each later
one's speed-up against the first's, paired position by position, with one standard error of
the mean log ratio. Run it on an otherwise idle machine.
"""
import math, os, statistics, subprocess, sys

args = sys.argv[1:]
if any(a in ("-h", "--help") for a in args):
    print(__doc__.strip())
    sys.exit(0)
REPS = int(args.pop()) if args and args[-1].isdigit() else 5
BINS = args or ["target/release/oblique"]
PLUS = int(os.environ.get("DEPTH_PLUS", "0"))
POS = [
 ("chess", None, 15),
 ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 12),
 ("chess", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8", 13),
 ("chess", "2r2rk1/1bqnbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 13", 14),
 ("slanted", None, 13),
 ("ultraslanted", None, 11),
]

if os.environ.get("TTD_POSITIONS"):
    POS = []
    path = os.environ["TTD_POSITIONS"]
    for n, line in enumerate(open(path), 1):
        if line.strip() and not line.startswith("#"):
            try:
                v, fen, d = line.strip().split(";")
                POS.append((v, fen or None, int(d)))
            except ValueError:
                sys.exit(f"{path}:{n}: expected `variant;FEN;depth`, found {line.strip()!r}")


def run(binary, v, fen, d, t):
    cmd = [binary, "analyze", "--variant", v, "--depth", str(d), "--threads", str(t), "--hash", "64"]
    if fen:
        cmd += ["--fen", fen]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()
    last = [l for l in out if l.startswith("depth ")][-1].split()
    g = lambda k: int(last[last.index(k) + 1])
    return g("time"), g("nps"), g("nodes")


# The runs of one rep: (label, binary, threads); label 0 is the one-thread run.
RUNS = [(0, BINS[0], 1)] + [(i + 1, b, 2) for i, b in enumerate(BINS)]
res = {}
for rep in range(REPS):
    for i, (v, fen, d) in enumerate(POS):
        k = (rep + i) % len(RUNS)
        for label, binary, t in RUNS[k:] + RUNS[:k]:
            res.setdefault((i, label), []).append(run(binary, v, fen, d + PLUS, t))
    print("rep", rep, "done", file=sys.stderr)
med = lambda xs, j: statistics.median(x[j] for x in xs)
speedups = {label: [] for label, _, _ in RUNS[1:]}
for i, (v, fen, d) in enumerate(POS):
    one = res[(i, 0)]
    line = f"{v:13} {'start' if not fen else fen[:30]:32} d{d + PLUS}: 1T {med(one, 0):6.0f} ms {med(one, 1)/1e6:5.2f} Mn/s"
    for label, binary, _ in RUNS[1:]:
        two = res[(i, label)]
        s = med(one, 0) / med(two, 0)
        speedups[label].append(s)
        name = f" [{os.path.basename(binary)}]" if len(BINS) > 1 else ""
        line += f" | 2T{name} {med(two, 0):6.0f} ms {med(two, 1)/1e6:5.2f} Mn/s x{s:4.2f} (nps x{med(two, 1)/med(one, 1):4.2f})"
    print(line)
for label, binary, _ in RUNS[1:]:
    sp = speedups[label]
    print("geometric mean time-to-depth speed-up", os.path.basename(binary),
          round(math.exp(sum(map(math.log, sp)) / len(sp)), 2))
# Each later build against the first, position by position: the geometric mean of the
# ratios of their speed-ups and one standard error of the mean log ratio.
for label, binary, _ in RUNS[2:]:
    logs = [math.log(b / a) for a, b in zip(speedups[1], speedups[label])]
    if len(logs) > 1:
        se = statistics.stdev(logs) / math.sqrt(len(logs))
        print(f"paired against {os.path.basename(BINS[0])}: {os.path.basename(binary)}",
              f"x{math.exp(statistics.mean(logs)):.3f} (log ratio {statistics.mean(logs):+.3f} ± {se:.3f})")
