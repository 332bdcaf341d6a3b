//! Oblique driven by real clients: XBoard 4.9 under Xvfb (Oblique against itself in the
//! escalator games, Diagonal Chess and games written in files, against Fairy-Max in orthodox
//! chess) and python-chess over UCI and XBoard.
//!
//! A missing tool fails a test under CI=true and skips it with a `SKIPPED:` line elsewhere
//! (`tests/common/tools.rs`; `.ci/install-test-tools` installs them).
//!
//! The XBoard games are checked from two sides: the engines' own moves, read from
//! XBoard's debug log, are replayed through `AnyPosition` (every one must be legal), and
//! the saved PGN must have as many moves, land each on the same square, and carry the
//! result the rules give (or a draw XBoard adjudicated on its move limit).

use oblique_engine::AnyPosition;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

#[path = "common/child.rs"]
mod child;
#[path = "common/file_games.rs"]
mod file_games;
#[path = "common/tools.rs"]
mod tools;
#[path = "common/xboard_host.rs"]
mod xboard_host;

use child::{scratch_dir, tail, wait_with_limit};
use xboard_host::{engine_moves, protocol_lines, Dir, Xvfb};

/// One real-client game at a time: two cores, two engines each.
static SERIAL: Mutex<()> = Mutex::new(());

/// A tool the test needs (`tests/common/tools.rs` decides: fail under CI, else skip).
fn require(name: &str) -> Option<PathBuf> {
    let package = match name {
        "Xvfb" => "xvfb",
        "setarch" => "util-linux",
        other => other,
    };
    tools::require_program(name, package)
}

/// The engine under test: this build, or the binary named by `OBLIQUE_UNDER_TEST` (to show
/// that a test fails on an older build).
fn engine() -> PathBuf {
    std::env::var_os("OBLIQUE_UNDER_TEST")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_BIN_EXE_oblique")))
}

/// The tags and SAN moves of a one-game PGN.
struct Pgn {
    tags: Vec<(String, String)>,
    moves: Vec<String>,
    result: String,
}

impl Pgn {
    fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

fn parse_pgn(text: &str) -> Pgn {
    let mut tags = Vec::new();
    let mut movetext = String::new();
    for line in text.lines() {
        let l = line.trim();
        if l.starts_with('[') && l.ends_with(']') && movetext.trim().is_empty() {
            let inner = &l[1..l.len() - 1];
            if let Some((k, v)) = inner.split_once(' ') {
                tags.push((k.to_string(), v.trim().trim_matches('"').to_string()));
            }
        } else {
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    // Drop comments (XBoard writes a board diagram and per-move scores in braces).
    let mut clean = String::new();
    let mut depth = 0;
    for c in movetext.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => clean.push(c),
            _ => {}
        }
    }
    let mut moves = Vec::new();
    let mut result = String::new();
    for tok in clean.split_whitespace() {
        if ["1-0", "0-1", "1/2-1/2", "*"].contains(&tok) {
            result = tok.to_string();
        } else if tok.chars().next().is_some_and(|c| c.is_ascii_digit()) && tok.contains('.') {
            // Move number (`12.` or `1...`), possibly glued to a move.
            let rest = tok.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
            if !rest.is_empty() {
                moves.push(rest.to_string());
            }
        } else {
            moves.push(tok.to_string());
        }
    }
    Pgn {
        tags,
        moves,
        result,
    }
}

/// The grid square a SAN move lands on (`None` for castling).
fn san_target(san: &str) -> Option<String> {
    let s = san.trim_end_matches(['+', '#', '!', '?']);
    if s.starts_with("O-O") || s.starts_with("0-0") {
        return None;
    }
    let s = s.split('=').next().unwrap_or(s);
    let b = s.as_bytes();
    // The last letter followed by digits.
    let mut end = b.len();
    while end > 0 && !b[end - 1].is_ascii_digit() {
        end -= 1;
    }
    let mut start = end;
    while start > 0 && b[start - 1].is_ascii_digit() {
        start -= 1;
    }
    if start == 0 || !b[start - 1].is_ascii_lowercase() {
        return None;
    }
    Some(s[start - 1..end].to_string())
}

fn move_target(m: &str) -> String {
    let b = m.as_bytes();
    let mut i = 1;
    while i < b.len() && b[i].is_ascii_digit() {
        i += 1;
    }
    let rest = &m[i..];
    let r = rest.as_bytes();
    let mut j = 1.min(r.len());
    while j < r.len() && r[j].is_ascii_digit() {
        j += 1;
    }
    rest[..j].to_string()
}

/// Which way a line of XBoard's debug log went.
/// A CECP thinking line (`ply score time nodes pv...`): its depth and score.
fn thinking_line(text: &str) -> Option<(i64, i64)> {
    let mut words = text.split_whitespace();
    let ply = words.next()?.trim_end_matches(['.', '&']).parse().ok()?;
    Some((ply, words.next()?.parse().ok()?))
}

struct XGame<'a> {
    /// Oblique's variant name (for replaying).
    variant: &'a str,
    /// XBoard's `-variant` argument.
    xboard_variant: &'a str,
    second: Option<PathBuf>,
    /// A game file both engines load (`oblique --variant-file FILE xboard`), the game's
    /// home when it is not built in.
    variant_file: Option<&'a Path>,
    /// XBoard's own legality testing (`-testLegality`), always stated: XBoard would
    /// otherwise take whatever an earlier run saved in its settings file.
    test_legality: bool,
    extra: &'a [&'a str],
    /// Start position to load. XBoard 4.9.1 ignores the side to move of a `setup` FEN, so
    /// the Black-first games start from a loaded position (with the board size and piece
    /// letters on the command line, since the position is read before the engine starts).
    load_fen: Option<&'a str>,
}

