//! The game-end rules of variants.ini games against Fairy-Stockfish itself, through its
//! Python binding `pyffish` (PyPI): for each position, Fairy-Stockfish's verdict
//! (`is_immediate_game_end`, then `game_result` when there is no legal move, then
//! `is_optional_game_end`, then `has_insufficient_material` for both sides) must be ours
//! (`outcome()` of the game our reader makes of the same section), as a win, loss or draw
//! for the side to move, or no result.
//!
//! Without Python or pyffish the test fails under CI=true (`.ci/install-test-tools`
//! installs pyffish) and is skipped elsewhere.

#[path = "common/tools.rs"]
mod tools;

use oblique_engine::{AnyPosition, Outcome};
use oblique_gamefile::{ini, ini_fen, GameFile};

/// Sections over Fairy-Stockfish's built-ins, each setting one game-end key.
const INI: &str = "\
[stalewin:chess]
stalemateValue = win

[staleloss:chess]
stalemateValue = loss

[tenmoves:chess]
nMoveRule = 10

[nomoverule:chess]
nMoveRule = 0

[twofold:chess]
nFoldRule = 2

[fivefold:chess]
nFoldRule = 5

[lastrank:chess]
flagPiece = k
flagRegionWhite = *8
flagRegionBlack = *1

[hill:kingofthehill]
flagRegion = c3 d3 e3 f3 c6 d6 e6 f6

[rookrace:chess]
flagPiece = r
flagRegionWhite = *8
flagRegionBlack = *1
flagMove = true

[mixedrace:chess]
flagPieceWhite = k
flagPieceBlack = r
flagRegionWhite = *8
flagRegionBlack = *1
flagMove = true
";

/// Black to move, stalemated (not in check, no move).
const STALEMATE: &str = "7k/5K1p/7P/8/8/8/8/8 b - - 0 1";
const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const KNIGHTS: &str = "g1f3 g8f6 f3g1 f6g8";

