//! A seeded mutation fuzzer for every parser a user or a GUI can reach: FEN, TFEN, move
//! notation (machine and human forms), UCI lines and XBoard lines. No coverage-guided fuzzer
//! runs on this project's stable toolchain (cargo-fuzz and AFL need nightly or a C
//! toolchain wrapper), so inputs are mutated from a corpus of valid ones with a fixed seed:
//! the same seed gives the same inputs, so a failure can be replayed.
//!
//! What each target checks, beyond "no panic, no hang":
//! - FEN/TFEN: an accepted position generates its moves, and its own FEN reads back to the
//!   same position;
//! - moves: a refused move leaves the position as it was, an accepted one is exactly one of
//!   the legal moves;
//! - UCI/XBoard: no input reaches the session's internal-error path, and the engine still
//!   answers `isready`/`ping` after the garbage (unless the garbage said `quit`);
//! - `oblique match` engine specifications: an accepted one names a program;
//! - `oblique match` opening files: every accepted opening replays from its position;
//! - the browser board's WebSocket messages (`oblique serve`): every message gets one reply
//!   or more, and an error reply leaves the tab's game as it was;
//! - game files, our TOML format and Fairy-Stockfish's variants.ini: a refusal is one line
//!   naming the file; an accepted game goes through the engine's loader, and a game the
//!   loader accepts builds its move tables (the start position is the FEN target's job).
//!
//! Used by `examples/fuzz.rs` (long runs, figures in the README) and `tests/fuzz.rs` (a
//! short run in CI).
#![allow(dead_code)]

use oblique_engine::any::all_variant_names;
use oblique_engine::AnyPosition;
use oblique_protocol::{first_move_search_fn, run, Protocol};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::io::{Cursor, Write};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Fen,
    Tfen,
    Moves,
    Uci,
    Xboard,
    EngineSpec,
    Openings,
    Web,
    GameToml,
    GameIni,
}

impl Target {
    pub const ALL: [Target; 10] = [
        Target::Fen,
        Target::Tfen,
        Target::Moves,
        Target::Uci,
        Target::Xboard,
        Target::EngineSpec,
        Target::Openings,
        Target::Web,
        Target::GameToml,
        Target::GameIni,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Target::Fen => "fen",
            Target::Tfen => "tfen",
            Target::Moves => "moves",
            Target::Uci => "uci",
            Target::Xboard => "xboard",
            Target::EngineSpec => "engine-spec",
            Target::Openings => "openings",
            Target::Web => "web",
            Target::GameToml => "game-toml",
            Target::GameIni => "game-ini",
        }
    }

    pub fn parse(name: &str) -> Option<Target> {
        Target::ALL.into_iter().find(|t| t.name() == name)
    }
}

pub struct Report {
    pub target: Target,
    pub inputs: u64,
    /// Inputs the parser accepted (positions read, moves played, sessions that ran).
    pub accepted: u64,
    pub elapsed: Duration,
}

/// A failing input and what went wrong.
#[derive(Debug)]
pub struct Failure {
    pub target: Target,
    pub input: String,
    pub why: String,
}

/// Protocol lines go to a session in batches this long.
const BATCH: usize = 1000;

