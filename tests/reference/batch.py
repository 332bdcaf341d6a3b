#!/usr/bin/env python3
"""Batch front end of the reference move generator, for tests/reference_check.rs.

Reads one JSON job per line on standard input:
    {"variant": "slanted", "fen": "...", "depth": 3}
and prints one JSON answer per line, in the same order:
    {"errors": [...], "moves": ["a2a3", ...], "perft": [n1, n2, ..., n_depth], "seconds": t}
`errors` are movegen.validate's objections to the FEN (empty for a valid one), `moves` the
legal moves in protocol notation (grid names), `perft` the leaf counts of depths 1..depth.
A FEN movegen cannot even parse answers {"parse_error": "..."}.

Only movegen.py is used: no code of the engine (see README.md here).
"""
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import movegen as g  # noqa: E402


def perft_counts(p, depth):
    """[perft(p, 1), ..., perft(p, depth)] in one walk (movegen.perft's rules: a Diagonal Chess
    position with a pawn on the far corner has no moves)."""
    counts = [0] * depth

    def walk(q, ply):
        if q.var == 'diagonal' and g.over_diag(q):
            return
        for m in g.pseudo(q):
            r = g.make(q, m)
            if g.in_check(r, q.stm):
                continue
            counts[ply] += 1
            if ply + 1 < depth:
                walk(r, ply + 1)

    if depth > 0:
        walk(p, 0)
    return counts


def answer(job):
    t = time.time()
    try:
        p = g.parse(job['variant'], job['fen'])
    except Exception as e:  # noqa: BLE001 - any parse failure is the answer
        return {'parse_error': repr(e)}
    out = {'errors': g.validate(p), 'moves': g.legal(p)}
    out['perft'] = perft_counts(p, job.get('depth', 0))
    out['seconds'] = round(time.time() - t, 3)
    return out


def main():
    for line in sys.stdin:
        if line.strip():
            print(json.dumps(answer(json.loads(line))), flush=True)


if __name__ == '__main__':
    main()
