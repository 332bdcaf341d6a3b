#!/usr/bin/env python3
"""Score `oblique net data` records again with another UCI engine (a teacher).

Why: the chess network learns what its labels say, and a label from a 3,000-node search of
Oblique is a weak teacher; `oblique net relabel` makes deeper labels with Oblique's own search,
and a stronger engine (Stockfish, Debian's package) gives better ones faster. The scores of
Stockfish 15.1 and Oblique are on the same scale in orthodox chess (on 1,827 positions Oblique's
score at 3,000 nodes is 1.00 times Stockfish's at 4,000 nodes by least squares, both under
1,000 cp), so they are written as the engine reports them, turned to White's view.

Each record `game result score fen` keeps its game, result and position and takes the engine's
score at `--nodes` nodes on one thread (`go nodes`); the engine's hash is cleared
(`ucinewgame`) at each game's first position, so a game's scores depend on that game alone and
the file is the same whatever `--jobs`. A position the engine scores as a mate, or does not
score, is dropped (as `net data` drops mates). The jobs take contiguous runs of whole games and
their outputs are joined in the input's order.

It speaks UCI itself (the class `Engine`, about fifty lines) rather than through python-chess's
`chess.engine`, which `tools/loss_profile.py` uses: on 2,000 positions of seed 19 at 1,000 nodes
python-chess took 4.7 s where this took 3.7 s on one job, and gave other scores for 761 of
1,997 positions (it reads the engine's lines its own way), so the labels recorded in
docs/networks.md come from this client.

`--tempo-correction CP` takes CP centipawns from the side to move's score before it is turned
to White's view. A shallow search overrates the move: on 2,596 positions of seed 19
Stockfish 15.1 at 1,000 nodes gave the side to move 26 ± 4 cp more than at 100,000 nodes
(21 ± 3 more than at 10,000), in every stage of the game alike, and a network trained on the
uncorrected scores rated orthodox chess's start +64 for White where the deep search says +28.

`--variant NAME` has the teacher play another game than orthodox chess (UCI's `UCI_Variant`
option, as Fairy-Stockfish names its games: `losalamos`, `capablanca`, `grand`); the records'
positions must then be written as that engine reads them, which Oblique's FENs of these games
are. A teacher that does not list the game among its `UCI_Variant` values is refused before any
position is scored.

`--scale F` multiplies each score (after the tempo correction, rounded to the nearest
centipawn) to bring a teacher's scale to Oblique's where the two differ: in Los Alamos chess,
on 1,661 positions of seed 113, Oblique's score at 3,000 nodes is 0.78 times current
Fairy-Stockfish's at 1,000 nodes by least squares (both under 1,000 cp).

usage: teacher_relabel.py --engine CMD --nodes N --data FILE... --out FILE [--jobs J]
       [--tempo-correction CP] [--variant NAME] [--scale F]
"""

import argparse
import math
import os
import shlex
import subprocess
import sys
import tempfile
from multiprocessing import Pool


