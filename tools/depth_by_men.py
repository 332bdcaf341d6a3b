#!/usr/bin/env python3
"""The depth gap by men left: how deep each engine searched in a match's games, and how long
each takes to reach a fixed depth from those games' positions, by the men on the board.

Why: against Fairy-Stockfish 11.1 Oblique's games are lost in the middle game and the
endgame alike (docs/strength-log.md, "Where those games are lost"), and issue 33 asks for
the depth gap as the board empties to be measured beside Fairy-Stockfish before it is
closed. The match PGN already holds every move's depth and time (`{score/depth time}`,
written by `oblique match`), so the first table costs nothing; the second runs both
engines on positions of the same games, one at a time on an otherwise idle machine.

Usage:
    python3 tools/depth_by_men.py GAMES.pgn [GAMES.pgn ...]
        [--time-to-depth --oblique "./target/release/oblique uci"
         --other /usr/games/fairy-stockfish --depth 12 --per-bucket 8 --seed 1]

Depths are each engine's own count of plies (Fairy-Stockfish reports its depth after its
heavier reductions, so the two columns are not one scale); the time-to-depth table times
each engine to its own depth D with `go depth D` (64 MB hash, one thread, a fresh game
each position) and gives the medians. Orthodox chess only (python-chess replays the
moves; a game it cannot replay, such as a file game's, stops the tool with a one-line
error). Needs python-chess (`pip install chess`).
"""

import argparse
import collections
import itertools
import logging
import os
import random
import re
import shlex
import statistics
import sys
import time

import chess
import chess.engine
import chess.pgn

# python-chess logs each PGN error with a traceback; read_moves reports the first in one line.
logging.getLogger("chess.pgn").setLevel(logging.CRITICAL)

# Men on the board, in buckets from the opening down to the bare endgame.
BUCKETS = [(28, 32), (20, 27), (12, 19), (8, 11), (2, 7)]
COMMENT = re.compile(r"^[+-]?(?:\d+\.\d+|M\d+)/(\d+) (\d+\.\d+)s")


def bucket_of(men):
    for lo, hi in BUCKETS:
        if lo <= men <= hi:
            return (lo, hi)
    return None


def label(b):
    return f"{b[0]}-{b[1]} men"


def read_moves(paths):
    """Every searched move of the files: (engine name, men before the move, depth, seconds,
    FEN before the move)."""
    rows = []
    for path in paths:
        with open(path) as f:
            for number in itertools.count(1):
                game = chess.pgn.read_game(f)
                if game is None:
                    break
                names = {chess.WHITE: game.headers.get("White", "?"),
                         chess.BLACK: game.headers.get("Black", "?")}
                if game.errors:
                    # A game python-chess cannot replay (another game's `Variant`, an illegal
                    # move): one line, not a traceback.
                    sys.exit(f"error: {path}: game {number}: {game.errors[0]} "
                             "(this tool replays orthodox chess games only)")
                board = game.board()
                for node in game.mainline():
                    m = COMMENT.match(node.comment.strip())
                    if m:
                        rows.append((names[board.turn], len(board.piece_map()),
                                     int(m.group(1)), float(m.group(2)), board.fen()))
                    board.push(node.move)
    return rows


def played_table(rows):
    by = collections.defaultdict(list)
    engines = sorted({r[0] for r in rows})
    for name, men, depth, secs, _ in rows:
        b = bucket_of(men)
        if b:
            by[(name, b)].append((depth, secs))
    print("Depth reached in the games (median depth, mean depth / mean seconds a move, "
          "moves counted):")
    print("| men | " + " | ".join(engines) + " |")
    print("|---|" + "---|" * len(engines))
    for b in BUCKETS:
        cells = []
        for e in engines:
            xs = by.get((e, b), [])
            if xs:
                cells.append(f"{statistics.median(d for d, _ in xs):.0f}, "
                             f"{statistics.mean(d for d, _ in xs):.1f} / "
                             f"{statistics.mean(s for _, s in xs):.2f} s ({len(xs)})")
            else:
                cells.append("-")
        print(f"| {label(b)} | " + " | ".join(cells) + " |")


def time_to_depth(command, fen, depth):
    engine = chess.engine.SimpleEngine.popen_uci(shlex.split(command))
    try:
        try:
            engine.configure({"Threads": 1, "Hash": 64})
        except chess.engine.EngineError:
            pass
        start = time.perf_counter()
        engine.analyse(chess.Board(fen), chess.engine.Limit(depth=depth))
        return time.perf_counter() - start
    finally:
        engine.quit()


def depth_table(rows, engines, depth, per_bucket, seed):
    rng = random.Random(seed)
    fens = collections.defaultdict(set)
    for _, men, _, _, fen in rows:
        b = bucket_of(men)
        if b:
            fens[b].add(fen)
    print(f"\nTime to depth {depth} from positions of these games (median seconds, "
          f"{per_bucket} positions a bucket, engines interleaved):")
    print("| men | " + " | ".join(name for name, _ in engines) + " | ratio (first / second) |")
    print("|---|" + "---|" * (len(engines) + 1))
    for b in BUCKETS:
        pool = sorted(fens.get(b, ()))
        if not pool:
            continue
        sample = rng.sample(pool, min(per_bucket, len(pool)))
        times = [[] for _ in engines]
        for i, fen in enumerate(sample):
            order = list(range(len(engines)))
            if i % 2:
                order.reverse()
            for k in order:
                times[k].append(time_to_depth(engines[k][1], fen, depth))
        meds = [statistics.median(t) for t in times]
        ratio = meds[0] / meds[1] if len(meds) == 2 and meds[1] > 0 else float("nan")
        print(f"| {label(b)} | " + " | ".join(f"{m:.2f}" for m in meds) + f" | {ratio:.2f} |")
        sys.stdout.flush()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("pgn", nargs="+")
    ap.add_argument("--time-to-depth", action="store_true",
                    help="also time both engines to a fixed depth from the games' positions")
    ap.add_argument("--oblique", default="target/release/oblique uci",
                    help="Oblique's UCI command line")
    ap.add_argument("--other", default="/usr/games/fairy-stockfish",
                    help="the other engine's UCI command line")
    ap.add_argument("--depth", type=int, default=12)
    ap.add_argument("--per-bucket", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    try:
        rows = read_moves(args.pgn)
    except (OSError, UnicodeDecodeError) as e:
        sys.exit(f"error: cannot read {e.filename or 'the PGN'}: {e.strerror or e}")
    if not rows:
        sys.exit("error: no move with a {score/depth time} comment in " + ", ".join(args.pgn))
    played_table(rows)
    if args.time_to_depth:
        engines = [(os.path.basename(shlex.split(c)[0]), c) for c in (args.oblique, args.other)]
        try:
            depth_table(rows, engines, args.depth, args.per_bucket, args.seed)
        except (OSError, chess.engine.EngineError, chess.engine.EngineTerminatedError) as e:
            sys.exit(f"error: an engine failed: {e}")


if __name__ == "__main__":
    main()