/// Runs `count` inputs against `target` from `seed`.
pub fn fuzz(target: Target, count: u64, seed: u64) -> Result<Report, Failure> {
    let mut rng = StdRng::seed_from_u64(seed ^ (target as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    let start = Instant::now();
    let mut accepted = 0;
    let mut done = 0;
    let fail = |input: String, why: String| Failure { target, input, why };
    match target {
        Target::Fen | Target::Tfen => {
            let corpus = position_corpus(target);
            while done < count {
                let input = mutate(&mut rng, &corpus, FEN_WORDS);
                let variant = pick_variant(&mut rng, target);
                done += 1;
                match catch_unwind(|| check_position(&variant, &input)) {
                    Ok(Ok(true)) => accepted += 1,
                    Ok(Ok(false)) => {}
                    Ok(Err(why)) => return Err(fail(format!("{variant}: {input}"), why)),
                    Err(_) => return Err(fail(format!("{variant}: {input}"), "panic".into())),
                }
            }
        }
        Target::Moves => {
            while done < count {
                let pos = random_position(&mut rng);
                let legal = pos.legal_moves_text();
                let mut corpus = legal.clone();
                corpus.extend(pos.legal_moves_human());
                corpus.push("O-O".into());
                corpus.push("e2e4".into());
                // A few inputs per position (building the position costs more than a move).
                for _ in 0..20 {
                    let input = mutate(&mut rng, &corpus, MOVE_WORDS);
                    done += 1;
                    let label =
                        || format!("{} after {}: {input}", pos.variant_name(), pos.to_fen());
                    match catch_unwind(AssertUnwindSafe(|| check_move(&pos, &legal, &input))) {
                        Ok(Ok(true)) => accepted += 1,
                        Ok(Ok(false)) => {}
                        Ok(Err(why)) => return Err(fail(label(), why)),
                        Err(_) => return Err(fail(label(), "panic".into())),
                    }
                }
            }
        }
        Target::EngineSpec => {
            let corpus: Vec<String> = ENGINE_SPECS.iter().map(|s| s.to_string()).collect();
            while done < count {
                let input = mutate(&mut rng, &corpus, SPEC_WORDS);
                done += 1;
                match catch_unwind(|| {
                    oblique_arena::config::EngineConfig::parse(&input).map(|c| c.label())
                }) {
                    Ok(Ok(label)) if label.is_empty() => {
                        return Err(fail(input, "accepted with an empty program name".into()))
                    }
                    Ok(Ok(_)) => accepted += 1,
                    Ok(Err(_)) => {}
                    Err(_) => return Err(fail(input, "panic".into())),
                }
            }
        }
        Target::Openings => {
            let corpus: Vec<String> = OPENING_LINES.iter().map(|s| s.to_string()).collect();
            while done < count {
                // A file of a few lines for one game.
                let (variant, lines) = OPENING_GAMES[rng.gen_range(0..OPENING_GAMES.len())];
                let mut file_corpus = corpus.clone();
                file_corpus.extend(lines.iter().map(|s| s.to_string()));
                let n = rng.gen_range(1..6);
                let text: Vec<String> = (0..n)
                    .map(|_| mutate(&mut rng, &file_corpus, FEN_WORDS))
                    .collect();
                let text = text.join("\n");
                done += 1;
                match catch_unwind(|| check_openings(&text, variant)) {
                    Ok(Ok(true)) => accepted += 1,
                    Ok(Ok(false)) => {}
                    Ok(Err(why)) => return Err(fail(format!("{variant}:\n{text}"), why)),
                    Err(_) => return Err(fail(format!("{variant}:\n{text}"), "panic".into())),
                }
            }
        }
        Target::Web => {
            let corpus: Vec<String> = WEB_MESSAGES.iter().map(|s| s.to_string()).collect();
            let rt = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(1)
                .enable_all()
                .build()
                .map_err(|e| fail(String::new(), format!("no tokio runtime: {e}")))?;
            let _inside = rt.enter();
            let engines = std::sync::Arc::new(
                oblique_web::engine::Engines::new(1, 1)
                    .map_err(|e| fail(String::new(), e.to_string()))?,
            );
            let (tx, _rx) = tokio::sync::mpsc::unbounded_channel();
            let mut tab = oblique_web::session::Session::new(engines, tx);
            while done < count {
                let input = mutate(&mut rng, &corpus, WEB_WORDS);
                done += 1;
                let before = tab.state();
                let replies = match catch_unwind(AssertUnwindSafe(|| tab.handle_text(&input))) {
                    Ok(r) => r,
                    Err(_) => return Err(fail(input, "panic".into())),
                };
                if replies.is_empty() {
                    return Err(fail(input, "no reply".into()));
                }
                let error = replies.iter().any(|r| r["type"] == "error");
                if error && tab.state() != before {
                    return Err(fail(input, "an error reply changed the game".into()));
                }
                accepted += u64::from(!error);
            }
            tab.cancel_search();
        }
        Target::GameToml | Target::GameIni => {
            let corpus = game_file_corpus(target);
            while done < count {
                let input = mutate_file(&mut rng, &corpus);
                done += 1;
                match catch_unwind(|| check_game_file(target, &input)) {
                    Ok(Ok(true)) => accepted += 1,
                    Ok(Ok(false)) => {}
                    Ok(Err(why)) => return Err(fail(input, why)),
                    Err(_) => return Err(fail(input, "panic".into())),
                }
            }
        }
        Target::Uci | Target::Xboard => {
            let (hello, corpus, sync, answer): (&str, &[&str], &str, &str) =
                if target == Target::Uci {
                    // A 1 MB hash: `ucinewgame` and `new` clear it (~6 ms at the 64 MB default).
                    (
                        "uci\nsetoption name Hash value 1",
                        UCI_LINES,
                        "stop\nisready\n",
                        "readyok",
                    )
                } else {
                    (
                        "xboard\nprotover 2\nmemory 1",
                        XBOARD_LINES,
                        "force\nexit\nping 4242\n",
                        "pong 4242",
                    )
                };
            let corpus: Vec<String> = corpus.iter().map(|s| s.to_string()).collect();
            while done < count {
                let n = BATCH.min((count - done) as usize);
                let lines: Vec<String> = (0..n)
                    .map(|_| mutate(&mut rng, &corpus, PROTOCOL_WORDS))
                    .collect();
                done += n as u64;
                let out = match session(hello, &lines, sync) {
                    Some(out) => out,
                    None => return Err(fail(lines.join("\n"), "hang: no end within 120 s".into())),
                };
                if out.contains("internal error") {
                    return Err(fail(lines.join("\n"), format!("internal error:\n{out}")));
                }
                let quit = lines
                    .iter()
                    .any(|l| l.split_whitespace().next() == Some("quit"));
                if !quit && !out.contains(answer) {
                    return Err(fail(lines.join("\n"), format!("no {answer} after:\n{out}")));
                }
                accepted += 1;
            }
        }
    }
    Ok(Report {
        target,
        inputs: done,
        accepted,
        elapsed: start.elapsed(),
    })
}

/// Runs protocol `lines` as one session, as the fuzzer does (to replay a failure): what the
/// session printed, or an error if it did not end within 120 s.
pub fn replay(target: Target, lines: &[String]) -> Result<String, String> {
    let (hello, sync) = match target {
        Target::Uci => ("uci\nsetoption name Hash value 1", "stop\nisready\n"),
        Target::Xboard => ("xboard\nprotover 2\nmemory 1", "force\nexit\nping 4242\n"),
        _ => return Err("replay takes uci or xboard lines".into()),
    };
    session(hello, lines, sync).ok_or_else(|| "hang: no end within 120 s".to_string())
}

/// Valid game files to mutate: the shipped TOML files, or Fairy-Stockfish's built-ins as
/// the ini reader restates them plus small child sections.
fn game_file_corpus(target: Target) -> Vec<String> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    if target == Target::GameIni {
        let builtins = oblique_gamefile::ini_builtins::TEXT;
        let mut out: Vec<String> = builtins
            .split("\n[")
            .map(|s| format!("[{}", s.trim_start_matches('[')))
            .collect();
        out.push("[mine:capablanca]\nstartFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n".into());
        out.push("[tiny]\nmaxRank = 4\nmaxFile = d\nking = k\nrook = r\nstartFen = k3/4/4/R2K w - - 0 1\n".into());
        // Only sections that read as games as they stand, so mutations start from games.
        out.retain(|t| oblique_gamefile::ini::parse("corpus.ini", t).is_ok());
        return out;
    }
    let mut out = Vec::new();
    for dir in ["engine/games", "variants"] {
        if let Ok(entries) = std::fs::read_dir(root.join(dir)) {
            for e in entries.flatten() {
                if let Ok(text) = std::fs::read_to_string(e.path()) {
                    out.push(text);
                }
            }
        }
    }
    out
}

/// A file with a few of its lines mutated, dropped or repeated.
fn mutate_file(rng: &mut StdRng, corpus: &[String]) -> String {
    let base = &corpus[rng.gen_range(0..corpus.len())];
    let mut lines: Vec<String> = base.lines().map(str::to_string).collect();
    for _ in 0..rng.gen_range(1..4) {
        if lines.is_empty() {
            break;
        }
        let i = rng.gen_range(0..lines.len());
        match rng.gen_range(0..4) {
            0 => {
                lines.remove(i);
            }
            1 => {
                let copy = lines[i].clone();
                lines.insert(rng.gen_range(0..=lines.len()), copy);
            }
            _ => lines[i] = mutate(rng, std::slice::from_ref(&lines[i]), GAME_WORDS),
        }
    }
    lines.join("\n")
}

/// Reads a game file; a refusal must be one line naming the file, an accepted game must
/// load, and a loaded game must build its tables or be refused by them in one line.
fn check_game_file(target: Target, text: &str) -> Result<bool, String> {
    use oblique_engine::plane::load::spec_from_file;
    use oblique_engine::rules::Rules;
    use oblique_engine::variant::Width;
    let one_line = |e: &oblique_gamefile::GameFileError| {
        let s = e.to_string();
        if s.lines().count() != 1 || !s.starts_with("fuzz") {
            return Err(format!("not one line naming the file: {s:?}"));
        }
        Ok(false)
    };
    let games = if target == Target::GameToml {
        match oblique_gamefile::toml_reader::parse("fuzz.toml", text) {
            Ok(g) => vec![g],
            Err(e) => return one_line(&e),
        }
    } else {
        match oblique_gamefile::ini::parse("fuzz.ini", text) {
            Ok(g) => g,
            Err(e) => return one_line(&e),
        }
    };
    let mut any = false;
    for game in &games {
        // The loader leaks what it keeps (records live for the process); fine for a fuzz run.
        let spec = match spec_from_file(game, "fuzz", text, 0) {
            Ok(s) => &*Box::leak(Box::new(s)),
            Err(e) => {
                one_line(&e)?;
                continue;
            }
        };
        let built = match spec.width {
            Width::W64 => Rules::<u64>::build(spec).map(|_| ()),
            Width::W128 => Rules::<u128>::build(spec).map(|_| ()),
        };
        if let Err(e) = built {
            if e.to_string().lines().count() != 1 {
                return Err(format!("rules error not one line: {e}"));
            }
            continue;
        }
        any = true;
    }
    Ok(any)
}

const GAME_WORDS: &[&str] = &[
    "=",
    "\"",
    "[",
    "]",
    "[[",
    "]]",
    ",",
    "{",
    "}",
    "#",
    ":",
    "-",
    "*",
    "0",
    "1",
    "16",
    "17",
    "255",
    "-1",
    "99999999999",
    "true",
    "false",
    "royal",
    "betza",
    "table",
    "letter",
    "files",
    "ranks",
    "holes",
    "escalator",
    "SEC",
    "knight",
    "ultra",
    "N",
    "NN",
    "R4",
    "mRcpR",
    "ifmnD",
    "fmWfcF",
    "BN",
    "Q",
    "K",
    "J",
    "L",
    "hlN",
    "customPiece1",
    "pieceToCharTable",
    "maxFile",
    "maxRank",
    "startFen",
    "promotionRegionWhite",
    "castling",
    "doubleStep",
    "\u{0}",
    "é",
];

/// Reads a position; an accepted one must generate its moves and read back from its FEN.
fn check_position(variant: &str, text: &str) -> Result<bool, String> {
    let Ok(pos) = AnyPosition::new(variant, Some(text)) else {
        return Ok(false);
    };
    let moves = pos.legal_moves_text();
    if moves.len() as u64 != pos.count_legal_moves() {
        return Err("legal move list and count disagree".into());
    }
    let _ = (pos.outcome(), pos.in_check(), pos.diagram());
    let fen = pos.to_fen();
    let again =
        AnyPosition::new(variant, Some(&fen)).map_err(|e| format!("own FEN {fen} refused: {e}"))?;
    if again.to_fen() != fen || again.key() != pos.key() {
        return Err(format!("FEN {fen} does not read back to the same position"));
    }
    Ok(true)
}

/// Reads an opening file; every opening it accepts must replay from its position.
fn check_openings(text: &str, variant: &str) -> Result<bool, String> {
    let Ok(openings) = oblique_arena::openings::parse_openings(text, variant) else {
        return Ok(false);
    };
    for o in &openings {
        let mut p = AnyPosition::new(variant, o.fen.as_deref())
            .map_err(|e| format!("accepted opening position refused: {e}"))?;
        for m in &o.moves {
            p.play(m)
                .map_err(|e| format!("accepted opening move {m} refused: {e}"))?;
        }
    }
    Ok(true)
}

/// Plays a move text: refused leaves the position unchanged, accepted is a legal move.
fn check_move(pos: &AnyPosition, legal: &[String], text: &str) -> Result<bool, String> {
    let mut p = pos.clone();
    match p.play(text) {
        Err(_) => {
            if p.to_fen() != pos.to_fen() || p.key() != pos.key() {
                return Err("a refused move changed the position".into());
            }
            Ok(false)
        }
        Ok(name) => {
            if !legal.contains(&name) {
                return Err(format!("accepted as {name}, which is not a legal move"));
            }
            let mut q = pos.clone();
            q.play(&name)
                .map_err(|e| format!("{name} refused on replay: {e}"))?;
            if q.to_fen() != p.to_fen() {
                return Err(format!("{text} and {name} lead to different positions"));
            }
            Ok(true)
        }
    }
}

#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Runs one in-process session (with the first-legal-move search, so garbage `go` lines
/// cost nothing) and returns what it printed; `None` if it did not end within 120 s.
fn session(hello: &str, lines: &[String], sync: &str) -> Option<String> {
    let mut input = format!("{hello}\n");
    for l in lines {
        input.push_str(l);
        input.push('\n');
    }
    input.push_str(sync);
    let out = Shared::default();
    let sink = out.clone();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let r = run(
            Cursor::new(input.into_bytes()),
            Box::new(sink),
            Protocol::Auto,
            first_move_search_fn(),
            None,
        );
        let _ = tx.send(r);
    });
    rx.recv_timeout(Duration::from_secs(120)).ok()?.ok()?;
    let bytes = out.0.lock().unwrap_or_else(|e| e.into_inner()).clone();
    Some(String::from_utf8_lossy(&bytes).to_string())
}

