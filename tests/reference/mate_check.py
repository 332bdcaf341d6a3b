#!/usr/bin/env python3
"""Independent mate solver for the hand-made positions of tests/mates.rs.

Uses only the reference move generator movegen.py (written from the rules text, no engine code).
For every `mate_in("variant", "fen", N, first)` call found in tests/mates.rs and tests/search.rs
(also `mate_in(v, ...)` inside `for v in ["game", ...]`, once per game) it checks:

  * the FEN is valid by the conventions (movegen.validate),
  * the side to move forces a win in N moves: checkmate, or in Diagonal Chess also a pawn reaching
    the far corner (White h8, Black a1) by a legal move; stalemate is a draw, never a win,
  * there is no win in N-1 moves (so "exactly N"),
  * the set of first moves that win in N equals the test's `first` list (when it gives one).

Usage:
  python3 tests/reference/mate_check.py                   # every position of both files
  python3 tests/reference/mate_check.py -k diagonal       # only calls whose variant/FEN contains it
  python3 tests/reference/mate_check.py VARIANT "FEN" N   # one position; prints the winning keys
Add -v to print, for each key, Black's (defender's) replies and a winning answer to each.
"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import movegen as g  # noqa: E402

sys.setrecursionlimit(10000)

WIN, DRAW = 'win', 'draw'

# The test files whose `mate_in(...)` calls assert forced wins.
TEST_FILES = ('mates.rs', 'search.rs')


def key(p):
    return (frozenset(p.board.items()), p.stm, p.ep, p.cast)


def legal_moves(p):
    """[(text, position after)] for the side to move; one entry per (from, to, promotion)."""
    if p.var == 'diagonal' and g.over_diag(p):
        return []
    out = {}
    for m in g.pseudo(p):
        text = g.grid(m[0]) + g.grid(m[1]) + m[2]
        if text in out:
            continue
        q = g.make(p, m)
        if not g.in_check(q, p.stm):
            out[text] = q
    return sorted(out.items())


def has_legal_move(p):
    if p.var == 'diagonal' and g.over_diag(p):
        return False
    for m in g.pseudo(p):
        if not g.in_check(g.make(p, m), p.stm):
            return True
    return False


def outcome_after(q):
    """Result for the player who just moved into q: WIN, DRAW or None (game goes on)."""
    if q.var == 'diagonal' and g.over_diag(q):
        return WIN  # only the mover can have reached its corner (the position before was not over)
    if has_legal_move(q):
        return None
    return WIN if g.in_check(q, q.stm) else DRAW


class Solver:
    def __init__(self):
        self.memo = {}
        self.nodes = 0

    def wins_within(self, p, n):
        """True if the side to move in p forces a win in at most n of its own moves."""
        k = (key(p), n)
        if k in self.memo:
            return self.memo[k]
        r = any(True for _ in self.winning_moves(p, n, first_only=True))
        self.memo[k] = r
        return r

    def winning_moves(self, p, n, first_only=False):
        for text, q in legal_moves(p):
            self.nodes += 1
            if n == 1:
                # a win in one must be a check (mate) or the Diagonal Chess corner
                if not (g.in_check(q, q.stm) or (q.var == 'diagonal' and g.over_diag(q))):
                    continue
            res = outcome_after(q)
            if res == WIN:
                won = True
            elif res is None and n > 1:
                won = all(self.wins_within(q2, n - 1) for _, q2 in legal_moves(q))
            else:
                won = False
            if won:
                yield text
                if first_only:
                    return

    def exact(self, p, n):
        """(winning first moves in n, shortest win <= n or None)."""
        keys = list(self.winning_moves(p, n))
        shortest = None
        for k in range(1, n + 1):
            if self.wins_within(p, k):
                shortest = k
                break
        return keys, shortest

    def explain(self, p, n, text, indent='  '):
        q = dict(legal_moves(p))[text]
        res = outcome_after(q)
        if res == WIN or n == 1:
            print(f"{indent}{text}: {res}")
            return
        print(f"{indent}{text}:")
        for reply, q2 in legal_moves(q):
            answers = list(self.winning_moves(q2, n - 1))
            print(f"{indent}  {reply} -> {' '.join(answers) if answers else 'NO WIN'}")


CALL = re.compile(r'\bmate_in\(\s*(?!variant\b)')
ARGS = re.compile(
    r'mate_in\(\s*(?:"([^"]+)"|([A-Za-z_]\w*)),\s*"([^"]+)",\s*(\d+),\s*'
    r'(None|Some\(&\[([^\]]*)\]\))\s*,?\s*\)', re.S)
LOOP = re.compile(r'for\s+([A-Za-z_]\w*)\s+in\s+\[([^\]]*)\]')


def parse_tests(path):
    """Every `mate_in(...)` call of a Rust test file as (variant, fen, n, first) cases.

    The variant is a string literal, or a loop variable of an enclosing
    `for v in ["a", "b"] { ... }` (one case per game). A call site this cannot read raises
    an error, so no asserted mate goes unchecked (the definition `fn mate_in(variant: ...`
    is not a call)."""
    src = open(path).read()
    cases = []
    sites = [m.start() for m in CALL.finditer(src) if not src[:m.start()].endswith('fn ')]
    for start in sites:
        m = ARGS.match(src, start)
        if not m:
            line = src.count('\n', 0, start) + 1
            raise SystemExit(f"{path}:{line}: cannot read this mate_in call")
        lit, var_name, fen, n, firsts = m.group(1), m.group(2), m.group(3), int(m.group(4)), m.group(6)
        first = None if firsts is None else re.findall(r'"([^"]+)"', firsts)
        if lit is not None:
            variants = [lit]
        else:
            loops = [l for l in LOOP.finditer(src, 0, start) if l.group(1) == var_name]
            if not loops:
                line = src.count('\n', 0, start) + 1
                raise SystemExit(f"{path}:{line}: mate_in({var_name}, ...) outside a loop over games")
            variants = re.findall(r'"([^"]+)"', loops[-1].group(2))
        for var in variants:
            cases.append((var, fen, n, first))
    return cases, len(sites)


def check(var, fen, n, first, verbose=False):
    t = time.time()
    p = g.parse(var, fen)
    errs = g.validate(p)
    s = Solver()
    keys, shortest = s.exact(p, n)
    ok = not errs and shortest == n and keys
    notes = []
    if errs:
        notes.append(f"invalid FEN: {errs}")
    if shortest is None:
        notes.append(f"no forced win in {n}")
    elif shortest < n:
        notes.append(f"SHORTER win in {shortest}")
    if first is not None and sorted(first) != sorted(keys):
        ok = False
        notes.append(f"test keys {sorted(first)} != winning keys {sorted(keys)}")
    status = 'OK  ' if ok else 'FAIL'
    print(f"{status} {var} \"{fen}\" N={n} keys={' '.join(keys) or '-'} "
          f"nodes={s.nodes} {time.time() - t:.1f}s {'; '.join(notes)}", flush=True)
    if verbose:
        for k in keys:
            s.explain(p, n, k)
    return ok


def main(argv):
    verbose = '-v' in argv
    argv = [a for a in argv if a != '-v']
    flt = None
    if len(argv) >= 2 and argv[0] == '-k':
        flt = argv[1]
        argv = argv[2:]
    if len(argv) == 3:
        ok = check(argv[0], argv[1], int(argv[2]), None, verbose)
        return 0 if ok else 1
    cases, sites = [], 0
    for name in TEST_FILES:
        found, n = parse_tests(os.path.join(g.REPO_ROOT, 'tests', name))
        cases += found
        sites += n
    if flt:
        cases = [c for c in cases if flt in c[0] or flt in c[1]]
    bad = sum(not check(*c, verbose=verbose) for c in cases)
    print(f"{len(cases)} positions from {sites} mate_in calls, {bad} failed")
    return 1 if bad or not cases else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