/// A finished XBoard game: the saved PGN and XBoard's debug log (every line to and from the
/// engines).
struct Played {
    pgn: String,
    debug: String,
}

/// Plays one XBoard game and checks it; `None` when XBoard or Xvfb is missing (outside CI).
fn xboard_game(name: &str, g: XGame) -> Option<Played> {
    let xboard = require("xboard")?;
    let xvfb = require("Xvfb")?;
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dir = scratch_dir(name);
    let x = Xvfb::start(&xvfb, 140);
    let pgn_path = dir.join("game.pgn");
    let debug_path = dir.join("xboard.debug");
    // XBoard splits an engine command at spaces: `oblique --variant-file FILE xboard`.
    let oblique = match g.variant_file {
        Some(file) => PathBuf::from(format!(
            "{} --variant-file {} xboard",
            engine().display(),
            file.display()
        )),
        None => engine(),
    };
    let second = g.second.clone().unwrap_or_else(|| oblique.clone());
    let mut cmd = Command::new(&xboard);
    // XBoard reads and, on exit, writes its settings in ~/.xboardrc: a HOME of its own
    // keeps every run independent of the machine's (and of the other tests').
    cmd.env_remove("OBLIQUE_NET")
        .current_dir(&dir)
        .env("HOME", &dir)
        .env("DISPLAY", &x.display)
        .args(["-saveSettingsOnExit", "false"])
        .args([
            "-testLegality",
            if g.test_legality { "true" } else { "false" },
        ])
        .args([
            "-fcp",
            &oblique.to_string_lossy(),
            "-fd",
            &dir.to_string_lossy(),
        ])
        .args(["-scp", &second.to_string_lossy()])
        .args(["-secondDirectory", &dir.to_string_lossy()])
        .args(["-variant", g.xboard_variant])
        .args([
            "-matchGames",
            "1",
            "-saveGameFile",
            &pgn_path.to_string_lossy(),
        ])
        // A real clock (the engines get `level`, `time` and `otim` and must plan by them),
        // but XBoard does not call a fallen flag: these games test the protocol and the
        // legality of every move, and on two cores shared by XBoard, two engines and other
        // tests, a flag that falls in a 6 s game says more about the machine than about the
        // engine (tests/time_management.rs tests its clock handling).
        .args(["-timeControl", "0:06", "-timeIncrement", "0.1"])
        .args(["-adjudicateDrawMoves", "80"])
        .args(["-debug", "-nameOfDebugFile", &debug_path.to_string_lossy()])
        .args([
            "-noGUI",
            "-popupExitMessage",
            "false",
            "-autoCallFlag",
            "false",
        ])
        .args(g.extra)
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    if let Some(fen) = g.load_fen {
        let fen_path = dir.join("start.fen");
        std::fs::write(&fen_path, format!("{fen}\n")).expect("write FEN");
        cmd.args(["-loadPositionFile", &fen_path.to_string_lossy()]);
    }
    let mut child = cmd.spawn().expect("start xboard");
    let status = wait_with_limit(&mut child, Duration::from_secs(180));
    drop(x);
    let debug = std::fs::read_to_string(&debug_path).unwrap_or_default();
    assert!(
        status.is_some(),
        "{name}: xboard did not finish within 3 minutes; debug log tail:\n{}",
        tail(&debug, 40)
    );
    let pgn_text = std::fs::read_to_string(&pgn_path).unwrap_or_else(|_| {
        panic!(
            "{name}: no PGN saved; debug log tail:\n{}",
            tail(&debug, 40)
        )
    });
    if let Some(file) = g.variant_file {
        file_games::register(file);
    }
    check_game(name, g.variant, &pgn_text, &debug);
    let _ = std::fs::remove_dir_all(&dir);
    Some(Played {
        pgn: pgn_text,
        debug,
    })
}

