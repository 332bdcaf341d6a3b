//! Hoppers, repeated leaps and lame leaps against Fairy-Stockfish itself, through its
//! Python binding `pyffish` (PyPI): for variants.ini sections with such pieces (the cannon
//! `mRcpR`, the grasshopper `gQ`, the nightrider `NN`, the xiangqi horse `nN` and elephant
//! `nA`, a rook limited to four steps `R4`, a bishop-line cannon `mBcpB`, a hopper that
//! moves and captures by hopping `pR`, `i` moves of pieces: `WimN`, `FiKicpB`, and twelve
//! piece types with a chancellor that castles), seeded random games are played and, in every
//! position on the way, our legal moves must be exactly Fairy-Stockfish's `legal_moves`.
//! Fairy-Stockfish's published perft numbers cover nightrider, grasshopper and Shako
//! (`tests/fairy_stockfish_perft.rs`); this test reaches the pieces and mixtures those
//! three games do not have.
//!
//! Without Python or pyffish the test fails under CI=true (`.ci/install-test-tools`
//! installs pyffish) and is skipped elsewhere.

#[path = "common/tools.rs"]
mod tools;

use oblique_engine::AnyPosition;
use oblique_gamefile::ini;

/// Chess with two kinds of special piece each, one with twelve piece types (the engine's
/// most) that castles with a rook or a chancellor, and Rook Square chess (any piece on a far
/// corner wins: goals for every piece, no moves after one). The `initial` section's pieces have `i` moves, which Fairy-Stockfish plays from the double-step
/// region (here the second rank, where they start) and never as captures (its `icpB` is
/// dropped). Its pieces' i moves pass no square on a line: after one that does,
/// Fairy-Stockfish lets pawns take en passant on every square passed, which the reader
/// refuses.
const INI: &str = "\
[cannons:chess]
customPiece1 = a:mRcpR
customPiece2 = c:gQ
startFen = racqkcar/pppppppp/8/8/8/8/PPPPPPPP/RACQKCAR w KQkq - 0 1
promotionPieceTypes = acq

[riders:chess]
customPiece1 = a:NN
customPiece2 = c:nNnA
startFen = rncakbcr/pppppppp/8/8/8/8/PPPPPPPP/RNCAKBCR w KQkq - 0 1
promotionPieceTypes = acnq

[limited:chess]
customPiece1 = a:R4
customPiece2 = c:mBcpB
startFen = rcbqkacr/pppppppp/8/8/8/8/PPPPPPPP/RCBQKACR w KQkq - 0 1
promotionPieceTypes = acq

[hopping:chess]
customPiece1 = a:pR
customPiece2 = c:gB
startFen = ranqkcar/pppppppp/8/8/8/8/PPPPPPPP/RANQKCAR w KQkq - 0 1
promotionPieceTypes = acq

[initial:chess]
customPiece1 = a:WimN
customPiece2 = c:FiKicpB
startFen = rnbqkbnr/papccpap/8/8/8/8/PAPCCPAP/RNBQKBNR w KQkq - 0 1

[twelve:chess]
archbishop = a
chancellor = c
amazon = m
customPiece1 = w:CF
customPiece2 = l:FDH
customPiece3 = o:NW
castlingRookPieces = rc
startFen = cnbqkbnr/pwlaompp/8/8/8/8/PWLAOMPP/CNBQKBNR w KQkq - 0 1
promotionPieceTypes = qrbnacmwlo

[corners:chess]
flagRegionWhite = a8 h8
flagRegionBlack = a1 h1
";

const GAMES_PER_VARIANT: u64 = 12;
const PLIES: usize = 80;

/// Fairy-Stockfish's legal moves for every line `variant<TAB>moves`, sorted, one line each.
const SCRIPT: &str = r#"
import sys, pyffish as sf
sf.load_variant_config(open(sys.argv[1]).read())
for line in sys.stdin:
    v, moves = line.rstrip("\n").split("\t")
    fen = sf.start_fen(v)
    try:
        print(" ".join(sorted(sf.legal_moves(v, fen, moves.split()))))
    except (ValueError, SystemError) as e:
        # A move Fairy-Stockfish does not take: the position before it differs already.
        print("refused: " + str(e).replace("\n", " "))