/// (variant, FEN, moves played from it).
fn cases() -> Vec<(&'static str, String, String)> {
    let rooks = |half: u32| format!("4k3/8/8/8/8/8/8/R3K2R w - - {half} 80");
    let knights = |n: usize| vec![KNIGHTS; n].join(" ");
    let mut c: Vec<(&str, String, String)> = Vec::new();
    for v in ["chess", "stalewin", "staleloss", "shatranj"] {
        c.push((v, STALEMATE.into(), String::new()));
        // The move into stalemate, from White's side.
        c.push((v, "7k/4K2p/7P/8/8/8/8/8 w - - 0 1".into(), "e7f7".into()));
    }
    for v in ["chess", "tenmoves", "nomoverule"] {
        for half in [19, 20, 99, 100, 500] {
            c.push((v, rooks(half), String::new()));
        }
        // Mate given on the move that reaches the count.
        c.push((v, "4k3/R7/4K3/8/8/8/8/8 w - - 19 80".into(), "a7a8".into()));
    }
    for v in ["chess", "twofold", "fivefold"] {
        for n in 1..=4 {
            c.push((v, START.into(), knights(n)));
        }
    }
    // Shatranj's bare king.
    for (fen, moves) in [
        ("7k/8/8/8/8/8/8/RR2K3 b - - 0 1", ""),
        ("7k/8/8/8/8/8/8/RR2K3 w - - 0 1", ""),
        ("8/8/8/8/8/8/6Rk/4K3 b - - 0 1", ""),
        ("8/8/8/8/8/8/6Rk/4K3 b - - 0 1", "h2h3"),
        ("8/8/8/8/8/8/6Rk/4K3 b - - 0 1", "h2h1"),
        ("7k/p7/8/8/8/8/8/RR2K3 w - - 0 1", "a1a7"),
        ("7k/p7/8/8/8/8/8/R3K3 w - - 0 1", "a1a7"),
        ("7k/p7/8/8/8/8/8/R3K3 w - - 0 1", "a1a7 h8g8"),
    ] {
        c.push(("shatranj", fen.into(), moves.into()));
    }
    // Goals.
    c.push((
        "kingofthehill",
        "k7/8/8/8/8/4K3/8/8 w - - 0 1".into(),
        String::new(),
    ));
    c.push((
        "kingofthehill",
        "k7/8/8/8/8/4K3/8/8 w - - 0 1".into(),
        "e3d4".into(),
    ));
    c.push((
        "kingofthehill",
        "8/8/3k4/8/8/8/8/K7 b - - 0 1".into(),
        "d6e5".into(),
    ));
    c.push(("hill", "k7/8/8/8/8/8/1K6/8 w - - 0 1".into(), "b2c3".into()));
    c.push(("hill", "k7/8/8/8/8/8/1K6/8 w - - 0 1".into(), "b2b3".into()));
    c.push((
        "lastrank",
        "8/1K6/8/8/8/8/k7/8 w - - 0 1".into(),
        "b7a8".into(),
    ));
    c.push((
        "lastrank",
        "8/8/8/8/8/8/6k1/K7 b - - 0 1".into(),
        "g2g1".into(),
    ));
    c.push((
        "lastrank",
        "8/8/8/8/8/8/6k1/K7 b - - 0 1".into(),
        "g2f3".into(),
    ));
    // Racing kings: checks forbidden, Black's reply to White's king on the eighth rank.
    let race = |fen: &str, moves: &str| ("racingkings", fen.to_string(), moves.to_string());
    let kings = "8/1K4k1/8/8/8/8/8/8 w - - 0 1";
    let rook = "8/1K4k1/8/8/8/8/8/r7 w - - 0 1";
    // Black's king kept off the eighth rank: f8 and h8 by the rooks, g8 by the bishop.
    let guarded = "8/K5k1/8/8/8/8/B7/5R1R w - - 0 1";
    c.extend([
        race("8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1", ""),
        race(kings, ""),
        // White home, Black can come home too: the game goes on for Black's move...
        race(kings, "b7b8"),
        // ...a draw if it does, White's win if it does not.
        race(kings, "b7b8 g7g8"),
        race(kings, "b7b8 g7f6"),
        // Any of Black's moves is its reply, not only the king's.
        race(rook, "b7b8"),
        race(rook, "b7b8 a1a2"),
        race(guarded, ""),
        // White home, Black's king cannot follow: White wins at once.
        race(guarded, "a7b8"),
        race("8/1K6/8/8/8/8/6k1/8 w - - 0 1", "b7b8"),
        // Black home first: White gets no reply.
        race("8/1K4k1/8/8/8/8/8/8 b - - 0 1", "g7g8"),
        // Every move of White's king would uncover the bishop's check: stalemate.
        race("8/8/8/8/3k4/7r/1K6/B7 w - - 0 1", ""),
        // Both home as set up: White to move draws, Black to move has won.
        race("1K4k1/8/8/8/8/8/8/8 w - - 0 1", ""),
        race("1K4k1/8/8/8/8/8/8/8 b - - 0 1", ""),
        // White home and Black in check (only a set-up position): no reply, White wins.
        race("1K6/6k1/8/8/8/8/8/6R1 b - - 0 1", ""),
        race("6r1/2K5/5k2/8/3R4/8/8/8 w - - 0 1", ""),
    ]);
    // flagMove with a goal piece that is not the king: the other side answers with one
    // move, which may take the piece off its goal; a king's side answers only as Black.
    let rooks = |fen: &str, moves: &str| ("rookrace", fen.to_string(), moves.to_string());
    let white_first = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1";
    let black_first = "4k3/8/8/8/8/3K4/7r/R7 b - - 0 1";
    c.extend([
        rooks(white_first, "a1a8"),
        rooks(white_first, "a1a8 e8e7"),
        // (A pawn for White: king and knight against king is a draw by material.)
        rooks("4k3/8/1n6/8/8/8/7P/R3K3 w - - 0 1", "a1a8 b6a8"),
        rooks(black_first, "h2h1"),
        rooks(black_first, "h2h1 a1a8"),
        rooks(black_first, "h2h1 a1h1"),
        rooks("R7/8/8/8/8/8/7k/4K3 w - - 0 1", ""),
        rooks("R7/8/8/8/8/8/7k/4K3 b - - 0 1", ""),
    ]);
    let mixed = |fen: &str, moves: &str| ("mixedrace", fen.to_string(), moves.to_string());
    c.extend([
        mixed("8/1K6/8/8/8/8/8/k6r w - - 0 1", ""),
        mixed("8/1K6/8/8/8/8/7r/k7 w - - 0 1", "b7b8"),
        mixed("8/1K6/8/8/8/8/7r/k7 w - - 0 1", "b7b8 h2h1"),
        mixed("8/1K6/8/8/8/8/7r/k7 b - - 0 1", "h2h1"),
    ]);
    c
}

/// Fairy-Stockfish's verdict for every case, in order: `win`, `loss`, `draw` (for the side
/// to move) or `none`.
const SCRIPT: &str = r#"
import sys, pyffish as sf
sf.load_variant_config(open(sys.argv[1]).read())
def verdict(v, fen, moves):
    end, value = sf.is_immediate_game_end(v, fen, moves)
    if not end and not sf.legal_moves(v, fen, moves):
        end, value = True, sf.game_result(v, fen, moves)
    if not end:
        end, value = sf.is_optional_game_end(v, fen, moves)
    if not end and all(sf.has_insufficient_material(v, fen, moves)):
        end, value = True, 0
    if not end:
        return "none"
    return "win" if value > 0 else "loss" if value < 0 else "draw"
