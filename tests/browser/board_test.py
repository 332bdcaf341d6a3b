#!/usr/bin/env python3
"""Browser tests of `oblique serve`, in headless Chromium driven by Selenium.

Run by tests/browser.rs (which starts the server and passes its URL):

    python3 tests/browser/board_test.py URL [--seed N] [--only NAME,...] [--file-games NAME:LETTER,...]
                                        [--graph-games NAME:CELLS:BARRIERS:POLYGONS,...]

Every check goes through the page the way a person uses it: clicks on the cells
(`data-square`), attack-board handles (`data-pin`, `data-pin-target`) and promotion
buttons (`data-promotion`). Games loaded from files (`--file-games`) are played the same way,
and their pieces without a figure of their own must show their letter. What the page shows (`#fen`) is compared after every move with
the engine's own position, read from the server's stateless API
(`/api/position?variant=..&fen=..&moves=..`, the engine replaying the move list), never
from the page's script.

With OBLIQUE_SCREENSHOTS=DIR it also saves the start position of every game as
DIR/<variant>.png (plus the tilted Diagonal Chess board and Star Trek's flat view), and with
OBLIQUE_MEASURE=1 it prints page-load, first-draw and move round-trip times.
"""

import argparse
import atexit
import json
import os
import random
import shutil
import statistics
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

VARIANTS = [
    "chess", "slanted", "minislanted", "ultraslanted", "ultraslantedwhite",
    "almostultraslanted", "sortofalmostultraslanted", "diagonal", "startrek",
]
BLACK_FIRST = {"minislanted", "ultraslanted", "almostultraslanted", "sortofalmostultraslanted"}
MAX_PLIES = 600  # far beyond any game here; a guard against a page that never ends a game


class Failure(Exception):
    pass


def check(cond, message):
    if not cond:
        raise Failure(message)


def find_binary(names):
    for n in names:
        for d in os.environ.get("PATH", "").split(os.pathsep) + ["/usr/bin", "/usr/lib/chromium"]:
            p = os.path.join(d, n)
            if os.path.isfile(p) and os.access(p, os.X_OK):
                return p
    return None


# Selenium must not look for browsers or send statistics over the network.
os.environ.setdefault("SE_AVOID_STATS", "true")


def browser():
    opts = webdriver.ChromeOptions()
    for a in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
              "--disable-background-networking", "--disable-component-update", "--disable-sync",
              "--window-size=1400,1000"):
        opts.add_argument(a)
    profile = tempfile.mkdtemp(prefix="oblique-chromium-")
    atexit.register(shutil.rmtree, profile, True)
    opts.add_argument("--user-data-dir=" + profile)
    binary = find_binary(["chromium", "chromium-browser", "google-chrome"])
    if binary:
        opts.binary_location = binary
    driver_path = find_binary(["chromedriver"])
    service = Service(executable_path=driver_path) if driver_path else Service()
    return webdriver.Chrome(options=opts, service=service)


class Page:
    def __init__(self, driver, base):
        self.d = driver
        self.base = base.rstrip("/")

    def open(self, **query):
        self.d.get(self.base + "/?" + urllib.parse.urlencode(query))
        self.wait_idle()

    def js(self, script, *args):
        return self.d.execute_script(script, *args)

    def wait(self, cond, what, timeout=30.0):
        end = time.time() + timeout
        while time.time() < end:
            v = cond()
            if v:
                return v
            time.sleep(0.01)
        raise Failure("timed out waiting for " + what)

    def wait_idle(self):
        self.wait(lambda: self.js("return document.body.dataset.idle === '1'"), "the page to be idle")

    def text(self, css):
        return self.d.find_element(By.CSS_SELECTOR, css).text

    def fen(self):
        return self.js("return document.getElementById('fen').textContent")

    def status(self):
        return self.js("return document.getElementById('status').textContent")

    def message(self):
        return self.js("return document.getElementById('message').textContent")

    def moves(self):
        return self.js("return [...document.querySelectorAll('#moves li')].map(li => li.dataset.move)")

    def click(self, css):
        els = self.d.find_elements(By.CSS_SELECTOR, css)
        check(els, "no element " + css)
        els[0].click()

    def square(self, sq):
        return '[data-square="%s"]' % sq