fn check_game(name: &str, variant: &str, pgn_text: &str, debug: &str) {
    let pgn = parse_pgn(pgn_text);
    let moves = engine_moves(debug);
    assert!(
        !debug.contains("Illegal move") && !debug.contains("Forfeit"),
        "{name}: XBoard saw an illegal move:\n{}",
        tail(debug, 30)
    );
    assert!(!moves.is_empty(), "{name}: no moves in the debug log");
    let fen = pgn.tag("FEN");
    let mut pos = AnyPosition::new(variant, fen).expect("start position");
    for (i, m) in moves.iter().enumerate() {
        if let Err(e) = pos.play(m) {
            panic!("{name}: move {} ({m}) is illegal: {e}\n{pgn_text}", i + 1);
        }
    }
    assert_eq!(
        pgn.moves.len(),
        moves.len(),
        "{name}: PGN has {} moves, the engines played {}:\n{pgn_text}",
        pgn.moves.len(),
        moves.len()
    );
    for (san, m) in pgn.moves.iter().zip(&moves) {
        if let Some(t) = san_target(san) {
            assert_eq!(t, move_target(m), "{name}: PGN move {san} is not {m}");
        }
    }
    let tag = pgn.tag("Result").unwrap_or("");
    assert_eq!(tag, pgn.result, "{name}: Result tag and movetext disagree");
    // XBoard applies the move limit it was given (`-adjudicateDrawMoves 80`) as soon as
    // the 80th move is made, before it hears the engine's claim; a game that ends by rule on
    // that very move is recorded as XBoard's draw.
    let limit_reached = pgn_text.contains("adjudication: long game") && moves.len() >= 2 * 80;
    match pos.outcome() {
        Some(o) if limit_reached => assert_eq!(
            tag,
            "1/2-1/2",
            "{name}: XBoard's move limit was reached (the game also ended by rule: {})",
            o.reason()
        ),
        Some(o) => assert_eq!(
            tag,
            o.result(),
            "{name}: the game ended by rule ({}) but the PGN says {tag}",
            o.reason()
        ),
        None => {
            assert!(
                pgn_text.contains("adjudication") || tag == "1/2-1/2",
                "{name}: the final position is not over, yet the PGN says {tag}:\n{pgn_text}"
            );
            assert_ne!(tag, "*", "{name}: unfinished game");
        }
    }
    eprintln!(
        "{name}: {} moves, result {tag}{}",
        moves.len(),
        pos.outcome()
            .map(|o| format!(" ({})", o.reason()))
            .unwrap_or_default()
    );
}

/// XBoard as a person starts it (its windows on an Xvfb display of its own, no match):
/// Oblique as the first engine, settings neither read from nor saved to the machine's,
/// every line to and from the engine in a debug log. Stopped when dropped.
struct XboardGui {
    dir: PathBuf,
    debug_path: PathBuf,
    child: Child,
    x: Xvfb,
}

impl XboardGui {
    /// `args` come after the common ones (variant, board, position, mode...).
    fn start(name: &str, xboard: &Path, xvfb: &Path, args: &[&str]) -> XboardGui {
        let dir = scratch_dir(name);
        let x = Xvfb::start(xvfb, 140);
        let debug_path = dir.join("xboard.debug");
        let child = Command::new(xboard)
            .env_remove("OBLIQUE_NET")
            .current_dir(&dir)
            .env("HOME", &dir)
            .env("DISPLAY", &x.display)
            .args(["-saveSettingsOnExit", "false"])
            .args([
                "-fcp",
                &engine().to_string_lossy(),
                "-fd",
                &dir.to_string_lossy(),
            ])
            .args(["-debug", "-nameOfDebugFile", &debug_path.to_string_lossy()])
            .args(args)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("start xboard");
        XboardGui {
            dir,
            debug_path,
            child,
            x,
        }
    }

    /// A file for XBoard to read at start-up (in the temporary directory, named per process).
    fn file(name: &str, text: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!("oblique-{}-{}", std::process::id(), name));
        std::fs::write(&path, text).expect("write file");
        path
    }

    /// The debug log once `want` holds for it, or after `secs` seconds as it is then.
    fn wait_for(&self, want: &dyn Fn(&str) -> bool, secs: u64) -> String {
        let start = Instant::now();
        loop {
            let debug = std::fs::read_to_string(&self.debug_path).unwrap_or_default();
            if want(&debug) || start.elapsed() > Duration::from_secs(secs) {
                return debug;
            }
            std::thread::sleep(Duration::from_millis(200));
        }
    }
}