for line in sys.stdin:
    v, fen, moves = line.rstrip("\n").split("\t")
    print(verdict(v, fen, moves.split()))
"#;

/// Our game of a Fairy-Stockfish variant (built-in or of `INI`), registered as `fs-NAME`.
fn our_game(name: &str, sections: &[GameFile]) -> (GameFile, &'static str) {
    let mut game = match sections.iter().find(|g| g.game.name == name) {
        Some(g) => g.clone(),
        None => ini::builtin(name)
            .unwrap_or_else(|| panic!("{name}: no such built-in"))
            .unwrap_or_else(|e| panic!("{name}: {e}")),
    };
    game.game.name = format!("fs-{name}");
    let spec = match oblique_engine::registry::find(&game.game.name) {
        Some(s) => s,
        None => oblique_engine::registry::register(&game, name, "")
            .unwrap_or_else(|e| panic!("{name}: {e}")),
    };
    (game, spec.name)
}

fn our_verdict(name: &str, sections: &[GameFile], fen: &str, moves: &str) -> &'static str {
    let (game, ours) = our_game(name, sections);
    let fen = ini_fen::position(&game, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    let mut pos = AnyPosition::new(ours, Some(&fen)).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for m in moves.split_whitespace() {
        pos.play(m)
            .unwrap_or_else(|e| panic!("{name} {fen} {m}: {e}"));
    }
    let us = pos.side_to_move();
    match pos.outcome() {
        None => "none",
        Some(o) => match o.winner() {
            None => "draw",
            Some(w) if w == us => "win",
            Some(_) => "loss",
        },
    }
}

#[test]
fn game_ends_agree_with_fairy_stockfish() {
    let Some(python) = tools::require_python(&["pyffish"], "pyffish (PyPI package pyffish)") else {
        return;
    };
    let sections = ini::parse("t.ini", INI).expect("the sections read");
    let dir = std::env::temp_dir().join(format!("oblique-ends-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let ini_path = dir.join("t.ini");
    std::fs::write(&ini_path, INI).expect("write ini");
    let script = dir.join("verdicts.py");
    std::fs::write(&script, SCRIPT).expect("write script");

    let cases = cases();
    let input: String = cases
        .iter()
        .map(|(v, fen, moves)| format!("{v}\t{fen}\t{moves}\n"))
        .collect();
    let theirs = tools::python_lines(&python, &script, &ini_path, input);
    assert_eq!(theirs.len(), cases.len(), "one verdict per case");

    let mut failures = Vec::new();
    let mut decided = 0;
    for ((v, fen, moves), fs) in cases.iter().zip(&theirs) {
        let ours = our_verdict(v, &sections, fen, moves);
        if ours != fs {
            failures.push(format!(
                "{v} {fen} [{moves}]: ours {ours}, Fairy-Stockfish {fs}"
            ));
        }
        if fs != "none" {
            decided += 1;
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The cases must decide games both ways, not only agree on "no result".
    assert!(decided >= 20, "only {decided} decided cases");
    assert!(theirs.iter().any(|t| t == "win") && theirs.iter().any(|t| t == "loss"));
}

/// In racing kings a move that gives check is not a move (Fairy-Stockfish's `legal()` with
/// `checking = false`): from the published position `6r1/2K5/5k2/8/3R4/8/8/8 w`, the rook's
/// checks along the d-file and the fourth rank are refused, its other moves are played.
#[test]
fn racing_kings_refuses_moves_that_give_check() {
    let (game, ours) = our_game("racingkings", &[]);
    let fen = ini_fen::position(&game, "6r1/2K5/5k2/8/3R4/8/8/8 w - - 0 1").unwrap();
    let pos = AnyPosition::new(ours, Some(&fen)).unwrap();
    // Rd4-f4 and Rd4-d6 would check the king on f6; Rd4-d5 does not.
    for (m, legal) in [
        ("d4f4", false),
        ("d4d6", false),
        ("d4d5", true),
        ("c7d7", true),
    ] {
        let mut p = pos.clone();
        assert_eq!(p.play(m).is_ok(), legal, "{m}");
    }
    // Both kings home with White to move is the rules' draw, named as such.
    let fen = ini_fen::position(&game, "1K4k1/8/8/8/8/8/8/8 w - - 0 1").unwrap();
    let pos = AnyPosition::new(ours, Some(&fen)).unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::GoalDraw));
}

/// Our outcome names for these games come out as the rules say (a spot check on top of the
/// verdicts above).
#[test]
fn shatranj_from_variants_ini_names_its_results() {
    let (_, ours) = our_game("shatranj", &[]);
    let pos = AnyPosition::new(ours, Some("7k/8/8/8/8/8/8/RR2K3 b - - 0 1")).unwrap();
    assert!(matches!(pos.outcome(), Some(Outcome::BareKing { .. })));
}
