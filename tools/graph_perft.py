#!/usr/bin/env python3
"""Independent perft for game files whose board is an explicit graph ([[board.cell]]).

    python3 tools/graph_perft.py FILE.toml [--fen FEN] DEPTH [DEPTH ...]
    python3 tools/graph_perft.py FILE.toml --check     # every [[perft]] entry of the file

It reads the same TOML file as the engine (standard library `tomllib` only) and generates legal
moves from the rules as docs/game-files.md states them, sharing no code with the Rust engine:

- cells are the file's [[board.cell]] entries; a cell's neighbours are the lists it gives per
  direction, plus the way back of every link another cell gives (X lists Y under NE: Y has X
  under SW);
- a king steps to a neighbour in any direction; a slider (R, B, Q) walks the neighbour lists in
  its directions, every branch of a fork on its own, each branch stopping at the first occupied
  cell (captured if it is an enemy);
- a leaper of a non-unit vector (N) goes by grid arithmetic on the slots: from slot (f, r) to
  (f + dx, r + dy) when that slot is a cell. A piece with `jumps_barriers = false` may not make
  a leap whose straight segment between the two slots' centres passes through the inside of a
  barrier slot's unit square (or runs along an edge two barrier squares share); a leap to a
  neighbour is never barred. Holes bar nothing;
- the pawn (Betza `fmWfcF` only): steps to its N neighbours (Black: S), captures on its NE/NW
  neighbours (Black: SE/SW), from a double-step rank steps N twice over an empty cell (that cell
  is the en-passant square), promotes on the last rank to the file's pieces;
- a move is legal when afterwards no enemy move captures the mover's royal piece.

Only the Betza strings K, N, B, R, Q (and the pawn above) are read; anything else is refused,
as are castling and per-square promotion: this tool is a reference for the graph examples, not a
second engine.
"""

import argparse
import sys
import tomllib
from fractions import Fraction

DIRS = ["n", "ne", "e", "se", "s", "sw", "w", "nw"]
DELTA = {"n": (0, 1), "ne": (1, 1), "e": (1, 0), "se": (1, -1),
         "s": (0, -1), "sw": (-1, -1), "w": (-1, 0), "nw": (-1, 1)}
OPP = {d: DIRS[(i + 4) % 8] for i, d in enumerate(DIRS)}
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def slot_of(name):
    return (ord(name[0]) - ord("a"), int(name[1:]) - 1)


class Board:
    def __init__(self, spec):
        b = spec["board"]
        self.files, self.ranks = b["files"], b["ranks"]
        cells = b["cell"]
        self.slot = [slot_of(c["slot"]) for c in cells]
        self.at = {s: i for i, s in enumerate(self.slot)}
        names = {}
        for i, c in enumerate(cells):
            names[c["slot"]] = i
            names[c.get("name", c["slot"])] = i
        self.adj = [{d: [] for d in DIRS} for _ in cells]
        for i, c in enumerate(cells):
            for d in DIRS:
                for n in c.get(d, []):
                    j = names[n]
                    if j not in self.adj[i][d]:
                        self.adj[i][d].append(j)
                    if i not in self.adj[j][OPP[d]]:
                        self.adj[j][OPP[d]].append(i)
        self.barriers = [slot_of(x) for x in b.get("barriers", [])]
        self.n = len(cells)

    def leap(self, i, dx, dy):
        f, r = self.slot[i]
        return self.at.get((f + dx, r + dy))

    def neighbour(self, i, j):
        return any(j in self.adj[i][d] for d in DIRS)

    def crosses_barrier(self, i, j):
        """The open segment between the centres of slots i and j meets the inside of a
        barrier square, or runs along an edge shared by two barrier squares."""
        (f0, r0), (f1, r1) = self.slot[i], self.slot[j]
        p = (Fraction(2 * f0 + 1, 2), Fraction(2 * r0 + 1, 2))
        q = (Fraction(2 * f1 + 1, 2), Fraction(2 * r1 + 1, 2))
        for (bf, br) in self.barriers:
            if segment_meets_open_square(p, q, bf, br):
                return True
        # Along a shared edge: the segment lies on a grid line between two barrier squares.
        bs = set(self.barriers)
        for (bf, br) in self.barriers:
            if (bf + 1, br) in bs and p[0] == q[0] == bf + 1:
                if overlap(min(p[1], q[1]), max(p[1], q[1]), br, br + 1):
                    return True
            if (bf, br + 1) in bs and p[1] == q[1] == br + 1:
                if overlap(min(p[0], q[0]), max(p[0], q[0]), bf, bf + 1):
                    return True
        return False