impl Drop for XboardGui {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

// Black first from XBoard's command line (README): `-variant fairy` with the board size,
// the piece letters and the start position loaded from a file (`-lpf`). A loaded position
// with Black to move makes XBoard ignore the engine's `setup`, which for a named
// engine-defined variant is an error that resets XBoard to orthodox chess; `fairy` (sent to
// the engine as `variant 8x6+0_fairy`) leaves the game to the `setboard` that follows.

#[test]
fn xboard_black_first_engine_moves_first_against_a_person() {
    // A person playing White against the engine (`-initialMode MachineBlack`): the engine
    // must open the game with a legal Black move.
    let Some(xboard) = require("xboard") else {
        return;
    };
    let Some(xvfb) = require("Xvfb") else {
        return;
    };
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let fen = "rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR b KQkq - 0 1";
    let fen_path = XboardGui::file("msec.fen", &format!("{fen}\n"));
    let gui = XboardGui::start(
        "xboard-black-first-person",
        &xboard,
        &xvfb,
        &[
            "-testLegality",
            "false",
            "-variant",
            "fairy",
            "-boardWidth",
            "8",
            "-boardHeight",
            "6",
            "-pieceToCharTable",
            "PNBRQ................Kpnbrq................k",
            "-lpf",
            &fen_path.to_string_lossy(),
            "-initialMode",
            "MachineBlack",
            "-timeControl",
            "0:06",
            "-popupExitMessage",
            "false",
        ],
    );
    // The engine's first move, read from the debug log as it is written.
    let debug = gui.wait_for(&|d| !engine_moves(d).is_empty(), 60);
    drop(gui);
    let _ = std::fs::remove_file(&fen_path);
    let first = engine_moves(&debug).into_iter().next();
    assert!(
        !debug.contains("did not send setup") && !debug.contains("Illegal move"),
        "{}",
        tail(&debug, 30)
    );
    let first = first.unwrap_or_else(|| panic!("no engine move:\n{}", tail(&debug, 30)));
    let mut pos = AnyPosition::new("minislanted", None).expect("start");
    assert!(
        pos.play(&first).is_ok(),
        "{first} is not a Black first move"
    );
}

#[test]
fn xboard_minislanted_self_play() {
    xboard_game(
        "xboard-minislanted",
        XGame {
            variant: "minislanted",
            // Black first: see `BLACK_FIRST` (a named variant would be reset to orthodox).
            xboard_variant: "fairy",
            second: None,
            variant_file: None,
            test_legality: false,
            extra: &[
                "-boardWidth",
                "8",
                "-boardHeight",
                "6",
                "-pieceToCharTable",
                "PNBRQ................Kpnbrq................k",
            ],
            load_fen: Some("rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
        },
    );
}

#[test]
fn xboard_ultraslanted_self_play() {
    xboard_game(
        "xboard-ultraslanted",
        XGame {
            variant: "ultraslanted",
            // Black first: see `BLACK_FIRST` (a named variant would be reset to orthodox).
            xboard_variant: "fairy",
            second: None,
            variant_file: None,
            test_legality: false,
            extra: &[
                "-boardWidth",
                "10",
                "-boardHeight",
                "9",
                "-pieceToCharTable",
                "PNBRQ...............UKpnbrq...............uk",
            ],
            load_fen: Some(
                "urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU b KQkq - 0 1",
            ),
        },
    );
}

#[test]
fn xboard_slanted_self_play() {
    // White first: the engine's `setup` alone sets the game up.
    xboard_game(
        "xboard-slanted",
        XGame {
            variant: "slanted",
            xboard_variant: "slanted",
            second: None,
            variant_file: None,
            test_legality: false,
            extra: &[],
            load_fen: None,
        },
    );
}

// Games written in a file (docs/game-files.md), hosted by XBoard as a person starts it:
// `-variant NAME` and the engine command `oblique --variant-file FILE xboard`
// (docs/xboard.md). Both with XBoard's own legality testing on: XBoard checks every move.

#[test]
fn xboard_file_game_capablanca() {
    // XBoard knows Capablanca chess itself: it keeps its own rules (the engine's `setup` and
    // `piece` lines are for games XBoard does not know, and it ignores them here).
    let file = file_games::capablanca_file();
    xboard_game(
        "xboard-file-capablanca",
        XGame {
            variant: "capablanca",
            xboard_variant: "capablanca",
            second: None,
            variant_file: Some(&file),
            test_legality: true,
            extra: &[],
            load_fen: None,
        },
    );
}

#[test]
fn xboard_file_game_on_a_graph_board() {
    // variants/forked-escalators.toml, a board given cell by cell (forked rays around a
    // hole, barriers): XBoard knows only grids, so, as docs/game-files.md says, it runs with
    // its legality testing off and the engine judges every move. Each move of the whole
    // game is replayed by the engine's rules from the file.
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants/forked-escalators.toml");
    xboard_game(
        "xboard-file-graph",
        XGame {
            variant: "forked-escalators",
            xboard_variant: "forked-escalators",
            second: None,
            variant_file: Some(&file),
            test_legality: false,
            extra: &[],
            load_fen: None,
        },
    );
}

/// Whether a SAN move names its piece's whole origin square (`Sf8e7`): XBoard writes that
/// for a piece it generates no moves for, where it cannot tell what needs disambiguating.
fn full_origin(san: &str) -> bool {
    let s = san.trim_end_matches(['+', '#', '!', '?']);
    let s = s.split('=').next().unwrap_or(s).replace('x', "");
    let mut chars = s.chars().peekable();
    if !chars.next().is_some_and(|c| c.is_ascii_uppercase()) {
        return false;
    }
    let mut squares = 0;
    while let Some(file) = chars.next() {
        if !file.is_ascii_lowercase() {
            return false;
        }
        let mut digits = 0;
        while chars.peek().is_some_and(char::is_ascii_digit) {
            chars.next();
            digits += 1;
        }
        if digits == 0 {
            return false;
        }
        squares += 1;
    }
    squares == 2
}

#[test]
fn xboard_file_game_with_a_piece_xboard_learns() {
    // The khon (FfW) has XBoard's letter S, its wild-card Cobra: XBoard moves it only by the
    // engine's `piece` line, for both colours. XBoard 4.9.1 gives Black the definition only
    // with `piece S& ...`; without it, Black's khon was a Cobra to XBoard (any move taken
    // unchecked, SAN such as `Sf8e7` with the full origin square).
    let file = file_games::khon_chess_file();
    let Some(played) = xboard_game(
        "xboard-file-khonchess",
        XGame {
            variant: file_games::KHON_CHESS_NAME,
            xboard_variant: file_games::KHON_CHESS_NAME,
            second: None,
            variant_file: Some(&file),
            test_legality: true,
            extra: &[],
            load_fen: None,
        },
    ) else {
        return;
    };
    assert!(
        played.debug.contains("<first : piece S"),
        "the engine did not define the khon\n{}",
        tail(&played.debug, 30)
    );
    let pgn = parse_pgn(&played.pgn);
    let khon_moves = pgn.moves.iter().filter(|m| m.starts_with('S')).count();
    assert!(khon_moves > 0, "no khon moved:\n{}", played.pgn);
    let blind: Vec<&String> = pgn.moves.iter().filter(|m| full_origin(m)).collect();
    assert!(
        blind.is_empty(),
        "XBoard generated no moves for the pieces of {blind:?}:\n{}",
        played.pgn
    );
}

/// XBoard does not know the Diagonal Chess corner win: with its claim testing on it calls
/// the engine's `1-0 {White pawn reaches h8}` a false claim (`GameEnds` in `backend.c`).
const DIAGONAL_CLAIMS: &[&str] = &["-testClaims", "false"];

/// A Diagonal Chess position loaded at start-up (README): `-variant fairy` with the board
/// and the piece letters on the command line; the engine takes the game from the position
/// and tells XBoard how its pieces move. (Under `-variant diagonal` the engine's `setup`
/// would replace a loaded position with the start position.)
const DIAGONAL_LOADED: &[&str] = &[
    "-testClaims",
    "false",
    "-boardWidth",
    "8",
    "-boardHeight",
    "8",
    "-pieceToCharTable",
    "PNBRQ................Kpnbrq................k",
];

#[test]
fn xboard_diagonal_self_play() {
    // From the start, XBoard trusting the engines: XBoard 4.9.1 promotes pawns only on the
    // last rank (`LegalityTest`/`ApplyMove`), so with its legality testing on it would
    // refuse the promotions on the h- and a-files that diagonal.md prescribes.
    xboard_game(
        "xboard-diagonal",
        XGame {
            variant: "diagonal",
            xboard_variant: "diagonal",
            second: None,
            variant_file: None,
            test_legality: false,
            extra: DIAGONAL_CLAIMS,
            load_fen: None,
        },
    );
}

#[test]
fn xboard_diagonal_legality_testing_reads_the_pawn() {
    // XBoard checks every move from the engine's `piece` definitions. White is in check
    // from the a3 rook and Ke3-e4 is the only legal move (diagonal.md: Black's pawn on d4
    // captures only on d3 and c4). A pawn definition XBoard misreads as capturing in all
    // four straight directions makes XBoard see e4 attacked and forfeit the engine.
    xboard_game(
        "xboard-diagonal-pawn",
        XGame {
            variant: "diagonal",
            xboard_variant: "fairy",
            second: None,
            variant_file: None,
            test_legality: true,
            extra: DIAGONAL_LOADED,
            load_fen: Some("7k/4n3/8/8/3p4/r3K3/1r6/6n1 w - - 0 1"),
        },
    );
}

#[test]
fn xboard_diagonal_corner_win() {
    // diagonal.md: g7-h8 onto an empty h8 wins at once and promotes nothing. XBoard takes
    // it for a promotion and passes `g7h8q` to the other engine, which must read it.
    let played = xboard_game(
        "xboard-diagonal-corner",
        XGame {
            variant: "diagonal",
            xboard_variant: "fairy",
            second: None,
            variant_file: None,
            test_legality: true,
            extra: DIAGONAL_LOADED,
            load_fen: Some("k7/6P1/8/8/8/8/8/7K w - - 0 1"),
        },
    );
    if let Some(Played { pgn, .. }) = played {
        assert_eq!(parse_pgn(&pgn).result, "1-0", "{pgn}");
    }
}

#[test]
fn xboard_orthodox_against_fairy_max() {
    let Some(fairymax) = require("fairymax") else {
        return;
    };
    // Fairy-Max 5.0b (Debian) answers a command it does not know (XBoard sends `computer`
    // to it before every game) with a read out of bounds at an address that moves with the
    // address-space layout: about half of its runs died there (7 of 12 on 2026-11-29, with
    // no Oblique in the loop), none of 12 with the layout fixed. `setarch -R` fixes it for
    // Fairy-Max alone; XBoard splits the command at spaces.
    let Some(setarch) = require("setarch") else {
        return;
    };
    let fairymax = PathBuf::from(format!("{} -R {}", setarch.display(), fairymax.display()));
    xboard_game(
        "xboard-fairymax",
        XGame {
            variant: "chess",
            xboard_variant: "normal",
            second: Some(fairymax),
            variant_file: None,
            test_legality: true,
            extra: &[],
            load_fen: None,
        },
    );
}

// CECP: thinking output on the opponent's time may show the position after the move the
// engine expects only once it has named that move in `Hint: MOVE`; XBoard otherwise shows a
// line in which one side moves twice.
#[test]
fn xboard_ponder_output_follows_a_hint() {
    let Some(played) = xboard_game(
        "xboard-ponder",
        XGame {
            variant: "chess",
            xboard_variant: "normal",
            second: None,
            variant_file: None,
            test_legality: true,
            extra: &["-ponderNextMove", "true"],
            load_fen: None,
        },
    ) else {
        return;
    };
    // Per engine: thinking since its own last move (the opponent's time) and whether a
    // `Hint:` came first. XBoard's next move to it ends the pondering.
    let mut pondering = std::collections::HashMap::new();
    let mut ponder_lines = 0;
    for (dir, who, text) in protocol_lines(&played.debug) {
        let state = pondering.entry(who).or_insert((false, false));
        match dir {
            Dir::FromEngine if text.starts_with("move ") => *state = (true, false),
            Dir::FromEngine if text.starts_with("Hint:") => state.1 = true,
            Dir::FromEngine if thinking_line(text).is_some() && state.0 => {
                assert!(
                    state.1,
                    "{who} shows thinking on the opponent's time before any Hint: {text}\n{}",
                    tail(&played.debug, 40)
                );
                ponder_lines += 1;
            }
            Dir::ToEngine
                if text.starts_with("usermove")
                    || ["new", "force", "result", "quit"]
                        .iter()
                        .any(|w| text.starts_with(w)) =>
            {
                state.0 = false
            }
            _ => {}
        }
    }
    assert!(
        ponder_lines > 0,
        "no thinking on the opponent's time: the engines did not ponder\n{}",
        tail(&played.debug, 40)
    );
}

// After a proven mate a deeper search cannot change the score: the engine stops iterating
// instead of filling XBoard's Engine Output with the same line to the maximum depth.
// King and queen against king, mate in 6 (Stockfish 15.1 at depth 30: `score mate 6`).
#[test]
fn xboard_proven_mates_end_the_iterations() {
    let Some(played) = xboard_game(
        "xboard-mate-lines",
        XGame {
            variant: "chess",
            xboard_variant: "normal",
            second: None,
            variant_file: None,
            test_legality: true,
            extra: &[],
            load_fen: Some("8/8/8/8/8/2k5/8/K2Q4 w - - 0 1"),
        },
    ) else {
        return;
    };
    assert_eq!(parse_pgn(&played.pgn).result, "1-0", "{}", played.pgn);
    // A mate in p plies ends the iterations once the depth passes 2p + 4 (the margin lets
    // pruned shorter mates surface; `MATE_MARGIN` in engine/src/search/worker.rs), and a
    // mate in N moves is at most 2N plies: no thinking line with a mate score may come from
    // deeper than 4N + 5. Before the fix the engines went on to depth 100.
    let mut mate_lines = 0;
    for (dir, who, text) in protocol_lines(&played.debug) {
        if dir != Dir::FromEngine {
            continue;
        }
        let Some((depth, score)) = thinking_line(text).filter(|(_, s)| s.abs() >= 100_000) else {
            continue;
        };
        mate_lines += 1;
        let moves = score.abs() - 100_000;
        assert!(
            depth <= 4 * moves + 5,
            "{who} still iterating at depth {depth} on a mate in {moves}: {text}\n{}",
            tail(&played.debug, 60)
        );
    }
    assert!(
        mate_lines > 0,
        "no engine reported the mate\n{}",
        tail(&played.debug, 60)
    );
}

// A person starting XBoard with the README's command for a game XBoard does not know: the
// engine's `setup` must make XBoard take the game. Without a parent variant XBoard 4.9.1
// kept its variant "unknown", answered the engine's first `pong` with "Engine did not send
// setup for non-standard variant" and fell back to orthodox chess (`GameEnds(29, (null), 4)`
// in its debug log: GameUnfinished from XBoard itself).
#[test]
fn xboard_readme_commands_start_engine_defined_games() {
    let Some(xboard) = require("xboard") else {
        return;
    };
    let Some(xvfb) = require("Xvfb") else {
        return;
    };
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    for (variant, extra) in [
        ("slanted", &["-xlegal"][..]),
        ("diagonal", &["-xlegal", "-testClaims", "false"][..]),
    ] {
        let mut args = vec!["-variant", variant];
        args.extend_from_slice(extra);
        let gui = XboardGui::start(&format!("xboard-start-{variant}"), &xboard, &xvfb, &args);
        // Until the engine has answered the start-up `ping`, and a moment more.
        gui.wait_for(&|d| d.contains("<first : pong"), 30);
        std::thread::sleep(Duration::from_millis(500));
        let debug = gui.wait_for(&|_| true, 0);
        drop(gui);
        assert!(
            debug.contains("<first : pong"),
            "{variant}: the engine never answered XBoard's ping\n{}",
            tail(&debug, 30)
        );
        assert!(
            debug.contains("_fairy") && !debug.contains("GameEnds(29, (null), 4)"),
            "{variant}: XBoard did not take the engine's game\n{}",
            tail(&debug, 30)
        );
    }
}

/// Runs a tool under the test's X display; its standard output.
fn x_tool(tool: &Path, display: &str, args: &[&str]) -> String {
    Command::new(tool)
        .env("DISPLAY", display)
        .args(args)
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
        .unwrap_or_default()
}

/// A person's click on a square of XBoard's board: button down, a human moment, button up
/// (XBoard asks the engine for the promotion choice between the two).
fn click_square(xdotool: &Path, display: &str, board: (i32, i32, i32), square: &str) {
    let (left, top, size) = board;
    let b = square.as_bytes();
    let file = (b[0] - b'a') as i32;
    let rank = (b[1] - b'1') as i32;
    let x = left + file * size + size / 2;
    let y = top + (7 - rank) * size + size / 2;
    x_tool(
        xdotool,
        display,
        &["mousemove", &x.to_string(), &y.to_string()],
    );
    x_tool(xdotool, display, &["mousedown", "1"]);
    std::thread::sleep(Duration::from_millis(250));
    x_tool(xdotool, display, &["mouseup", "1"]);
    std::thread::sleep(Duration::from_millis(400));
}

// A person promoting in Diagonal Chess by clicks, with XBoard's legality testing off as the
// README says: g3-h4 promotes, and h4 allows a Knight only (diagonal.md). When the pawn is
// lifted the engine marks h4 as a promotion square; on the down-click there XBoard asks
// (`put h4`) and the engine answers `choice N`, which XBoard's promotion sweep takes, so the
// move sent is g3h4n (a plain click-click without the engine's choice sends g3h4q).
#[test]
fn xboard_person_promotes_by_clicks_in_diagonal_chess() {
    let Some(xboard) = require("xboard") else {
        return;
    };
    let Some(xvfb) = require("Xvfb") else {
        return;
    };
    let Some(xdotool) = require("xdotool") else {
        return;
    };
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let fen = "k7/8/8/8/8/6P1/8/K7 w - - 0 1";
    let fen_path = XboardGui::file("promotion.fen", &format!("{fen}\n"));
    let mut args = vec!["-size", "medium", "-variant", "fairy"];
    args.extend_from_slice(DIAGONAL_LOADED);
    let fen_arg = fen_path.to_string_lossy().into_owned();
    args.extend_from_slice(&["-xlegal", "-lpf", &fen_arg, "-timeControl", "1:00"]);
    let gui = XboardGui::start("xboard-promotion-clicks", &xboard, &xvfb, &args);
    let display = gui.x.display.clone();
    let read_until = |want: &dyn Fn(&str) -> bool, secs: u64| gui.wait_for(want, secs);
    // Ready once the engine has told XBoard how the pieces move.
    let debug = read_until(&|d| d.contains("<first : piece P&"), 30);
    assert!(
        debug.contains("<first : piece P&"),
        "the engine did not set up the game\n{}",
        tail(&debug, 30)
    );
    // The board fills the main window's width below the menus and clocks, one pixel of
    // frame on each side: its squares from the window's size.
    // The main window is the visible one of class xboard (titled with the loaded file).
    let start = Instant::now();
    let mut size = None;
    while size.is_none() && start.elapsed() < Duration::from_secs(15) {
        std::thread::sleep(Duration::from_millis(300));
        let found = x_tool(
            &xdotool,
            &display,
            &["search", "--onlyvisible", "--class", "xboard"],
        );
        let Some(id) = found.lines().next().map(str::trim) else {
            continue;
        };
        let geometry = x_tool(&xdotool, &display, &["getwindowgeometry", id]);
        size = geometry
            .lines()
            .find_map(|l| l.trim().strip_prefix("Geometry: "))
            .and_then(|g| g.split_once('x'))
            .and_then(|(w, h)| {
                Some((w.trim().parse::<i32>().ok()?, h.trim().parse::<i32>().ok()?))
            });
    }
    let Some((width, height)) = size else {
        let all = x_tool(
            &xdotool,
            &display,
            &["search", "--onlyvisible", "--name", ""],
        );
        panic!(
            "no XBoard window among the visible ones {all:?}\n{}",
            tail(&read_until(&|_| true, 0), 15)
        );
    };
    let square = (width - 5) / 8;
    let board = (2, height - 2 - 8 * square, square);
    click_square(&xdotool, &display, board, "g3");
    let debug = read_until(&|d| d.contains(">first : lift g3"), 5);
    assert!(
        debug.contains(">first : lift g3"),
        "the click on g3 missed (board at {board:?} in a {width}x{height} window)\n{}",
        tail(&debug, 20)
    );
    click_square(&xdotool, &display, board, "h4");
    // The person's move, then the engine's answer.
    let debug = read_until(
        &|d| {
            d.split(">first : usermove")
                .nth(1)
                .is_some_and(|rest| rest.contains("<first : move "))
        },
        30,
    );
    drop(gui);
    let _ = std::fs::remove_file(&fen_path);
    let sent: Vec<String> = protocol_lines(&debug)
        .into_iter()
        .filter(|(dir, _, _)| *dir == Dir::ToEngine)
        .filter_map(|(_, _, t)| {
            t.split_whitespace()
                .last()
                .filter(|m| m.starts_with("g3h4"))
                .map(str::to_string)
        })
        .collect();
    assert_eq!(
        sent,
        ["g3h4n"],
        "XBoard did not send the Knight promotion\n{}",
        tail(&debug, 30)
    );
    assert!(!debug.contains("Illegal move"), "{}", tail(&debug, 30));
    let reply = engine_moves(&debug);
    let mut pos = AnyPosition::new("diagonal", Some(fen)).expect("position");
    pos.play("g3h4n").expect("g3h4n is legal");
    let reply = reply
        .first()
        .unwrap_or_else(|| panic!("no engine move\n{}", tail(&debug, 30)));
    assert!(pos.play(reply).is_ok(), "engine answered {reply}");
}

/// A Python interpreter that has python-chess.
fn python_with_chess() -> Option<PathBuf> {
    tools::require_python(&["chess.engine"], "python-chess (PyPI package chess)")
}

fn python_client(protocol: &str) {
    let Some(python) = python_with_chess() else {
        return;
    };
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/clients/python_chess_client.py");
    let mut child = Command::new(python)
        .env_remove("OBLIQUE_NET")
        .arg(&script)
        .arg(protocol)
        .arg(engine())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start python");
    let stdout = child.stdout.take();
    let stderr = child.stderr.take();
    let out = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(mut o) = stdout {
            let _ = std::io::Read::read_to_string(&mut o, &mut s);
        }
        s
    });
    let err = std::thread::spawn(move || {
        let mut s = String::new();
        if let Some(mut e) = stderr {
            let _ = std::io::Read::read_to_string(&mut e, &mut s);
        }
        s
    });
    let status = wait_with_limit(&mut child, Duration::from_secs(240));
    let out = out.join().unwrap_or_default();
    let err = err.join().unwrap_or_default();
    assert!(
        status.is_some_and(|s| s.success()),
        "python-chess over {protocol} failed:\n{out}\n{err}"
    );
    let last = out.lines().last().unwrap_or("");
    assert!(last.starts_with("OK "), "{out}\n{err}");
    eprintln!("python-chess {protocol}: {last}");
}

