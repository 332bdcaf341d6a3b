#!/usr/bin/env python3
"""Write `oblique net data` records of orthodox-chess positions that are draws by rule.

Why: a network learns only the positions its data holds. Self-play rarely reaches a king and
a lone minor piece against a king, so a network trained on a teacher's scores of such games
may score those endings as wins (the network of seed 19 scored king and bishop against king
at -74 cp). FIDE's Laws (article 5.2.2) call a position where no sequence of legal moves can
mate a dead position, and the game is drawn at once; its true score is 0 whoever moves, so
these records need no engine and no search.

The positions are random legal placements (python-chess's `Board.is_valid`: kings apart, the
side not to move not in check) of the dead material sets that need no look at the moves:
  king against king;
  king and one knight or one bishop against a king (either side has the piece);
  kings and bishops only, every bishop on squares of one colour (one or two a side).
Each record is `game 0.5 0 fen`, one game per position numbered from `--first-game` (put it
above the data set's own game numbers, so no two sets share a game), both sides to move
equally often. The same `--seed` and `--count` give the same file.

usage: dead_positions.py --count N --seed S --first-game G --out FILE
"""

import argparse
import random
import sys

import chess


def material(rng):
    """White's and Black's men beside their kings: one of the dead sets, either way round."""
    kind = rng.random()
    if kind < 0.05:
        sets = ([], [])
    elif kind < 0.45:
        sets = ([chess.BISHOP], [])
    elif kind < 0.85:
        sets = ([chess.KNIGHT], [])
    else:
        sets = ([chess.BISHOP] * rng.choice([1, 2]), [chess.BISHOP] * rng.choice([1, 2]))
    return sets if rng.random() < 0.5 else (sets[1], sets[0])


def placement(rng, white, black):
    """A random valid board with these men (bishops all on one square colour), or None."""
    board = chess.Board(None)
    bishop_colour = rng.choice([0, 1])
    free = list(chess.SQUARES)
    rng.shuffle(free)
    for colour, men in ((chess.WHITE, [chess.KING] + white), (chess.BLACK, [chess.KING] + black)):
        for role in men:
            square = next(
                (
                    s
                    for s in free
                    if role != chess.BISHOP
                    or (chess.square_rank(s) + chess.square_file(s)) % 2 == bishop_colour
                ),
                None,
            )
            if square is None:
                return None
            free.remove(square)
            board.set_piece_at(square, chess.Piece(role, colour))
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    return board if board.is_valid() else None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, required=True, help="positions to write")
    ap.add_argument("--seed", type=int, default=1, help="seed of the placements")
    ap.add_argument(
        "--first-game", type=int, required=True, help="game number of the first record"
    )
    ap.add_argument("--out", required=True, help="the records file to write")
    a = ap.parse_args()
    if a.count < 0 or a.first_game < 0:
        sys.exit("dead_positions: --count and --first-game must not be negative")
    rng = random.Random(a.seed)
    seen = set()
    lines = []
    while len(lines) < a.count:
        board = placement(rng, *material(rng))
        # python-chess's FIDE test of dead material guards the sets `material` draws.
        if board is None or not board.is_insufficient_material():
            continue
        fen = board.fen()
        if fen in seen:
            continue
        seen.add(fen)
        lines.append(f"{a.first_game + len(lines)} 0.5 0 {fen}\n")
    try:
        with open(a.out, "w") as out:
            out.writelines(lines)
    except OSError as e:
        sys.exit(f"dead_positions: cannot write {a.out}: {e.strerror}")
    print(f"{len(lines)} dead positions -> {a.out}")


if __name__ == "__main__":
    main()