def api_position(base, variant, fen=None, moves=()):
    q = {"variant": variant, "moves": ",".join(moves)}
    if fen:
        q["fen"] = fen
    url = base.rstrip("/") + "/api/position?" + urllib.parse.urlencode(q)
    with urllib.request.urlopen(url) as r:
        return json.load(r)


def play_game(page, base, variant, rng, log):
    """A whole game: the person's side clicks random legal moves taken from the page's own
    highlights; the engine answers at depth 1. #fen is checked after every move."""
    query = {"variant": variant, "depth": "1"}
    if variant == "startrek":
        query["view"] = "flat"
    page.open(**query)
    first = "Black" if variant in BLACK_FIRST else "White"
    check(page.status() == first + " to move", "%s starts with %r, not %s to move" % (variant, page.status(), first))
    start_fen = api_position(base, variant)["fen"]
    check(page.fen() == start_fen, "%s: start FEN %r != engine's %r" % (variant, page.fen(), start_fen))
    plies = 0
    while True:
        page.wait_idle()
        moves = page.moves()
        engine = api_position(base, variant, moves=moves)
        check(page.fen() == engine["fen"],
              "%s after %s: page FEN %r != engine FEN %r" % (variant, moves, page.fen(), engine["fen"]))
        if engine["result"]:
            check(page.status().startswith(engine["result"]["result"]),
                  "%s: status %r does not give the result %r" % (variant, page.status(), engine["result"]))
            log("  %s: %d plies, %s %s" % (variant, len(moves), engine["result"]["result"], engine["result"]["reason"]))
            return len(moves)
        check(len(moves) < MAX_PLIES, "%s: no result after %d plies" % (variant, MAX_PLIES))
        legal = engine["moves"]
        # The page's own highlights: cells and boards it marks as movable.
        movable = page.js("return [...document.querySelectorAll('[data-movable]')]"
                          ".map(e => e.dataset.square || ('pin:' + e.dataset.pin))")
        want_from = sorted({("pin:" + m["from"]) if m["boardMove"] else m["from"] for m in legal})
        check(sorted(movable) == want_from,
              "%s: movable %s != engine's %s" % (variant, sorted(movable), want_from))
        pick = rng.choice(sorted(movable))
        if pick.startswith("pin:"):
            pin = pick[4:]
            page.click('[data-pin="%s"]' % pin)
            targets = page.js("return [...document.querySelectorAll('[data-pin-target]')].map(e => e.dataset.pinTarget)")
            want = sorted({m["to"] for m in legal if m["boardMove"] and m["from"] == pin})
            check(sorted(targets) == want, "%s: pin targets %s != %s" % (variant, sorted(targets), want))
            to = rng.choice(sorted(targets))
            page.click('[data-pin-target="%s"]' % to)
            cands = [m for m in legal if m["boardMove"] and m["from"] == pin and m["to"] == to]
        else:
            page.click(page.square(pick))
            targets = page.js("return [...document.querySelectorAll('[data-target]')].map(e => e.dataset.square)")
            want = sorted({m["to"] for m in legal if not m["boardMove"] and m["from"] == pick})
            check(sorted(targets) == want, "%s: targets of %s %s != %s" % (variant, pick, sorted(targets), want))
            to = rng.choice(sorted(targets))
            page.click(page.square(to))
            cands = [m for m in legal if not m["boardMove"] and m["from"] == pick and m["to"] == to]
        if len(cands) > 1:
            offered = page.js("return [...document.querySelectorAll('[data-promotion]')].map(e => e.dataset.promotion)")
            # A move that stays a pawn (optional promotion) is the button with no letter.
            wanted = sorted(m["promotion"] or "" for m in cands)
            check(sorted(offered) == wanted,
                  "%s: promotion choices %s != %s" % (variant, offered, wanted))
            page.click('[data-promotion="%s"]' % rng.choice(sorted(offered)))
        page.wait(lambda: len(page.moves()) > len(moves), "%s: the move to be played" % variant)
        plies += 1