fn pick_variant(rng: &mut StdRng, target: Target) -> String {
    let names = all_variant_names();
    if target == Target::Tfen {
        return if rng.gen_ratio(1, 20) {
            names[rng.gen_range(0..names.len())].to_string()
        } else {
            "startrek".into()
        };
    }
    match rng.gen_range(0..40) {
        0 => "nosuchgame".into(),
        1 => "STARTREK".into(),
        _ => names[rng.gen_range(0..names.len())].to_string(),
    }
}

/// Start positions of every game plus positions after random legal plies.
fn position_corpus(target: Target) -> Vec<String> {
    let mut rng = StdRng::seed_from_u64(7);
    let mut out = Vec::new();
    for name in all_variant_names() {
        if (name == "startrek") != (target == Target::Tfen) {
            continue;
        }
        for _ in 0..6 {
            let mut p = AnyPosition::new(name, None).expect("start position");
            out.push(p.to_fen());
            for _ in 0..rng.gen_range(1..40) {
                let moves = p.legal_moves_text();
                if moves.is_empty() {
                    break;
                }
                let m = &moves[rng.gen_range(0..moves.len())];
                if p.play(m).is_err() {
                    break;
                }
            }
            out.push(p.to_fen());
        }
    }
    out
}

/// A game at its start or after a few random plies.
fn random_position(rng: &mut StdRng) -> AnyPosition {
    let names = all_variant_names();
    let name = names[rng.gen_range(0..names.len())];
    let mut p = AnyPosition::new(name, None).expect("start position");
    for _ in 0..rng.gen_range(0..30) {
        let moves = p.legal_moves_text();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.gen_range(0..moves.len())].clone();
        if p.play(&m).is_err() {
            break;
        }
    }
    p
}

