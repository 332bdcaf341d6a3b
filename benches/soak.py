#!/usr/bin/env python3
"""Soak: many fast games between Oblique instances through `oblique match`, over UCI and
XBoard, in every game, counting illegal moves, time forfeits and crashes, and sampling the
engines' resident memory as the games go (docs/reliability.md).

Usage: python3 benches/soak.py [BINARY] [TOTAL_GAMES] [TC]
Defaults: target/release/oblique, 1000 games, 1+0.01. Half the games over UCI (the nine
games), half over XBoard (the eight 2D games), one match per game and protocol, Hash 16,
one thread each, concurrency 1, random 4-ply openings (seeded). Per match, the engines'
memory is read from /proc after game 10 and at the end.
"""
import os, re, subprocess, sys, tempfile, threading, time

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "target/release/oblique")
TOTAL = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
TC = sys.argv[3] if len(sys.argv) > 3 else "1+0.01"
GAMES_2D = ["chess", "slanted", "minislanted", "ultraslanted", "ultraslantedwhite",
            "almostultraslanted", "sortofalmostultraslanted", "diagonal"]
PLAN = [(g, "uci") for g in GAMES_2D + ["startrek"]] + [(g, "xboard") for g in GAMES_2D]

def children_rss_kb(ppid):
    total = {}
    for pid in os.listdir("/proc"):
        if not pid.isdigit():
            continue
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            if int(fields[1]) != ppid:
                continue
            with open(f"/proc/{pid}/status") as f:
                m = re.search(r"VmRSS:\s+(\d+)", f.read())
            if m:
                total[int(pid)] = int(m.group(1))
        except (OSError, IndexError, ValueError):
            continue
    return total

def finished_games(pgn):
    try:
        with open(pgn) as f:
            return f.read().count("[Result ")
    except OSError:
        return 0

def run_match(variant, proto, games, seed, workdir):
    pgn = os.path.join(workdir, f"{variant}-{proto}.pgn")
    cmd = [BIN, "match", "--variant", variant, "--games", str(games), "--tc", TC,
           "--random-plies", "4", "--seed", str(seed), "--concurrency", "1", "--quiet",
           "--pgn", pgn,
           "--engine", f"{BIN} proto={proto} name=A option.Hash=16",
           "--engine", f"{BIN} proto={proto} name=B option.Hash=16"]
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    samples = []  # (games finished, {pid: rss kb})
    def sample():
        while p.poll() is None:
            samples.append((finished_games(pgn), children_rss_kb(p.pid)))
            time.sleep(1.0)
    t = threading.Thread(target=sample, daemon=True)
    t.start()
    out = p.communicate()[0]
    t.join()
    return p.returncode, out, pgn, samples

def main():
    workdir = tempfile.mkdtemp(prefix="oblique-soak-")
    per = TOTAL // len(PLAN)
    extra = TOTAL - per * len(PLAN)
    totals = {"games": 0, "illegal": 0, "time": 0, "crash": 0}
    growth = []
    for i, (variant, proto) in enumerate(PLAN):
        games = per + (1 if i < extra else 0)
        games += games % 2  # pairs of colours
        rc, out, pgn, samples = run_match(variant, proto, games, 1000 + i, workdir)
        text = open(pgn).read() if os.path.exists(pgn) else ""
        term = re.findall(r'\[Termination "([^"]*)"\]', text)
        # PGN Termination tags of `oblique match` (arena/src/game.rs): "rules infraction" for an
        # illegal or unreadable move, "time forfeit", "abandoned" for a crash or a stall.
        illegal = term.count("rules infraction")
        timeouts = term.count("time forfeit")
        crashes = term.count("abandoned")
        n = text.count("[Result ")
        totals["games"] += n; totals["illegal"] += illegal; totals["time"] += timeouts; totals["crash"] += crashes
        early = next((s for g, s in samples if g >= 10 and s), None)
        late = next((s for g, s in reversed(samples) if s), None)
        if early and late:
            e = max(early.values()) / 1024
            l = max(late.values()) / 1024
            growth.append(l - e)
            mem = f"engine RSS after game 10 {e:.1f} MB, at the end {l:.1f} MB"
        else:
            mem = "memory not sampled"
        last = [l for l in out.splitlines() if l.strip()][-3:]
        print(f"{variant:<26} {proto:<6} {n:>4} games, illegal {illegal}, time forfeits {timeouts}, "
              f"crashes {crashes}, exit {rc}; {mem}", flush=True)
        if rc != 0:
            print("\n".join(last), flush=True)
    print(f"total: {totals['games']} games, {totals['illegal']} illegal moves, {totals['time']} time "
          f"forfeits, {totals['crash']} crashes; largest engine memory growth from game 10 to the "
          f"end of a match: {max(growth) if growth else float('nan'):.1f} MB (PGNs in {workdir})")

main()