#[test]
fn python_chess_over_uci() {
    python_client("uci");
}

#[test]
fn python_chess_over_xboard() {
    python_client("xboard");
}

#[test]
fn pgn_helpers() {
    let pgn = parse_pgn(
        "[Result \"0-1\"]\n[FEN \"x\"]\n\n{--\nboard\n--}\n1... a5b4 {+0.1/3} 2. Nxe5 \
         b2c1=Q+ 3. O-O a2b1=N# {Black mates} 0-1\n",
    );
    assert_eq!(pgn.moves, ["a5b4", "Nxe5", "b2c1=Q+", "O-O", "a2b1=N#"]);
    assert_eq!(pgn.result, "0-1");
    assert_eq!(san_target("b2c1=Q+").as_deref(), Some("c1"));
    assert_eq!(san_target("Ua1c3").as_deref(), Some("c3"));
    assert_eq!(san_target("O-O"), None);
    assert_eq!(move_target("b2c1q"), "c1");
    assert_eq!(move_target("a10b9"), "b9");
    assert!(full_origin("Sf8e7") && full_origin("Sf8xe7+") && full_origin("Ca1xb10"));
    assert!(!full_origin("Se7") && !full_origin("Sfe7") && !full_origin("exd5"));
    assert!(!full_origin("e8=Q") && !full_origin("O-O") && !full_origin("S8e7"));
    assert_eq!(move_target("b7c8c"), "c8");
    assert_eq!(
        engine_moves("12 <first : move e2e4\n13 <second: move e7e5\n14 >first : move x\n"),
        ["e2e4", "e7e5"]
    );
}
