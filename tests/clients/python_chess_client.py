#!/usr/bin/env python3
"""Drives Oblique with python-chess (chess.engine) over UCI or XBoard in orthodox chess.

Usage: python_chess_client.py uci|xboard ENGINE

Plays one full game of Oblique against itself (python-chess checks every move it receives
is legal, and the game goes on until python-chess sees it over, draws by claim included),
then runs an analysis and checks the thinking output is sane. Prints the PGN and one line
`OK ...` at the end; any failure raises.
"""

import sys

import chess
import chess.engine
import chess.pgn

MAX_PLIES = 400


def main() -> None:
    protocol, engine_path = sys.argv[1], sys.argv[2]
    if protocol == "uci":
        engine = chess.engine.SimpleEngine.popen_uci(engine_path, timeout=30)
        limit = chess.engine.Limit(depth=3)
    elif protocol == "xboard":
        engine = chess.engine.SimpleEngine.popen_xboard(engine_path, timeout=30)
        limit = chess.engine.Limit(depth=3)
    else:
        raise SystemExit(f"unknown protocol {protocol}")
    try:
        name = engine.id.get("name", "")
        assert "Oblique" in name, f"engine name {name!r}"
        if protocol == "uci":
            assert "UCI_Variant" in engine.options, sorted(engine.options)
            assert "Hash" in engine.options and "Threads" in engine.options

        # A full game.
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["White"] = game.headers["Black"] = name
        node = game
        while not board.is_game_over(claim_draw=True) and board.ply() < MAX_PLIES:
            result = engine.play(board, limit)
            assert result.move is not None, "engine gave no move"
            assert board.is_legal(result.move), f"illegal move {result.move} in {board.fen()}"
            board.push(result.move)
            node = node.add_variation(result.move)
        outcome = board.outcome(claim_draw=True)
        game.headers["Result"] = outcome.result() if outcome else "1/2-1/2"
        print(game)

        # An analysis of a position with a forced win of material.
        board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 2 3")
        info = engine.analyse(board, chess.engine.Limit(depth=6))
        assert info.get("depth", 0) >= 1, info
        pv = info.get("pv") or []
        assert pv and board.is_legal(pv[0]), info
        score = info["score"].white()
        assert score.is_mate() or score.score() is not None, info
        assert pv[0] == chess.Move.from_uci("f3f7"), f"expected Qxf7#, got {pv[0]}"
        assert score.is_mate() and score.mate() == 1, f"expected mate in 1, got {score}"
        print(f"OK {protocol} plies={len(list(game.mainline_moves()))} "
              f"result={game.headers['Result']} analysis depth={info.get('depth')} "
              f"score={score} pv={' '.join(m.uci() for m in pv)}")
    finally:
        engine.quit()


if __name__ == "__main__":
    main()