const WEB_MESSAGES: &[&str] = &[
    r#"{"type":"new","variant":"minislanted","engine":"off"}"#,
    r#"{"type":"new","variant":"startrek","engine":"off"}"#,
    r#"{"type":"new","variant":"diagonal","fen":"k7/6P1/8/8/8/8/8/7K w - - 0 1","engine":"off"}"#,
    r#"{"type":"new","variant":"chess","moves":["e2e4","e7e5"],"engine":"off","depth":1}"#,
    r#"{"type":"move","move":"a5a4"}"#,
    r#"{"type":"move","move":"e2e4"}"#,
    r#"{"type":"move","move":"b2(2)b4(2)"}"#,
    r#"{"type":"move","move":"g7h8"}"#,
    r#"{"type":"undo"}"#,
    r#"{"type":"engine","side":"off","depth":1}"#,
    r#"{"type":"stop"}"#,
    r#"{"type":"loadPgn","pgn":"[Variant "chess"]

1. e2e4 e7e5 *"}"#,
];
const WEB_WORDS: &[&str] = &[
    "{", "}", "[", "]", "\"", ":", ",", "null", "true", "-1", "1e400", "\\u0000", "type", "new",
    "move", "undo", "engine", "go", "analyse", "stop", "loadPgn", "variant", "fen", "moves",
    "depth", "movetime", "multipv", "side", "pgn", "startrek", "off", "both",
];
const ENGINE_SPECS: &[&str] = &[
    "oblique uci name=A option.Hash=8",
    "./oblique proto=xboard name=X option.MultiPV=2 dir=/tmp",
    "/usr/games/fairymax proto=xboard",
    "\"/opt/my engine/bin\" --flag option.Threads=2 option.cores=2",
    "'single quoted' name='Two words'",
    "stockfish option.UCI_Variant=chess option.Move\\ Overhead=30",
];
const SPEC_WORDS: &[&str] = &[
    "\"",
    "'",
    "\\",
    "=",
    "proto=",
    "proto=uci",
    "proto=xboard",
    "proto=cecp",
    "name=",
    "option.",
    "option.=",
    "dir=",
    " ",
    "\t",
    "\u{0}",
    "é",
];
const OPENING_LINES: &[&str] = &["# a comment", "", "   "];
/// (game, opening lines: moves from the start, a FEN, `FEN moves ...`, an EPD).
const OPENING_GAMES: &[(&str, &[&str])] = &[
    (
        "chess",
        &[
            "e2e4 e7e5 g1f3",
            "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves d2d4 d7d5",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4; id \"x\";",
        ],
    ),
    (
        "minislanted",
        &[
            "a5b4 b2a4",
            "rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR b KQkq - 0 1 moves a5b4",
        ],
    ),
    (
        "diagonal",
        &[
            "b4c5 g5f4",
            "3prnnk/4ppqb/5ppb/P5pr/RP5p/BPP5/BQPP4/KNNRP3 w - - 0 1",
        ],
    ),
    ("startrek", &["b2(2)b4(2) b7(6)b5(6)"]),
];
const FEN_WORDS: &[&str] = &[
    "/",
    " ",
    "*",
    "w",
    "b",
    "-",
    "KQkq",
    "8",
    "10",
    "0",
    "99",
    "-1",
    "18446744073709551616",
    "P",
    "p",
    "K",
    "k",
    "U",
    "C",
    "N",
    "(1)",
    "(7)",
    "(0)",
    ":w",
    ":b",
    ",",
    "a0(1)",
    "f9(7)",
    "e0(1)",
    "b1(1)",
    "\u{0}",
    "é",
    "🂡",
];
const MOVE_WORDS: &[&str] = &[
    "x", "-", "=", "+", "#", "O-O", "O-O-O", "0-0", "q", "n", "u", "c", "(", ")", "(1)", "(9)",
    "a0", "j10", "k11", "@", "\u{0}", "é", "10", "100",
];
const PROTOCOL_WORDS: &[&str] = &[
    " ",
    "go",
    "stop",
    "position",
    "startpos",
    "fen",
    "moves",
    "setoption",
    "name",
    "value",
    "UCI_Variant",
    "Hash",
    "Threads",
    "MultiPV",
    "depth",
    "movetime",
    "infinite",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "nodes",
    "mate",
    "searchmoves",
    "new",
    "variant",
    "setboard",
    "usermove",
    "level",
    "st",
    "sd",
    "time",
    "otim",
    "undo",
    "remove",
    "analyze",
    "exit",
    "exclude",
    "include",
    "lift",
    "put",
    "memory",
    "cores",
    "option",
    "8x6+0_fairy",
    "fairy",
    "startrek",
    "diagonal",
    "ultraslanted",
    "-1",
    "0",
    "300",
    "99999999999999999999",
    "1e30",
    "0:30",
    "\u{0}",
    "é",
    "\t",
];
const UCI_LINES: &[&str] = &[
    "uci",
    "isready",
    "ucinewgame",
    "setoption name UCI_Variant value minislanted",
    "setoption name UCI_Variant value startrek",
    // No `Hash` line: mutated sizes allocate up to 2 GB each time (the transcript tests cover
    // Hash's bounds), which would make the run about allocation.
    "setoption name Threads value 2",
    "setoption name MultiPV value 3",
    "position startpos",
    "position startpos moves e2e4 e7e5",
    "position startpos moves a5b4 b2a4",
    "position fen 3prnnk/4ppqb/5ppb/P5pr/RP5p/BPP5/BQPP4/KNNRP3 w - - 0 1 moves b4c5",
    "position fen rnbqkbnr/pppppppp/2*2*2/2*2*2/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    "go depth 2",
    "go movetime 1",
    "go wtime 1000 btime 1000 winc 10 binc 10",
    "go infinite",
    "go ponder wtime 100 btime 100",
    "go searchmoves e2e4 d2d4 depth 1",
    "ponderhit",
    "stop",
    "debug on",
];
const XBOARD_LINES: &[&str] = &[
    "xboard",
    "protover 2",
    "new",
    "variant slanted",
    "variant minislanted",
    "variant diagonal",
    "variant 10x9+0_fairy",
    "force",
    "go",
    "playother",
    "usermove e2e4",
    "usermove a5b4",
    "usermove g7h8q",
    "e7e5",
    "setboard rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "setboard urnbqkbnru/pppppppppp/10/3*2*3/3*2*3/3*2*3/10/PPPPPPPPPP/URNBQKBNRU b KQkq - 0 1",
    "level 40 5 0",
    "level 0 0:30 0.1",
    "st 1",
    "sd 2",
    "time 1000",
    "otim 1000",
    "?",
    "ping 7",
    "undo",
    "remove",
    "hard",
    "easy",
    "post",
    "nopost",
    "analyze",
    ".",
    "exit",
    "exclude e2e4",
    "include all",
    "lift e2",
    "put e4",
    "hint",
    "option MultiPV=3",
    "cores 2",
    "result 1-0 {x}",
];

