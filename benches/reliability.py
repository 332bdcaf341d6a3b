#!/usr/bin/env python3
"""Stop latency and peak memory of the engine, in every game (docs/reliability.md).

Usage: python3 benches/reliability.py [BINARY] [stop|memory|all] [TRIES_PER_GAME]

stop:   over UCI, `go infinite` from a middle-game position of every game, `stop` after
        100-300 ms of search, time until `bestmove`; over XBoard, the engine thinking on its
        own move (`st 60`), `?` after 100-300 ms, time until `move`. Median, 99th
        percentile and maximum per protocol over all tries (TRIES_PER_GAME per game, 24 by
        default: 216 per protocol).
memory: peak resident memory (ru_maxrss) of `oblique analyze --movetime 1500` with Hash
        1, 64 and 1024 MB at 1 and 2 threads, in every game; the overhead beyond the hash.
Seeded (the pauses before stop repeat from run to run).
"""
import os, random, resource, statistics, subprocess, sys, time

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/oblique"
WHAT = sys.argv[2] if len(sys.argv) > 2 else "all"
TRIES = int(sys.argv[3]) if len(sys.argv) > 3 else 24

# (game, XBoard name, middle-game position) - the same middle games as `oblique bench`.
GAMES = [
    ("chess", "normal", "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
    ("slanted", "slanted", "rnbqkbnr/3ppp2/1pp4p/p1*2*p1/2*1P*1P/NP1BP3/1PPPK2P/R1BQ2NR w kq - 0 8"),
    ("minislanted", "minislanted", "rnbqkbnr/p1pp2pp/2*1p*P1/P1*2*P1/1pNPP1P1/R1BQKBNR b KQ - 0 8"),
    ("ultraslanted", "ultraslanted", "1rnbqkbnru/p1pp2p1pp/1p4p3/1u1*p1*p2/3*2*3/3*2*1P1/1PP6U/N1PPPPP1PP/1RUBQKBNR1 b KQkq - 1 8"),
    ("ultraslantedwhite", "ultraslantedwhite", "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU w KQkq - 0 1"),
    ("almostultraslanted", "almostultraslanted", "urnbckbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBCKBNRU b KQkq - 0 1"),
    ("sortofalmostultraslanted", "sortofalmostultraslanted", "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBCKBNRU b KQkq - 0 1"),
    ("diagonal", "diagonal", "5nnk/r1p1pp1b/7b/P2Nppqr/RP5p/1PPP4/BB1P4/KQ1RP3 w - - 2 8"),
    ("startrek", None, None),
]

class Engine:
    def __init__(self, first):
        self.p = subprocess.Popen([BIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send(first)
    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
    def until(self, pred):
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine ended")
            if pred(line.strip()):
                return line.strip()
    def close(self):
        self.send("quit")
        self.p.wait(timeout=10)

def stop_latency(rng):
    out = {}
    uci = Engine("uci")
    uci.until(lambda l: l == "uciok")
    xb = Engine("xboard")
    xb.send("protover 2")
    xb.until(lambda l: l == "feature done=1")
    for game, xname, fen in GAMES:
        uci.send(f"setoption name UCI_Variant value {game}")
        uci.send(f"position fen {fen}" if fen else "position startpos")
        for _ in range(TRIES):
            uci.send("isready"); uci.until(lambda l: l == "readyok")
            uci.send("go infinite")
            time.sleep(rng.uniform(0.1, 0.3))
            t0 = time.perf_counter()
            uci.send("stop")
            uci.until(lambda l: l.startswith("bestmove"))
            out.setdefault("uci", []).append((time.perf_counter() - t0) * 1000)
        if xname is None:
            continue  # Star Trek chess is not an XBoard game
        for _ in range(TRIES):
            xb.send("new"); xb.send(f"variant {xname}"); xb.send("force")
            xb.send(f"setboard {fen}"); xb.send("st 60"); xb.send("ping 1")
            xb.until(lambda l: l == "pong 1")
            xb.send("go")
            time.sleep(rng.uniform(0.1, 0.3))
            t0 = time.perf_counter()
            xb.send("?")
            xb.until(lambda l: l.startswith("move "))
            out.setdefault("xboard", []).append((time.perf_counter() - t0) * 1000)
        print(f"{game} done", file=sys.stderr)
    uci.close(); xb.close()
    for proto, xs in out.items():
        xs.sort()
        p99 = xs[min(len(xs) - 1, int(round(0.99 * (len(xs) - 1))))]
        print(f"stop latency {proto}: {len(xs)} tries, median {statistics.median(xs):.2f} ms, "
              f"99th percentile {p99:.2f} ms, max {xs[-1]:.2f} ms")

def peak_rss_mb(cmd):
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    if status != 0:
        raise RuntimeError(f"{cmd} failed")
    return usage.ru_maxrss / 1024

def memory():
    print("peak resident memory (MB) of analyze --movetime 1500; rows: game; columns: hash MB / threads")
    cols = [(h, t) for h in (1, 64, 1024) for t in (1, 2)]
    print("game".ljust(26) + "".join(f"{h}/{t}".rjust(9) for h, t in cols))
    over = []
    for game, _, fen in GAMES:
        row = []
        for h, t in cols:
            cmd = [BIN, "analyze", "--variant", game, "--movetime", "1500", "--hash", str(h), "--threads", str(t)]
            if fen:
                cmd += ["--fen", fen]
            mb = peak_rss_mb(cmd)
            row.append(mb)
            over.append(mb - h)
        print(game.ljust(26) + "".join(f"{mb:9.1f}" for mb in row))
    print(f"overhead beyond the hash: {min(over):.1f} - {max(over):.1f} MB")

rng = random.Random(1)
if WHAT in ("stop", "all"):
    stop_latency(rng)
if WHAT in ("memory", "all"):
    memory()