def overlap(a0, a1, b0, b1):
    return max(a0, b0) < min(a1, b1)


def segment_meets_open_square(p, q, bf, br):
    """Liang-Barsky clipping in exact fractions: does {p + t (q - p), 0 < t < 1} meet the open
    square (bf, bf + 1) x (br, br + 1) in more than a point?"""
    lo, hi = Fraction(0), Fraction(1)
    for k, (a, b) in enumerate([(bf, bf + 1), (br, br + 1)]):
        start, delta = p[k], q[k] - p[k]
        if delta == 0:
            if not (a < start < b):
                return False
            continue
        t0, t1 = (a - start) / delta, (b - start) / delta
        if t0 > t1:
            t0, t1 = t1, t0
        lo, hi = max(lo, t0), min(hi, t1)
    return lo < hi


class Game:
    def __init__(self, spec):
        self.spec = spec
        self.board = Board(spec)
        if "castling" in spec:
            sys.exit("graph_perft: castling is not read by this reference")
        self.kinds = {}  # lower-case letter -> (betza, royal, jumps_barriers)
        for p in spec.get("piece", []):
            if p["betza"] not in ("K", "N", "B", "R", "Q") or "table" in p:
                sys.exit(f"graph_perft: piece {p['name']}: only K N B R Q are read")
            self.kinds[p["letter"].lower()] = (p["betza"], p.get("royal", False),
                                               p.get("jumps_barriers", True))
        pawn = spec.get("pawn")
        self.pawn = None
        if pawn:
            if pawn["betza"] != "fmWfcF":
                sys.exit("graph_perft: only the pawn fmWfcF is read")
            self.pawn = pawn["letter"].lower()
            self.double = [r - 1 for r in pawn.get("double_step_ranks", [])]
            self.en_passant = pawn.get("en_passant", True)
            promo = spec["promotion"]
            if "square" in promo:
                sys.exit("graph_perft: per-square promotion is not read")
            self.promo_ranks = promo.get("ranks", 1)
            self.promo_pieces = promo["pieces"].lower()
            self.black_promo = promo.get("black_pieces", promo["pieces"]).lower()
        self.royal = [l for l, k in self.kinds.items() if k[1]][0]
        sym = spec["game"].get("symmetry", "mirror")
        if sym != "mirror":
            sys.exit("graph_perft: only mirror symmetry is read")

    # Position: (cells: list of (colour, letter) or None, side 'w'/'b', ep cell or None,
    # ep victim cell or None).
    def parse_fen(self, fen):
        parts = fen.split()
        rows = parts[0].split("/")
        b = self.board
        cells = [None] * b.n
        for k, row in enumerate(rows):
            r = b.ranks - 1 - k
            f = 0
            num = ""
            for ch in row + " ":
                if ch.isdigit():
                    num += ch
                    continue
                if num:
                    f += int(num)
                    num = ""
                if ch == " ":
                    break
                if ch == "*":
                    f += 1
                    continue
                colour = "w" if ch.isupper() else "b"
                cells[b.at[(f, r)]] = (colour, ch.lower())
                f += 1
        side = parts[1]
        ep = None
        victim = None
        if len(parts) > 3 and parts[3] != "-":
            ep = b.at[slot_of(parts[3])]
            # The double-stepper stands one step beyond the ep square, forward for the side
            # that moved.
            d = "s" if side == "w" else "n"
            for v in b.adj[ep][d]:
                if cells[v] == ("b" if side == "w" else "w", self.pawn):
                    victim = v
        if parts[2] != "-":
            sys.exit("graph_perft: castling rights are not read")
        return (cells, side, ep, victim)

    def forward(self, side):
        return ("n", "ne", "nw") if side == "w" else ("s", "se", "sw")

    def slides(self, cells, i, dirs):
        out = []
        adj = self.board.adj
        for d in dirs:
            seen = set()
            stack = [i]
            while stack:
                cur = stack.pop()
                for n in adj[cur][d]:
                    if n == i or n in seen:
                        continue
                    seen.add(n)
                    out.append(n)
                    if cells[n] is None:
                        stack.append(n)
        return out

    def targets(self, cells, i):
        """Cells piece on i moves or captures to (officers only)."""
        colour, letter = cells[i]
        betza, _, jumps = self.kinds[letter]
        b = self.board
        if betza == "K":
            return [n for d in DIRS for n in b.adj[i][d]]
        if betza == "N":
            out = []
            for dx, dy in KNIGHT:
                j = b.leap(i, dx, dy)
                if j is None:
                    continue
                if not jumps and not b.neighbour(i, j) and b.crosses_barrier(i, j):
                    continue
                out.append(j)
            return out
        dirs = {"R": ["n", "e", "s", "w"], "B": ["ne", "se", "sw", "nw"], "Q": DIRS}[betza]
        return self.slides(cells, i, dirs)

    def attacked(self, cells, target, by):
        for i, c in enumerate(cells):
            if c is None or c[0] != by:
                continue
            if c[1] == self.pawn:
                fwd, cl, cr = self.forward(by)
                if any(target in self.board.adj[i][d] for d in (cl, cr)):
                    return True
            elif target in self.targets(cells, i):
                return True
        return False

    def last_rank(self, side, j):
        r = self.board.slot[j][1]
        if side == "w":
            return r >= self.board.ranks - self.promo_ranks
        return r < self.promo_ranks

    def pseudo(self, pos):
        cells, side, ep, victim = pos
        b = self.board
        moves = []  # (from, to, promotion or None, ep capture victim or None, new ep pair)
        for i, c in enumerate(cells):
            if c is None or c[0] != side:
                continue
            if c[1] == self.pawn:
                fwd, cl, cr = self.forward(side)
                promos = self.promo_pieces if side == "w" else self.black_promo

                def add(j, vict=None, new_ep=None):
                    if self.last_rank(side, j):
                        for p in promos:
                            moves.append((i, j, p, None, None))
                    else:
                        moves.append((i, j, None, vict, new_ep))

                start = b.slot[i][1] if side == "w" else b.ranks - 1 - b.slot[i][1]
                for j in b.adj[i][fwd]:
                    if cells[j] is None:
                        add(j)
                        if start in self.double:
                            for k in b.adj[j][fwd]:
                                if cells[k] is None:
                                    moves.append((i, k, None, None,
                                                  (j, k) if self.en_passant else None))
                for d in (cl, cr):
                    for j in b.adj[i][d]:
                        if cells[j] is not None and cells[j][0] != side:
                            add(j)
                        elif j == ep and victim is not None:
                            add(j, vict=victim)
            else:
                for j in self.targets(cells, i):
                    if cells[j] is None or cells[j][0] != side:
                        moves.append((i, j, None, None, None))
        return moves

    def play(self, pos, m):
        cells, side, _, _ = pos
        i, j, promo, vict, new_ep = m
        cells = list(cells)
        piece = cells[i]
        cells[i] = None
        if vict is not None:
            cells[vict] = None
        cells[j] = (side, promo) if promo else piece
        other = "b" if side == "w" else "w"
        ep, victim = (new_ep if new_ep else (None, None))
        return (cells, other, ep, victim)

    def legal(self, pos):
        out = []
        side = pos[1]
        other = "b" if side == "w" else "w"
        for m in self.pseudo(pos):
            nxt = self.play(pos, m)
            king = [k for k, c in enumerate(nxt[0]) if c == (side, self.royal)]
            if king and not self.attacked(nxt[0], king[0], other):
                out.append(nxt)
        return out

    def perft(self, pos, depth):
        if depth == 0:
            return 1
        children = self.legal(pos)
        if depth == 1:
            return len(children)
        return sum(self.perft(c, depth - 1) for c in children)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("file")
    ap.add_argument("depths", nargs="*", type=int)
    ap.add_argument("--fen")
    ap.add_argument("--check", action="store_true",
                    help="recompute every [[perft]] entry of the file; exit 1 on a difference")
    args = ap.parse_intermixed_args()
    with open(args.file, "rb") as fh:
        spec = tomllib.load(fh)
    game = Game(spec)
    if args.check:
        bad = 0
        for e in spec.get("perft", []):
            fen = e.get("fen", spec["game"]["start"])
            n = game.perft(game.parse_fen(fen), e["depth"])
            ok = n == e["nodes"]
            bad += not ok
            print(f"{'ok ' if ok else 'BAD'} depth {e['depth']} {n} (file {e['nodes']}) {fen}")
        sys.exit(1 if bad else 0)
    pos = game.parse_fen(args.fen or spec["game"]["start"])
    for d in args.depths:
        print(d, game.perft(pos, d))


if __name__ == "__main__":
    main()
