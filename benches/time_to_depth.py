#!/usr/bin/env python3
"""Time to depth and nodes/s at 1 and 2 threads (Lazy SMP speed-up).

Usage: python3 benches/time_to_depth.py [BINARY] [REPETITIONS]
Runs `oblique analyze --depth D --threads T` on a fixed set of positions, 1 and 2 threads
interleaved (the order alternates), and prints the medians per position and the geometric
mean of the time-to-depth ratios. Run it on an otherwise idle machine.
"""
import math, statistics, subprocess, sys
BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/oblique"
REPS = int(sys.argv[2]) if len(sys.argv) > 2 else 5
POS = [
 ("chess", None, 15),
 ("chess", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 12),
 ("chess", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R1BQKB1R w KQ - 0 8", 13),
 ("chess", "2r2rk1/1bqnbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 13", 14),
 ("slanted", None, 13),
 ("ultraslanted", None, 11),
]
def run(v, fen, d, t):
    cmd = [BIN, "analyze", "--variant", v, "--depth", str(d), "--threads", str(t), "--hash", "64"]
    if fen: cmd += ["--fen", fen]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.splitlines()
    last = [l for l in out if l.startswith("depth ")][-1].split()
    g = lambda k: int(last[last.index(k) + 1])
    return g("time"), g("nps"), g("nodes")
res = {}
for rep in range(REPS):
    for i, (v, fen, d) in enumerate(POS):
        order = (1, 2) if (rep + i) % 2 == 0 else (2, 1)
        for t in order:
            res.setdefault((i, t), []).append(run(v, fen, d, t))
    print("rep", rep, "done", file=sys.stderr)
rows = []
sp = []
for i, (v, fen, d) in enumerate(POS):
    m = {}
    for t in (1, 2):
        xs = res[(i, t)]
        m[t] = (statistics.median(x[0] for x in xs), statistics.median(x[1] for x in xs))
    s = m[1][0] / m[2][0]
    sp.append(s)
    print(f"{v:13} {'start' if not fen else fen[:30]:32} d{d}: 1T {m[1][0]:6.0f} ms {m[1][1]/1e6:5.2f} Mn/s | 2T {m[2][0]:6.0f} ms {m[2][1]/1e6:5.2f} Mn/s | time-to-depth speed-up {s:4.2f}  nps x{m[2][1]/m[1][1]:4.2f}")
print("geometric mean time-to-depth speed-up", round(math.exp(sum(map(math.log, sp))/len(sp)), 2))