class Engine:
    """A UCI engine process, one search thread."""

    def __init__(self, command, variant=None):
        self.p = subprocess.Popen(
            shlex.split(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.send("uci")
        self.variants = set()
        while True:
            t = self.line().split()
            if t[:1] == ["uciok"]:
                break
            if t[:3] == ["option", "name", "UCI_Variant"]:
                self.variants = {t[i + 1] for i, w in enumerate(t[:-1]) if w == "var"}
        if variant is not None:
            if variant not in self.variants:
                self.p.kill()
                raise ValueError(f"the teacher ({command}) does not play the game {variant!r}")
            self.send(f"setoption name UCI_Variant value {variant}")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")
        self.ready()

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def line(self):
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError("the engine closed its output")
        return line

    def wait_for(self, token):
        while not self.line().startswith(token):
            pass

    def ready(self):
        self.send("isready")
        self.wait_for("readyok")

    def new_game(self):
        self.send("ucinewgame")
        self.ready()

    def score(self, fen, nodes):
        """The last exact score of a `go nodes` search, from the side to move's view:
        ("cp", n), ("mate", n) or None."""
        self.send("position fen " + fen)
        self.send(f"go nodes {nodes}")
        score = None
        while True:
            t = self.line().split()
            if not t:
                continue
            if t[0] == "bestmove":
                return score
            if t[0] == "info" and "score" in t and "lowerbound" not in t and "upperbound" not in t:
                i = t.index("score")
                if i + 2 < len(t) and t[i + 1] in ("cp", "mate"):
                    score = (t[i + 1], int(t[i + 2]))

    def quit(self):
        self.send("quit")
        self.p.wait(timeout=10)


def parse(line, where):
    parts = line.rstrip("\n").split(" ", 3)
    if len(parts) != 4:
        raise ValueError(f"{where}: not a `game result score fen` record")
    game, _result, _score, fen = parts
    int(game)
    if len(fen.split()) < 2 or fen.split()[1] not in ("w", "b"):
        raise ValueError(f"{where}: no side to move in the position")
    return parts


def read_games(files):
    """The records as lists of whole games, in file order."""
    games, current = [], None
    for path in files:
        with open(path) as f:
            for n, line in enumerate(f, 1):
                if not line.strip():
                    continue
                try:
                    parts = parse(line, f"{path}:{n}")
                except ValueError as e:
                    raise SystemExit(f"error: {e}")
                if parts[0] != current:
                    current = parts[0]
                    games.append([])
                games[-1].append(parts)
    return games


def score_run(args):
    """Scores a run of games; returns the path of its output and its counts."""
    command, variant, nodes, tempo, scale, games, out = args
    engine = Engine(command, variant)
    kept = dropped = 0
    with open(out, "w") as f:
        for game in games:
            engine.new_game()
            for game_no, result, _old, fen in game:
                s = engine.score(fen, nodes)
                if s is None or s[0] != "cp":
                    dropped += 1
                    continue
                cp = math.floor((s[1] - tempo) * scale + 0.5)
                cp = cp if fen.split()[1] == "w" else -cp
                f.write(f"{game_no} {result} {cp} {fen}\n")
                kept += 1
    engine.quit()
    return out, kept, dropped


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True, help="the teacher's command line")
    ap.add_argument("--nodes", type=int, required=True, help="nodes a position")
    ap.add_argument("--data", nargs="+", required=True, help="`net data` files, read in order")
    ap.add_argument("--out", required=True)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--chunk", type=int, default=200, help="games a job takes at a time")
    ap.add_argument(
        "--tempo-correction",
        type=int,
        default=0,
        metavar="CP",
        help="centipawns taken from the side to move's score (a shallow search's bias)",
    )
    ap.add_argument(
        "--variant",
        metavar="NAME",
        help="the game the teacher plays, by its UCI_Variant name (default: orthodox chess)",
    )
    ap.add_argument(
        "--scale",
        type=float,
        default=1.0,
        metavar="F",
        help="each score times F, after the tempo correction (default 1)",
    )
    a = ap.parse_args()
    if a.nodes < 1 or a.jobs < 1 or a.chunk < 1:
        raise SystemExit("error: --nodes, --jobs and --chunk must be at least 1")
    if not (math.isfinite(a.scale) and a.scale > 0):
        raise SystemExit("error: --scale must be a positive number")
    games = read_games(a.data)
    if a.variant is not None:
        # Asked once here, so a teacher without the game fails before the jobs start.
        try:
            Engine(a.engine, a.variant).quit()
        except (OSError, ValueError, RuntimeError) as e:
            raise SystemExit(f"error: {e}")
    total = sum(len(g) for g in games)
    tmp = tempfile.mkdtemp(prefix="teacher-relabel-")
    runs = [
        (
            a.engine,
            a.variant,
            a.nodes,
            a.tempo_correction,
            a.scale,
            games[i : i + a.chunk],
            os.path.join(tmp, f"{i:09d}"),
        )
        for i in range(0, len(games), a.chunk)
    ]
    kept = dropped = done = 0
    with open(a.out, "w") as out, Pool(a.jobs) as pool:
        # imap keeps the input's order, so the output is the same whatever --jobs.
        for path, k, d in pool.imap(score_run, runs):
            with open(path) as f:
                out.write(f.read())
            os.remove(path)
            kept, dropped, done = kept + k, dropped + d, done + k + d
            print(f"\r{done}/{total} positions", end="", file=sys.stderr, flush=True)
    os.rmdir(tmp)
    print(
        f"\n{len(games)} games: {kept} of {total} positions scored at {a.nodes} nodes "
        f"({dropped} mates or unscored dropped) -> {a.out}",
        file=sys.stderr,
    )


if __name__ == "__main__":
    main()