"#;

/// A small deterministic generator (the games must be the same on every run).
fn next(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

/// Every position of the seeded games: (variant, moves from the start, our legal moves).
fn our_positions() -> Vec<(String, String, String)> {
    let sections = ini::parse("special.ini", INI).expect("the sections read");
    let mut out = Vec::new();
    for mut game in sections {
        let variant = game.game.name.clone();
        game.game.name = format!("fs-{variant}");
        let spec = oblique_engine::registry::register(&game, "special.ini", INI)
            .unwrap_or_else(|e| panic!("{variant}: {e}"));
        for seed in 1..=GAMES_PER_VARIANT {
            let mut state = 0x9E37_79B9_7F4A_7C15 ^ seed.wrapping_mul(0x1000_0001);
            let mut pos = AnyPosition::new(spec.name, None).expect("start position");
            let mut played: Vec<String> = Vec::new();
            for _ in 0..PLIES {
                let mut legal = pos.legal_moves_text();
                legal.sort();
                out.push((variant.clone(), played.join(" "), legal.join(" ")));
                if legal.is_empty() || pos.outcome().is_some() {
                    break;
                }
                let m = legal[(next(&mut state) % legal.len() as u64) as usize].clone();
                pos.play(&m)
                    .unwrap_or_else(|e| panic!("{variant} {m}: {e}"));
                played.push(m);
            }
        }
    }
    out
}

#[test]
fn special_pieces_move_as_in_fairy_stockfish() {
    let Some(python) = tools::require_python(&["pyffish"], "pyffish (PyPI package pyffish)") else {
        return;
    };
    let dir = std::env::temp_dir().join(format!("oblique-special-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let ini_path = dir.join("special.ini");
    std::fs::write(&ini_path, INI).expect("write ini");
    let script = dir.join("legal.py");
    std::fs::write(&script, SCRIPT).expect("write script");

    let ours = our_positions();
    let input: String = ours.iter().map(|(v, m, _)| format!("{v}\t{m}\n")).collect();
    let theirs = tools::python_lines(&python, &script, &ini_path, input);
    assert_eq!(theirs.len(), ours.len(), "one answer per position");
    let mut failures = Vec::new();
    let mut moves_compared = 0;
    for ((variant, moves, ours), theirs) in ours.iter().zip(&theirs) {
        moves_compared += theirs.split_whitespace().count();
        if ours != theirs {
            let o: Vec<&str> = ours.split_whitespace().collect();
            let t: Vec<&str> = theirs.split_whitespace().collect();
            let only_ours: Vec<&&str> = o.iter().filter(|m| !t.contains(m)).collect();
            let only_theirs: Vec<&&str> = t.iter().filter(|m| !o.contains(m)).collect();
            failures.push(format!(
                "{variant} after [{moves}]: only ours {only_ours:?}, only Fairy-Stockfish's {only_theirs:?}"
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        failures.is_empty(),
        "{} of {} positions differ:\n{}",
        failures.len(),
        ours.len(),
        failures
            .iter()
            .take(10)
            .cloned()
            .collect::<Vec<_>>()
            .join("\n")
    );
    // Seven variants, twelve games each, most of them running the full 80 plies.
    assert!(ours.len() > 5400, "only {} positions", ours.len());
    eprintln!(
        "{} positions, {moves_compared} legal moves agree with Fairy-Stockfish",
        ours.len()
    );
}

#[test]
fn long_initial_moves_are_refused_where_pawns_could_take_them_en_passant() {
    // After `WiR`'s ride Fairy-Stockfish lets pawns take en passant on every square
    // passed; the reader says so instead of playing it otherwise.
    let text = "[longinitial:chess]\ncustomPiece1 = a:WiR\n\
                startFen = rnbqkbnr/papppppp/8/8/8/8/PAPPPPPP/RNBQKBNR w KQkq - 0 1\n";
    let err = ini::parse("long.ini", text).expect_err("refused");
    assert_eq!(err.line, Some(2), "{err}");
    assert!(
        err.reason.contains("en passant on each square passed"),
        "{err}"
    );
}