def test_diagonal_promotion_and_win(page, base, log):
    # diagonal.md: a White pawn reaching b8 may become R, B or N only.
    fen = "7k/P7/8/8/8/8/8/K7 w - - 0 1"
    page.open(variant="diagonal", engine="off", fen=fen)
    page.click(page.square("a7"))
    page.click(page.square("b8"))
    offered = page.js("return [...document.querySelectorAll('[data-promotion]')].map(e => e.dataset.promotion)")
    check(sorted(offered) == ["b", "n", "r"], "promotion on b8 offers %s, not R B N" % offered)
    page.click('[data-promotion="n"]')
    page.wait(lambda: page.moves() == ["a7b8n"], "the promotion a7b8n")
    page.wait_idle()
    check(page.fen() == api_position(base, "diagonal", fen, ["a7b8n"])["fen"], "FEN after a7b8n")
    # The winning corner: g7-h8 carries no choice and ends the game.
    fen = "k7/6P1/8/8/8/8/8/7K w - - 0 1"
    page.open(variant="diagonal", engine="off", fen=fen)
    page.click(page.square("g7"))
    page.click(page.square("h8"))
    page.wait(lambda: page.moves() == ["g7h8"], "the winning move g7h8")
    page.wait_idle()
    check(not page.js("return !document.getElementById('promotion').hidden"), "g7-h8 offered a promotion")
    check(page.status().startswith("1-0"), "status after g7-h8 is %r" % page.status())
    log("  diagonal: b8 offers R B N, g7-h8 wins (%s)" % page.status())


def test_grand_optional_promotion(page, base, log):
    # Grand Chess (variants/grand.toml): on rank 9 a pawn may stay a pawn or become a piece
    # its side has lost (here only the queen).
    fen = "7k2/10/2P7/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1"
    for choice, move in (("", "c8c9"), ("q", "c8c9q")):
        page.open(variant="grand", engine="off", fen=fen)
        page.click(page.square("c8"))
        page.click(page.square("c9"))
        offered = page.js("return [...document.querySelectorAll('[data-promotion]')].map(e => e.dataset.promotion)")
        check(sorted(offered) == ["", "q"], "c8-c9 offers %s, not the pawn and Q" % offered)
        page.click('[data-promotion="%s"]' % choice)
        page.wait(lambda: page.moves() == [move], "the move " + move)
        page.wait_idle()
        check(page.fen() == api_position(base, "grand", fen, [move])["fen"], "FEN after " + move)
    log("  grand: c8-c9 offers the pawn and Q; both play")


