#!/usr/bin/env python3
"""A tactical test suite (EPD with `bm`/`am`, e.g. Win At Chess) against UCI and XBoard
engines through python-chess, at a fixed time per position.

Usage: python3 benches/tactics.py SUITE.epd SECONDS ENGINE ...
ENGINE: `uci:COMMAND` or `xboard:COMMAND` (e.g. `uci:target/release/oblique`,
`xboard:/usr/games/sjaakii`; an XBoard engine needs `setboard`, which Fairy-Max lacks).
Prints solved/total per engine and the ids of the misses.
A position is solved when the engine's move is one of `bm` (and none of `am`).
"""
import shlex, sys
import chess, chess.engine

def load(path):
    out = []
    for line in open(path):
        line = line.strip()
        if not line:
            continue
        board = chess.Board()
        ops = board.set_epd(line)
        out.append((board, ops))
    return out

def run(spec, suite, seconds):
    proto, _, cmd = spec.partition(":")
    argv = shlex.split(cmd)
    eng = (chess.engine.SimpleEngine.popen_uci(argv) if proto == "uci"
           else chess.engine.SimpleEngine.popen_xboard(argv))
    solved, missed = 0, []
    for board, ops in suite:
        res = eng.play(board, chess.engine.Limit(time=seconds), game=object())
        good = ops.get("bm", [])
        bad = ops.get("am", [])
        ok = res.move is not None and (not good or res.move in good) and res.move not in bad
        solved += ok
        if not ok:
            missed.append(ops.get("id", board.fen()))
    eng.quit()
    return solved, missed

def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    suite = load(sys.argv[1])
    seconds = float(sys.argv[2])
    for spec in sys.argv[3:]:
        try:
            solved, missed = run(spec, suite, seconds)
        except chess.engine.EngineError as e:
            print(f"{spec}: cannot be tested here ({e})", flush=True)
            continue
        print(f"{spec}: {solved}/{len(suite)} solved at {seconds} s; missed: {' '.join(missed)}", flush=True)

main()