/// One mutation of a corpus entry (or a splice of two): byte flips, insertions, deletions,
/// repeated chunks, dictionary words, extreme numbers, truncation.
pub fn mutate(rng: &mut StdRng, corpus: &[String], words: &[&str]) -> String {
    let mut b: Vec<u8> = corpus[rng.gen_range(0..corpus.len())].clone().into_bytes();
    let rounds = rng.gen_range(0..5);
    for _ in 0..rounds {
        let len = b.len();
        match rng.gen_range(0..9) {
            0 if len > 0 => {
                let i = rng.gen_range(0..len);
                b[i] ^= 1 << rng.gen_range(0..8);
            }
            1 => {
                let i = rng.gen_range(0..=len);
                b.insert(i, rng.gen());
            }
            2 if len > 0 => {
                let i = rng.gen_range(0..len);
                let j = rng.gen_range(i..=len.min(i + 8));
                b.drain(i..j);
            }
            3 if len > 0 => {
                let i = rng.gen_range(0..len);
                let j = rng.gen_range(i..=len);
                let chunk = b[i..j].to_vec();
                let at = rng.gen_range(0..=b.len());
                for (k, c) in chunk.into_iter().enumerate() {
                    b.insert(at + k, c);
                }
            }
            4 | 5 => {
                let w = words[rng.gen_range(0..words.len())].as_bytes();
                let at = rng.gen_range(0..=len);
                for (k, c) in w.iter().enumerate() {
                    b.insert(at + k, *c);
                }
            }
            6 => {
                let other = corpus[rng.gen_range(0..corpus.len())].as_bytes();
                let cut = rng.gen_range(0..=len);
                let from = rng.gen_range(0..=other.len());
                b.truncate(cut);
                b.extend_from_slice(&other[from..]);
            }
            7 if len > 0 => {
                b.truncate(rng.gen_range(0..len));
            }
            _ => {
                // Replace a run of digits with an extreme number.
                let extremes = [
                    "0",
                    "-1",
                    "65535",
                    "4294967296",
                    "18446744073709551615",
                    "1e9",
                ];
                if let Some(i) = b.iter().position(|c| c.is_ascii_digit()) {
                    let j = b[i..]
                        .iter()
                        .position(|c| !c.is_ascii_digit())
                        .map_or(b.len(), |k| i + k);
                    let e = extremes[rng.gen_range(0..extremes.len())].as_bytes();
                    b.splice(i..j, e.iter().copied());
                }
            }
        }
    }
    // Input arrives as text (`from_utf8_lossy` in the protocol reader), lines without a
    // newline inside.
    String::from_utf8_lossy(&b).replace(['\n', '\r'], " ")
}
