"""Knights that may not jump the barriers (seed 000's experimental variant of Slanted Escalator
Chess), for the reference generator. Written from the rules text alone, shares no code with the
engine.

The rule (docs/game-files.md, `jumps_barriers = false`): a knight's leap from square A to square
B is barred when the straight segment between the centres of A and B in the drawn board passes
through the inside of a barrier. The barriers are the hole cells (escalator.md 1.1: SEC c4 c5
f4 f5, MSEC c3 c4 f3 f4, USEC d4 d5 d6 g4 g5 g6); a barrier region is the union of its holes, so
an edge shared by two holes is inside it. Touching a barrier's boundary (a corner, or running
along an edge between a hole and a square) does not bar a leap; leaving the board's outline
(the notches beside the escalator ranks) does not either. A step to a neighbouring square is
not a leap and is never barred (the knight table holds none).

The drawn board is escalator.md 1.2's model, rebuilt here: x in files (a = [0, 1)), y in ranks
(rank 1 = [0, 1)). Over the n escalator ranks the outer columns shift by 0 at the block's top
line, 1/2 at its bottom line, linearly in between (SEC/MSEC 0, 1/4, 1/2; USEC 0, 1/6, 1/3, 1/2);
the left escalator square k spans [k + s, k + 1 + s) on a line of shift s, the left hole from
there to the first central file; the right side is the mirror image. A square's centre is the
mean of its four corners (1.5). Everything is exact (fractions).

The test itself: cut the segment at every point where it crosses a hole's edge line, and ask of
the middle of each piece whether it lies strictly inside a hole or on an edge two holes share.
"""
from fractions import Fraction as F
import json
import os
import sys

HOLES = {'SEC': ['c4', 'c5', 'f4', 'f5'], 'MSEC': ['c3', 'c4', 'f3', 'f4'],
         'USEC': ['d4', 'd5', 'd6', 'g4', 'g5', 'g6']}
FILES = 'abcdefghij'


def shapes(bd, key):
    """{square name: 4 corners}, [hole corners], for board `key` of escalator_boards.json
    (`bd` = its entry: squares rank by rank, west to east)."""
    holes = [(FILES.index(h[0]), int(h[1:]) - 1) for h in HOLES[key]]
    esc = sorted({r for _, r in holes})
    width = max(len(row) for row in bd['squares'])
    top_line = esc[-1] + 1          # y of the block's top line
    n = len(esc)

    def shift(y):                  # y a horizontal line inside the block
        return F(top_line - y, 2 * n)

    cells, hole_quads = {}, []
    for r, row in enumerate(bd['squares']):
        if r not in esc:
            for f, name in enumerate(row):
                cells[name] = [(F(f), F(r)), (F(f + 1), F(r)), (F(f + 1), F(r + 1)), (F(f), F(r + 1))]
            continue
        hf = sorted(f for f, rr in holes if rr == r)      # the two hole files of this rank
        left, right = hf[0], hf[-1]
        sb, st = shift(r), shift(r + 1)                    # bottom and top line
        # Slots of the rank west to east; squares fill the non-hole slots in order.
        names = iter(row)
        for f in range(width):
            if f < left:
                quad = [(f + sb, F(r)), (f + 1 + sb, F(r)), (f + 1 + st, F(r + 1)), (f + st, F(r + 1))]
            elif f == left:
                quad = [(f + sb, F(r)), (F(f + 1), F(r)), (F(f + 1), F(r + 1)), (f + st, F(r + 1))]
            elif f == right:
                quad = [(F(f), F(r)), (f + 1 - sb, F(r)), (f + 1 - st, F(r + 1)), (F(f), F(r + 1))]
            elif f > right:
                quad = [(f - sb, F(r)), (f + 1 - sb, F(r)), (f + 1 - st, F(r + 1)), (f - st, F(r + 1))]
            else:
                quad = [(F(f), F(r)), (F(f + 1), F(r)), (F(f + 1), F(r + 1)), (F(f), F(r + 1))]
            if f in hf:
                hole_quads.append(quad)
            else:
                cells[next(names)] = quad
    return cells, hole_quads


def centre(q):
    return (sum(x for x, _ in q) / 4, sum(y for _, y in q) / 4)


