#!/usr/bin/env python3
"""Where a match is lost: a referee engine scores every position of a PGN file, and each
player's moves are charged the win probability they gave away, by phase and by men left.

Why: self-play gains stopped showing against Fairy-Stockfish (docs/strength-log.md), so the
question became *where* Oblique's games against it are lost: early judgement, the middle
game or the endgame. A stronger engine (Debian's Stockfish 15.1) is the only referee this
machine has for orthodox chess; it labels nothing Oblique learns from, it only measures.

Usage:
    python3 tools/loss_profile.py GAMES.pgn [--engine /usr/games/stockfish] [--nodes 150000]
        [--workers 2] [--cache scores.json]

Win probability is the logistic of the referee's centipawns / 200 from the mover's side;
a move's loss is the drop from the position before it to the position after it (a move
that improves on the referee's expectation counts negative). Book moves (`{book}`) are
not charged. Needs python-chess (`pip install chess`).
"""

import argparse
import collections
import io
import json
import math
import os
import sys
from multiprocessing import Pool

import chess
import chess.engine
import chess.pgn


def read_games(path):
    games = []
    with open(path) as f:
        while True:
            game = chess.pgn.read_game(f)
            if game is None:
                return games
            games.append(str(game))


def score_game(job):
    """White's centipawns after every ply of one game (index 0: the start position)."""
    text, engine_path, nodes = job
    game = chess.pgn.read_game(io.StringIO(text))
    engine = chess.engine.SimpleEngine.popen_uci(engine_path)
    try:
        engine.configure({"Threads": 1, "Hash": 64})
        board = game.board()
        plies = []

        def white_cp():
            if board.is_game_over():
                return {"1-0": 3000, "0-1": -3000}.get(board.result(), 0)
            info = engine.analyse(board, chess.engine.Limit(nodes=nodes))
            return info["score"].white().score(mate_score=3000)

        plies.append({"cp": white_cp()})
        for node in game.mainline():
            white_moved = board.turn == chess.WHITE
            board.push(node.move)
            plies.append(
                {
                    "cp": white_cp(),
                    "white_moved": white_moved,
                    "book": node.comment.strip() == "book",
                    "men": len(board.piece_map()),
                }
            )
        return {
            "white": game.headers.get("White", "?"),
            "black": game.headers.get("Black", "?"),
            "plies": plies,
        }
    finally:
        engine.quit()


def win_probability(cp):
    return 1.0 / (1.0 + math.exp(-cp / 200.0))


def phase(move_number):
    if move_number <= 15:
        return "moves 1-15"
    if move_number <= 35:
        return "moves 16-35"
    return "moves 36-"


def profile(scored):
    """Per player: (total loss, moves) by phase and by men left (in fours)."""
    by_phase = collections.defaultdict(lambda: [0.0, 0])
    by_men = collections.defaultdict(lambda: [0.0, 0])
    for game in scored:
        plies = game["plies"]
        for i in range(1, len(plies)):
            ply = plies[i]
            if ply["book"]:
                continue
            player = game["white"] if ply["white_moved"] else game["black"]
            sign = 1 if ply["white_moved"] else -1
            loss = win_probability(sign * plies[i - 1]["cp"]) - win_probability(
                sign * ply["cp"]
            )
            for table, key in (
                (by_phase, (player, phase((i + 1) // 2))),
                (by_men, (player, min(ply["men"], 32) // 4 * 4)),
            ):
                table[key][0] += loss
                table[key][1] += 1
    return by_phase, by_men


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn")
    parser.add_argument("--engine", default="/usr/games/stockfish")
    parser.add_argument("--nodes", type=int, default=150000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cache", help="scores read from / written to this JSON file")
    args = parser.parse_args()

    if args.cache and os.path.exists(args.cache):
        with open(args.cache) as f:
            scored = json.load(f)
    else:
        games = read_games(args.pgn)
        if not games:
            sys.exit(f"loss_profile: no games in {args.pgn}")
        jobs = [(g, args.engine, args.nodes) for g in games]
        scored = []
        with Pool(max(1, args.workers)) as pool:
            for n, game in enumerate(pool.imap(score_game, jobs), 1):
                scored.append(game)
                print(f"\rscored {n}/{len(jobs)} games", end="", file=sys.stderr)
        print(file=sys.stderr)
        if args.cache:
            with open(args.cache, "w") as f:
                json.dump(scored, f)

    by_phase, by_men = profile(scored)
    players = sorted({p for p, _ in by_phase})
    print(f"{len(scored)} games; win probability given away (sum over the games, per move)")
    for player in players:
        print(player)
        for (p, key), (total, moves) in sorted(by_phase.items()):
            if p == player:
                print(f"  {key:12} {total:7.2f}  {total / moves:.4f} over {moves} moves")
        for (p, men), (total, moves) in sorted(by_men.items()):
            if p == player:
                print(f"  {men:2}-{men + 3:2} men   {total:7.2f}  {total / moves:.4f} over {moves} moves")


if __name__ == "__main__":
    main()