def test_illegal_click_and_bad_fen(page, base, log):
    page.open(variant="chess", engine="off")
    start = page.fen()
    page.click(page.square("e2"))
    page.click(page.square("e5"))
    page.wait_idle()
    check(page.fen() == start and page.moves() == [], "e2-e5 was played")
    check("not a legal move" in page.message(), "no message for e2-e5: %r" % page.message())
    inp = page.d.find_element(By.ID, "fen-input")
    inp.send_keys("this is not a FEN at all")
    page.click("#load-fen")
    page.wait(lambda: page.message() and "legal move" not in page.message(), "an error for the bad FEN")
    page.wait_idle()
    check(page.fen() == start, "the game changed after a bad FEN")
    msg = page.message()
    log("  bad FEN answered: %r" % msg)
    # The game goes on.
    page.click(page.square("e2"))
    page.click(page.square("e4"))
    page.wait(lambda: page.moves() == ["e2e4"], "e2e4 after the bad FEN")
    # Take back, flip, drag and drop, and take back against the engine.
    page.click("#undo")
    page.wait(lambda: page.moves() == [], "e2e4 taken back")
    page.wait_idle()
    check(page.fen() == start, "FEN after take back")
    page.click("#flip")
    a, b = (page.d.find_element(By.CSS_SELECTOR, page.square(q)).rect["y"] for q in ("e2", "e7"))
    check(a < b, "after Flip e2 is not above e7")
    # The page redraws the board when the piece is picked up, so the drop is aimed by offset.
    src, dst = (page.d.find_element(By.CSS_SELECTOR, page.square(q)).rect for q in ("d2", "d4"))
    dx = round(dst["x"] + dst["width"] / 2 - src["x"] - src["width"] / 2)
    dy = round(dst["y"] + dst["height"] / 2 - src["y"] - src["height"] / 2)
    (ActionChains(page.d).click_and_hold(page.d.find_element(By.CSS_SELECTOR, page.square("d2")))
     .move_by_offset(dx // 2, dy // 2).move_by_offset(dx - dx // 2, dy - dy // 2).release().perform())
    page.wait(lambda: page.moves() == ["d2d4"], "d2-d4 by drag and drop")
    page.open(variant="chess", depth="1")
    page.click(page.square("g1"))
    page.click(page.square("f3"))
    page.wait(lambda: len(page.moves()) == 2, "the engine's answer")
    page.wait_idle()
    page.click("#undo")
    page.wait(lambda: page.moves() == [], "take back to the person's turn")
    page.wait_idle()
    check(page.status() == "White to move", "status after take back: %r" % page.status())
    # An address asking for what cannot be: the reason is shown and a game starts anyway.
    page.open(variant="nosuchgame")
    check("unknown variant" in page.message() and page.status() == "White to move",
          "unknown variant in the address: %r / %r" % (page.message(), page.status()))
    page.open(variant="slanted", fen="rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    check(page.message() and page.fen() == api_position(base, "slanted")["fen"],
          "a FEN without the escalator's holes was not refused: %r" % page.message())
    # Castling as the protocol writes it: king's square, then g1.
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    page.open(variant="chess", engine="off", fen=fen)
    page.click(page.square("e1"))
    page.click(page.square("g1"))
    page.wait(lambda: page.moves() == ["e1g1"], "castling e1g1")


def test_attack_board_move(page, base, log):
    fen = "Ra0(1),Ke2(2),ke7(6) b1(1):w,e8(7):b w - - 0 1"
    for view in ("flat", "3d"):
        page.open(variant="startrek", engine="off", fen=fen, view=view)
        check(page.js("return document.querySelector('[data-pin=\"b1(1)\"]').dataset.owner") == "white",
              "the board on b1(1) does not show White as owner")
        page.click('[data-pin="b1(1)"]')
        targets = sorted(page.js("return [...document.querySelectorAll('[data-pin-target]')].map(e => e.dataset.pinTarget)"))
        check(targets == ["b4(1)", "e1(1)"], "targets of b1(1): %s" % targets)
        page.click('[data-pin-target="b4(1)"]')
        page.wait(lambda: page.moves() == ["Ab1(1)b4(1)"], "the attack-board move")
        page.wait_idle()
        want = api_position(base, "startrek", fen, ["Ab1(1)b4(1)"])
        check(page.fen() == want["fen"], "TFEN after Ab1(1)b4(1): %r != %r" % (page.fen(), want["fen"]))
        check("Ra4(1)" in page.fen(), "the rook did not ride along: %s" % page.fen())
        check(page.js("return !!document.querySelector('[data-square=\"a4(1)\"]')")
              and not page.js("return !!document.querySelector('[data-square=\"a0(1)\"]')"),
              "the board's cells did not move with it")
    log("  startrek: Ab1(1)-b4(1) carried the rook to a4(1) (flat and 3D views)")


def test_file_game_listed_and_drawn(page, base, variant, letter, log):
    """A game from a file (`oblique serve --variant-file FILE`): offered by the server and
    the page, and its piece without a figure of its own drawn as a disc with its letter
    (`letter`, as the file gives it), every other piece by its figure."""
    with urllib.request.urlopen(base.rstrip("/") + "/api/variants") as r:
        names = [v["name"] for v in json.load(r)]
    check(variant in names, "/api/variants does not list %s: %s" % (variant, names))
    page.open(variant=variant, engine="off")
    options = page.js("return [...document.getElementById('variant').options].map(o => o.value)")
    check(variant in options, "the game menu does not offer %s: %s" % (variant, options))
    check(page.fen() == api_position(base, variant)["fen"], "%s: start FEN %r" % (variant, page.fen()))
    for color in "wb":
        texts = page.js("return [...document.querySelectorAll('g.piece[data-piece=\"%s%s\"]')]"
                        ".map(g => (g.querySelector('text') || {}).textContent)" % (color, letter))
        check(texts and all(t == letter.upper() for t in texts),
              "%s: the %s pieces '%s' are drawn with %s, not the letter %s"
              % (variant, color, letter, texts, letter.upper()))
    lettered = page.js("return [...document.querySelectorAll('g.piece')].filter(g => g.querySelector('text'))"
                       ".map(g => g.dataset.piece.slice(1))")
    check(set(lettered) == {letter}, "%s: pieces drawn as lettered discs: %s" % (variant, sorted(set(lettered))))
    log("  %s: listed; %d pieces drawn as discs marked %s" % (variant, len(lettered), letter.upper()))


def test_graph_board_drawn(page, base, variant, cells, barriers, polygons, log):
    """A board given cell by cell in its file: one polygon per cell of the file (`cells`),
    drawn with the outline the server gives (the file's polygon where it has one: `polygons`
    cells), its barriers drawn and its holes not."""
    page.open(variant=variant, engine="off")
    view = api_position(base, variant)
    drawn = page.js("return document.querySelectorAll('polygon.cell').length")
    check(drawn == cells, "%s: %d cells drawn, the file has %d" % (variant, drawn, cells))
    walls = page.js("return document.querySelectorAll('polygon.hole').length")
    check(walls == barriers, "%s: %d barriers drawn, the file has %d" % (variant, walls, barriers))
    corners = page.js("return Object.fromEntries([...document.querySelectorAll('polygon.cell')]"
                      ".map(p => [p.dataset.square, p.getAttribute('points').trim().split(/\\s+/).length]))")
    want = {c["square"]: len(c["quad"]) for c in view["board"]["cells"]}
    check(corners == want, "%s: drawn corners %s != the server's %s" % (variant, corners, want))
    own = sorted(sq for sq, n in corners.items() if n != 4)
    check(len(own) == polygons, "%s: cells drawn with their own outline %s, the file gives %d"
          % (variant, own, polygons))
    log("  %s: %d cells (%s with their own outline), %d barriers drawn" % (variant, drawn, " ".join(own), walls))


def test_flat_view_size(page, base, log):
    """Star Trek's flat view uses the room it has: every cell large enough to click, and
    the whole drawing inside the board's area."""
    page.open(variant="startrek", engine="off", view="flat")
    wrap = page.d.find_element(By.ID, "board-wrap").rect
    board = page.d.find_element(By.ID, "board").rect
    cells = page.js("return [...document.querySelectorAll('.cell')].map(c => c.getBoundingClientRect().width)")
    check(cells, "no cells in the flat view")
    smallest = min(cells)
    # A square of a main board; before, seven boards in one row gave cells of 17 px here.
    check(smallest >= 25, "flat view cells are %.1f px wide in a %.0f px area" % (smallest, wrap["width"]))
    check(board["width"] <= wrap["width"] + 1, "the flat view is wider than its area")
    log("  startrek flat view: cells %.1f px, drawing %.0fx%.0f px in a %.0f px area"
        % (smallest, board["width"], board["height"], wrap["width"]))


def api_stats(base):
    with urllib.request.urlopen(base.rstrip("/") + "/api/stats") as r:
        return json.load(r)


# Runs in the page: opens sockets, sends each its messages, and collects every reply.
SOCKETS_JS = r"""
const [plans, timeoutMs, done] = arguments;
const results = plans.map(() => []);
let open = plans.length;
const sockets = plans.map((plan, i) => {
  const ws = new WebSocket(`ws://${location.host}/ws`);
  let step = 0;
  const next = () => {
    if (step < plan.length) {
      const m = plan[step++];
      if (m === 'BINARY') ws.send(new Uint8Array([1, 2, 3]));
      else ws.send(typeof m === 'string' ? m : JSON.stringify(m));
    } else { ws.close(); }
  };
  ws.onopen = next;
  ws.onmessage = (e) => {
    const msg = JSON.parse(e.data);
    results[i].push(msg.type === 'state'
      ? {type: 'state', variant: msg.view.variant, fen: msg.view.fen, moves: msg.history.map(h => h.text), thinking: msg.thinking}
      : msg);
    // Move on after each answer to a request; states with the engine still thinking are
    // followed by the engine's move.
    if (!(msg.type === 'state' && msg.thinking)) next();
  };
  ws.onclose = () => { if (--open === 0) done(results); };
  return ws;
});
setTimeout(() => { sockets.forEach(ws => ws.close()); done(results); }, timeoutMs);
"""


def test_bad_input_and_load(page, base, log):
    page.open(variant="chess", engine="off")
    page.d.set_script_timeout(120)
    # Malformed WebSocket messages and absurd requests: one error each, and the game goes on.
    plan = [
        {"type": "new", "variant": "chess", "engine": "off"},
        "this is not JSON",
        "BINARY",
        {"type": "teleport"},
        {"type": "new", "variant": "nosuchgame"},
        {"type": "new", "variant": "chess", "depth": 100000},
        {"type": "engine", "side": "white", "movetime": 0},
        {"type": "move", "move": "e2e5"},
        {"type": "move", "move": "e2e4"},
    ]
    replies = page.d.execute_async_script(SOCKETS_JS, [plan], 20000)[0]
    kinds = [r["type"] for r in replies]
    check(kinds == ["state"] + ["error"] * 7 + ["state"], "replies to bad input: %s" % replies)
    for r in replies[1:8]:
        check(r["message"], "an error without a message: %s" % r)
    check(replies[-1]["moves"] == ["e2e4"], "the game did not go on after bad input: %s" % replies[-1])
    log("  bad input answered: " + " | ".join(r["message"] for r in replies[1:8]))

    # Ten tabs at once, each its own game against the engine, which moves first in each.
    plans = []
    for i in range(10):
        v = VARIANTS[i % len(VARIANTS)]
        plans.append([{"type": "new", "variant": v, "engine": "white" if v not in BLACK_FIRST else "black",
                       "movetime": 150}])
    before = api_stats(base)["peakSearching"]
    results = page.d.execute_async_script(SOCKETS_JS, plans, 60000)
    for i, (plan, replies) in enumerate(zip(plans, results)):
        v = plan[0]["variant"]
        states = [r for r in replies if r["type"] == "state"]
        check(states and states[-1]["variant"] == v and len(states[-1]["moves"]) == 1,
              "tab %d (%s) did not get its own game with the engine's first move: %s" % (i, v, replies))
        want = api_position(base, v, moves=states[-1]["moves"])["fen"]
        check(states[-1]["fen"] == want, "tab %d: %r != %r" % (i, states[-1]["fen"], want))
    stats = api_stats(base)
    check(stats["peakSearching"] <= stats["threads"],
          "%d searches ran at once with --threads %d" % (stats["peakSearching"], stats["threads"]))
    log("  ten tabs: ten games, at most %d search at once (threads %d; peak before %d)"
        % (stats["peakSearching"], stats["threads"], before))

    # Closing a tab cancels its search: a one-minute think stops when the socket closes.
    main_tab = page.d.current_window_handle
    page.d.switch_to.new_window("tab")
    page.open(variant="chess", engine="off", movetime="60000")
    page.click("#go")
    page.wait(lambda: api_stats(base)["searching"] == 1, "the engine to start thinking")
    page.d.close()
    page.d.switch_to.window(main_tab)
    page.wait(lambda: api_stats(base)["searching"] == 0, "the search to stop after the tab closed", timeout=5)
    page.d.get(base + "/api/variants")  # the main tab leaves its page too
    page.wait(lambda: api_stats(base)["sessions"] == 0, "the sessions to close", timeout=5)

    # Malformed HTTP and bad API queries get an error and the server keeps serving.
    import socket
    host, port = urllib.parse.urlparse(base).netloc.split(":")
    with socket.create_connection((host, int(port)), timeout=5) as sock:
        sock.sendall(b"\x00\x01GARBAGE / HTTP/9.9\r\n\r\n")
        answer = sock.recv(200)
    check(answer == b"" or answer.startswith(b"HTTP/1.1 400"), "garbage request answered %r" % answer)
    for path, code in [("/api/position?variant=chess&moves=zzz", 400),
                       ("/api/position?variant=nosuchgame", 400),
                       ("/no/such/page", 404)]:
        try:
            urllib.request.urlopen(base.rstrip("/") + path)
            raise Failure(path + " did not fail")
        except urllib.error.HTTPError as e:
            check(e.code == code, "%s answered %d, not %d" % (path, e.code, code))
    check(api_stats(base)["sessions"] == 0, "server state after bad HTTP")
    log("  closed tab stopped its search; garbage HTTP answered %r" % answer[:12])


def test_analysis(page, base, log):
    page.open(variant="slanted", engine="off")
    page.js("document.getElementById('multipv').value = '2'")
    page.click("#analyse")
    page.wait(lambda: page.js("return [...document.querySelectorAll('#lines li')].length >= 2 && "
                              "/^d([4-9]|\\d\\d) /.test(document.querySelector('#lines li').textContent)"),
              "two analysis lines at depth 4 or more")
    line = page.js("return document.querySelector('#lines li').textContent")
    legal_human = [m["human"] for m in api_position(base, "slanted")["moves"]]
    first = line.split()[2]
    check(first in legal_human, "the best line starts with %r, not a legal move" % first)
    check(page.js("return !!document.querySelector('line.arrow')"), "no best-move arrow")
    bar = page.js("return document.getElementById('evalfill').style.height")
    check(bar.endswith("%"), "no evaluation bar height: %r" % bar)
    page.click("#stop")
    page.wait(lambda: api_stats(base)["searching"] == 0, "the analysis to stop")
    page.wait_idle()
    check(page.js("return document.getElementById('thinking').textContent") == "", "still analysing after stop")
    log("  analysis: %s" % line)


def test_pgn_replay_and_watch(page, base, log):
    # The form `oblique match` writes (src/arena/pgn.rs): Black first, a comment on every move.
    start = api_position(base, "minislanted")["fen"]
    pgn = ('[Event "t"]\n[Variant "minislanted"]\n[FEN "%s"]\n[SetUp "1"]\n\n'
           '1... a5a4 {book} 2. a2a3 {+0.20/5 0.120s} 2... b5b4 {-0.10/4 0.050s}\n{adjudicated} *\n' % start)
    page.open(variant="chess", engine="off")
    page.d.find_element(By.ID, "pgn-input").send_keys(pgn)
    page.click("#load-pgn")
    page.wait(lambda: page.moves() == ["a5a4", "a2a3", "b5b4"], "the PGN's moves")
    page.wait_idle()
    check(page.fen() == api_position(base, "minislanted", moves=page.moves())["fen"], "FEN after the PGN")
    href = page.js("return decodeURIComponent(document.getElementById('download').href)")
    check('[Variant "minislanted"]' in href and "1... a5a4 2. a2a3 b5b4" in href, "download: %r" % href[-200:])
    page.click("#first")
    page.wait(lambda: page.fen() == start, "the start position in replay")
    page.click("#forward")
    want = api_position(base, "minislanted", moves=["a5a4"])["fen"]
    page.wait(lambda: page.fen() == want, "the position after 1... a5a4 in replay")
    page.click("#last")
    # Watch Oblique play itself.
    page.open(variant="minislanted", engine="both", depth="1")
    page.wait(lambda: len(page.moves()) >= 6 or page.js("return /^(1-0|0-1|1\\/2)/.test(document.getElementById('status').textContent)"),
              "Oblique to play itself")
    snap = page.js("return {fen: document.getElementById('fen').textContent,"
                   " moves: [...document.querySelectorAll('#moves li')].map(li => li.dataset.move)}")
    check(snap["fen"] == api_position(base, "minislanted", moves=snap["moves"])["fen"], "watched game FEN")
    page.d.get(base + "/api/variants")
    log("  PGN replayed and written back; watched %d plies" % len(snap["moves"]))


def screenshots(page, out_dir, log):
    os.makedirs(out_dir, exist_ok=True)
    shots = [(v, {"variant": v, "engine": "off"}) for v in VARIANTS]
    shots += [("diagonal-tilted", {"variant": "diagonal", "engine": "off", "tilt": "1"}),
              ("startrek-flat", {"variant": "startrek", "engine": "off", "view": "flat"})]
    for name, q in shots:
        page.open(**q)
        page.d.find_element(By.ID, "board-wrap").screenshot(os.path.join(out_dir, name + ".png"))
    log("  %d screenshots in %s" % (len(shots), out_dir))


def measure(page, log):
    page.d.get(page.base + "/?variant=chess&engine=off")
    page.wait_idle()
    timing = page.js("const n = performance.getEntriesByType('navigation')[0];"
                     "return {load: n.loadEventEnd - n.startTime, first: window.__oblique.firstDrawMs}")
    for a, b in [("e2", "e4"), ("e7", "e5"), ("g1", "f3"), ("b8", "c6"), ("f1", "c4"), ("g8", "f6")]:
        page.click(page.square(a))
        page.click(page.square(b))
        page.wait_idle()
    rt = page.js("return window.__oblique.roundTripMs")
    log("  page load %.0f ms, first board drawn %.0f ms after navigation start, move round trip median %.1f ms (max %.1f, %d moves)"
        % (timing["load"], timing["first"], statistics.median(rt), max(rt), len(rt)))
    pid = os.environ.get("OBLIQUE_SERVER_PID")
    if not pid:
        return

    def rss_mb():
        with open("/proc/%s/status" % pid) as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        return float("nan")

    page.d.get(page.base + "/api/variants")
    page.wait(lambda: api_stats(page.base)["sessions"] == 0, "no open game")
    idle = rss_mb()
    main_tab = page.d.current_window_handle
    for i in range(10):
        page.d.switch_to.new_window("tab")
        page.open(variant=VARIANTS[i % len(VARIANTS)], depth="3")
    page.wait(lambda: api_stats(page.base)["sessions"] == 10, "ten open games")
    ten = rss_mb()
    for h in page.d.window_handles:
        if h != main_tab:
            page.d.switch_to.window(h)
            page.d.close()
    page.d.switch_to.window(main_tab)
    log("  server memory (RSS): idle %.1f MB, ten games open %.1f MB" % (idle, ten))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("--seed", type=int, default=12)
    ap.add_argument("--only", default="")
    # Games the server loaded from files (`oblique serve --variant-file FILE`), each as
    # NAME:LETTER with the letter of its piece that has no figure of its own.
    ap.add_argument("--file-games", default="")
    # Graph-board games from files, each as NAME:CELLS:BARRIERS:POLYGONS (counts from the file).
    ap.add_argument("--graph-games", default="")
    args = ap.parse_args()
    only = set(filter(None, args.only.split(",")))
    log = lambda s: print(s, flush=True)
    driver = browser()
    page = Page(driver, args.url)
    failures = []

    def run(name, fn):
        if only and name not in only:
            return
        t = time.time()
        try:
            fn()
            log("ok   %s (%.1f s)" % (name, time.time() - t))
        except Exception as e:  # report every failing check, then fail
            failures.append(name)
            log("FAIL %s: %s" % (name, e))

    try:
        for v in VARIANTS:
            rng = random.Random("%d-%s" % (args.seed, v))
            run("game-" + v, lambda v=v, rng=rng: play_game(page, args.url, v, rng, log))
        for spec in filter(None, args.file_games.split(",")):
            name, letter = spec.split(":")
            run("listed-" + name, lambda n=name, l=letter: test_file_game_listed_and_drawn(page, args.url, n, l, log))
            rng = random.Random("%d-%s" % (args.seed, name))
            run("game-" + name, lambda n=name, rng=rng: play_game(page, args.url, n, rng, log))
        for spec in filter(None, args.graph_games.split(",")):
            name, cells, barriers, polygons = spec.split(":")
            run("drawn-" + name, lambda n=name, c=int(cells), b=int(barriers), p=int(polygons):
                test_graph_board_drawn(page, args.url, n, c, b, p, log))
            rng = random.Random("%d-%s" % (args.seed, name))
            run("game-" + name, lambda n=name, rng=rng: play_game(page, args.url, n, rng, log))
        if "grand" in [spec.split(":")[0] for spec in args.file_games.split(",")]:
            run("grand-promotion", lambda: test_grand_optional_promotion(page, args.url, log))
        run("diagonal-promotion", lambda: test_diagonal_promotion_and_win(page, args.url, log))
        run("flat-view-size", lambda: test_flat_view_size(page, args.url, log))
        run("illegal-input", lambda: test_illegal_click_and_bad_fen(page, args.url, log))
        run("attack-board", lambda: test_attack_board_move(page, args.url, log))
        run("bad-input-and-load", lambda: test_bad_input_and_load(page, args.url, log))
        run("analysis", lambda: test_analysis(page, args.url, log))
        run("pgn-and-watch", lambda: test_pgn_replay_and_watch(page, args.url, log))
        if os.environ.get("OBLIQUE_SCREENSHOTS"):
            run("screenshots", lambda: screenshots(page, os.environ["OBLIQUE_SCREENSHOTS"], log))
        if os.environ.get("OBLIQUE_MEASURE"):
            run("measure", lambda: measure(page, log))
    finally:
        driver.quit()
    if failures:
        log("failed: " + ", ".join(failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