def side(a, b, p):
    """> 0 when p is left of the directed line a -> b."""
    return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])


def edges(q):
    return [(q[i], q[(i + 1) % len(q)]) for i in range(len(q))]


def strictly_inside(q, p):
    # Corners are counter-clockwise (y up); degenerate edges say nothing.
    return all(side(a, b, p) > 0 for a, b in edges(q) if a != b)


def on_segment(a, b, p):
    return side(a, b, p) == 0 and min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) \
        and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def on_shared_edge(holes, p):
    """p on an edge that two holes share (positive length, both edges on one line)."""
    for i, h in enumerate(holes):
        for g in holes[i + 1:]:
            for a, b in edges(h):
                for c, d in edges(g):
                    if a == b or c == d:
                        continue
                    if side(a, b, c) == 0 and side(a, b, d) == 0 and on_segment(a, b, p) \
                            and on_segment(c, d, p):
                        # and the two edges overlap in more than a point
                        dx, dy = b[0] - a[0], b[1] - a[1]
                        par = lambda x: ((x[0] - a[0]) * dx + (x[1] - a[1]) * dy)
                        lo = max(min(par(a), par(b)), min(par(c), par(d)))
                        hi = min(max(par(a), par(b)), max(par(c), par(d)))
                        if lo < hi:
                            return True
    return False


def barred(p, q, holes):
    """Does the segment p-q pass through the inside of a barrier?"""
    d = (q[0] - p[0], q[1] - p[1])
    cuts = {F(0), F(1)}
    for h in holes:
        for a, b in edges(h):
            e = (b[0] - a[0], b[1] - a[1])
            den = d[0] * e[1] - d[1] * e[0]
            if den != 0:
                t = ((a[0] - p[0]) * e[1] - (a[1] - p[1]) * e[0]) / den
                if 0 < t < 1:
                    cuts.add(t)
            else:  # parallel: the edge's ends, seen along the segment
                for c in (a, b):
                    if side(p, q, c) == 0:
                        t = ((c[0] - p[0]) * d[0] + (c[1] - p[1]) * d[1]) / (d[0] ** 2 + d[1] ** 2)
                        if 0 < t < 1:
                            cuts.add(t)
    cuts = sorted(cuts)
    for t0, t1 in zip(cuts, cuts[1:]):
        t = (t0 + t1) / 2
        m = (p[0] + t * d[0], p[1] + t * d[1])
        if any(strictly_inside(h, m) for h in holes) or on_shared_edge(holes, m):
            return True
    return False


def no_jump_knight(bd, key):
    """The board's knight table without the leaps that cross a barrier."""
    cells, holes = shapes(bd, key)
    c = {s: centre(q) for s, q in cells.items()}
    return {s: [t for t in dests if not barred(c[s], c[t], holes)]
            for s, dests in bd['knight'].items()}


def no_jump_board(bd, key):
    """A copy of board entry `bd` whose knight may not jump the barriers."""
    out = dict(bd)
    out['knight'] = no_jump_knight(bd, key)
    return out


def removed_table(bd, key):
    """Markdown rows: square | leaps the rule removes (squares with none left out), ranks from
    the top, west to east, as escalator.md's tables."""
    kept = no_jump_knight(bd, key)
    rows = []
    for row in reversed(bd['squares']):
        for s in row:
            gone = [t for t in bd['knight'][s] if t not in kept[s]]
            if gone:
                rows.append('| %s | %s | %s |' % (s, ' '.join(gone), ' '.join(kept[s])))
    return rows


if __name__ == '__main__':
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import movegen  # noqa: E402  (only to find escalator_boards.json)
    key = sys.argv[1] if len(sys.argv) > 1 else 'SEC'
    if '--json' in sys.argv:
        kept = no_jump_knight(movegen.B[key], key)
        print(json.dumps({s: [t for t in movegen.B[key]['knight'][s] if t not in kept[s]]
                          for s in kept if len(kept[s]) != len(movegen.B[key]['knight'][s])}))
    else:
        print('| square | barred leaps | leaps kept |')
        print('|---|---|---|')
        print('\n'.join(removed_table(movegen.B[key], key)))
