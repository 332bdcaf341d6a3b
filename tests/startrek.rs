//! Star Trek tri-dimensional chess (shared/rules/startrek.md): first moves, hand-worked
//! positions, TFEN, notation, make/unmake and keys, perft, and a differential check against
//! a slow reference move generator written straight from the rules text
//! (`tests/common/startrek_reference.rs`, shared with `tests/startrek_mates.rs`).
//!
//! Every expected move list below was derived by hand from the rules; the derivation is in
//! the comment above each position. Geometry reminders: main boards W = level 2, files b–e,
//! ranks 1–4; N = level 4, ranks 3–6; B = level 6, ranks 5–8. Pin `b1(1)` covers a0 b0 a1 b1
//! at level 1, `e8(7)` covers e8 f8 e9 f9 at level 7, and so on (§3).

use oblique_engine::any::variant_infos;
use oblique_engine::startrek::{StarTrekPosition, START_TFEN};
use oblique_engine::{AnyPosition, Color, Game, Perft};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn pos(tfen: &str) -> StarTrekPosition {
    match StarTrekPosition::from_tfen(tfen) {
        Ok(p) => p,
        Err(e) => panic!("{tfen}: {e}"),
    }
}

fn moves(p: &StarTrekPosition) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_text(m)).collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

fn assert_moves(tfen: &str, expected: &[&str]) {
    let p = pos(tfen);
    assert_eq!(moves(&p), sorted(expected), "position {tfen}");
    assert_eq!(
        p.count_legal_moves(),
        expected.len() as u64,
        "count of {tfen}"
    );
    reference_agrees(tfen);
}

fn play(p: &mut StarTrekPosition, text: &str) {
    let m = match p.parse_move(text) {
        Ok(m) => m,
        Err(e) => panic!("{e}"),
    };
    p.make(m);
}

// ---------------------------------------------------------------------------------------
// §11: the 17 first moves

const WHITE_FIRST: [&str; 17] = [
    "b1(2)b3(4)",
    "b1(2)c3(2)",
    "b2(2)b3(2)",
    "b2(2)b4(2)",
    "c1(2)c3(4)",
    "c1(2)c5(6)",
    "c2(2)c3(2)",
    "c2(2)c4(2)",
    "d1(2)d3(4)",
    "d1(2)d5(6)",
    "d2(2)d3(2)",
    "d2(2)d4(2)",
    "e0(1)f0(1)",
    "e1(2)d3(2)",
    "e1(2)e3(4)",
    "e2(2)e3(2)",
    "e2(2)e4(2)",
];

#[test]
fn white_first_moves_are_the_17_of_section_11() {
    let mut p = StarTrekPosition::start();
    assert_eq!(p.to_tfen(), START_TFEN);
    assert_eq!(moves(&p), sorted(&WHITE_FIRST));
    assert_eq!(p.perft(1), 17);
}

/// The point reflection of a square (rank r -> 9-r, level l -> 8-l).
fn mirror_square(s: &str) -> String {
    let b = s.as_bytes();
    format!(
        "{}{}({})",
        b[0] as char,
        9 - (b[1] - b'0'),
        8 - (b[3] - b'0')
    )
}

#[test]
fn black_first_moves_mirror_white() {
    // The initial position with Black to move is the mirror of White's situation.
    let tfen = START_TFEN.replacen(" w ", " b ", 1);
    let p = pos(&tfen);
    let expected: Vec<String> = {
        let mut v: Vec<String> = WHITE_FIRST
            .iter()
            .map(|m| format!("{}{}", mirror_square(&m[..5]), mirror_square(&m[5..])))
            .collect();
        v.sort();
        v
    };
    assert_eq!(moves(&p), expected);
    assert!(expected.contains(&"e9(7)f9(7)".to_string()));
    assert!(expected.contains(&"c8(6)c4(2)".to_string()));
    assert!(expected.contains(&"b8(6)b6(4)".to_string()));
}

#[test]
fn perft_small_depths_from_the_start() {
    let mut p = StarTrekPosition::start();
    assert_eq!(p.perft(1), 17);
    // Depth 2 by hand: Black has the mirrored 17 replies after every White move except
    // c1(2)c5(6) and d1(2)d5(6), where the bishop on c5(6)/d5(6) blocks the double step
    // c7(6)c5(6)/d7(6)d5(6); nothing White can do on move 1 is attacked by or gives
    // Black a new move. 17 * 17 - 2 = 287.
    assert_eq!(p.perft(2), 287);
    // Deeper: the engine agrees with the reference generator (tests/common/startrek_reference.rs).
    let r = reference::Pos::from_tfen(START_TFEN);
    assert_eq!(p.perft(3), r.perft(3));
    let split = p.perft_divide(2);
    assert_eq!(split.len(), 17);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 287);
    assert!(split.contains(&("c1(2)c5(6)".to_string(), 16)));
    assert!(split.contains(&("e0(1)f0(1)".to_string(), 17)));
}

/// The game's record in the file form (`engine/games/startrek.toml`) states the rules'
/// start, and each of its perft entries is the reference generator's count (numbers worked
/// out without the engine's move generator); `oblique check` runs them and passes.
#[test]
fn the_record_file_states_the_start_and_the_references_perft() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("engine/games/startrek.toml");
    let text = std::fs::read_to_string(&path).expect("engine/games/startrek.toml");
    let record = oblique_engine::startrek::record::read("startrek.toml", &text).expect("valid");
    assert_eq!(record.game.start, START_TFEN);
    assert!(record.perft.len() >= 3);
    for e in &record.perft {
        let r = reference::Pos::from_tfen(e.fen.as_deref().unwrap_or(START_TFEN));
        assert_eq!(r.perft(e.depth), e.nodes, "depth {}", e.depth);
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .arg("check")
        .arg(&path)
        .output()
        .expect("run oblique check");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        stdout
            .lines()
            .filter(|l| l.starts_with("perft ") && l.contains(" ok "))
            .count(),
        record.perft.len(),
        "{stdout}"
    );
    assert!(stdout.contains("first mover white"), "{stdout}");

    // A wrong number fails the check with one line and a non-zero exit.
    let dir = std::env::temp_dir().join(format!("oblique-startrek-record-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch dir");
    let bad = dir.join("startrek.toml");
    std::fs::write(&bad, text.replace("nodes = 287", "nodes = 289")).expect("write");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_oblique"))
        .env_remove("OBLIQUE_NET")
        .arg("check")
        .arg(&bad)
        .output()
        .expect("run oblique check");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("287 nodes, the file says 289"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------------------
// Hand-worked positions

/// H1. White king alone on its attack board b1(1) (a0 b0 a1 b1 @1), Black king on e8(7).
/// King a0(1): neighbours are b0(1), a1(1), b1(1) and, one level up, only b1(2) (a0(2),
/// b0(2), a1(2) are no squares). Board b1(1) holds one piece, its owner's king, so it may
/// move carrying it: to b4(1) (king keeps the south-west corner: a4(1)) and to e1(1)
/// (→ e0(1)); the inversion to b1(3) is refused because the board is loaded.
#[test]
fn h1_board_moves_carrying_the_king_and_no_inversion_when_loaded() {
    let tfen = "Ka0(1),kf9(7) b1(1):w,e8(7):b w - - 0 1";
    assert_moves(
        tfen,
        &[
            "a0(1)b0(1)",
            "a0(1)a1(1)",
            "a0(1)b1(1)",
            "a0(1)b1(2)",
            "Ab1(1)b4(1)",
            "Ab1(1)e1(1)",
        ],
    );
    let mut p = pos(tfen);
    play(&mut p, "Ab1(1)-e1(1)");
    assert_eq!(p.to_tfen(), "Ke0(1),kf9(7) e1(1):w,e8(7):b b - - 1 1");
    // Empty, the board could invert: move the king off it first.
    let mut q = pos("Ka0(1),kf9(7) b1(1):w,e8(7):b w - - 0 1");
    play(&mut q, "a0(1)b1(2)");
    play(&mut q, "f9(7)e8(6)");
    let list = moves(&q);
    assert!(list.contains(&"Ab1(1)b1(3)".to_string()));
}

/// H2. Promotion by attack-board move. White pawn a7(5) on White's board b6(5)
/// (a6 b6 a7 b7 @5); White king b1(2), no boards near it: its moves are c1(2), b2(2), c2(2).
/// The pawn: a8(5) does not exist (no board on b8(5)), a7(6) is no square and an AB pawn
/// never skips, no rook-pawn step (its own main board N is at level 4, not 6), b8(5) does
/// not exist, b7(6) is empty. The board (one own piece) moves to b3(5) (pawn → a3(5)),
/// b5(5) (→ a5(5)), e6(5) (→ e7(5)) and b8(5), where the pawn lands on a9(5), rank 9 of
/// an attack-board level, and promotes (4 moves); no inversion to b6(3) while loaded.
#[test]
fn h2_promotion_by_attack_board_move() {
    let tfen = "Kb1(2),Pa7(5),kf9(7) b6(5):w,e8(7):b w - - 7 30";
    assert_moves(
        tfen,
        &[
            "b1(2)c1(2)",
            "b1(2)b2(2)",
            "b1(2)c2(2)",
            "Ab6(5)b3(5)",
            "Ab6(5)b5(5)",
            "Ab6(5)e6(5)",
            "Ab6(5)b8(5)q",
            "Ab6(5)b8(5)r",
            "Ab6(5)b8(5)b",
            "Ab6(5)b8(5)n",
        ],
    );
    let mut p = pos(tfen);
    play(&mut p, "Ab6(5)-b8(5)=Q");
    // AB moves do not reset the clock, but a carried pawn's promotion does.
    assert_eq!(
        p.to_tfen(),
        "Kb1(2),Qa9(5),kf9(7) b8(5):w,e8(7):b b - - 0 30"
    );
    let mut p = pos(tfen);
    play(&mut p, "Ab6(5)e6(5)");
    assert_eq!(
        p.to_tfen(),
        "Kb1(2),Pe7(5),kf9(7) e6(5):w,e8(7):b b - - 8 30"
    );
}

/// H3. Ownership changing hands. Black rook a0(3) on Black's board b1(3); White rook a0(1)
/// alone on White's board b1(1); White king e4(2), Black king f9(7) on e8(7).
/// Black: rook b0(3), a1(3) on its board (a2(3), e0(3) ... do not exist), and down through
/// the absent a0(2) onto a0(1), capturing; king e9(7), e8(7), f8(7), e8(6); board b1(3)
/// carries the rook to b3(3) (→ a2(3)), b4(3) (→ a4(3)), e1(3) (→ e0(3)), not to b1(1)
/// (occupied, and an inversion); board e8(7) carries the king to b8(7) (→ b9(7)) and e5(7)
/// (→ f5(7)), not inverted to e8(5). 12 moves.
/// After Ra0(3)xa0(1) the board b1(1) holds only a Black piece and becomes Black's: White
/// then has only its three king moves (e4(2): d3(2), e3(2), d4(2); no boards around it).
#[test]
fn h3_capture_changes_board_owner() {
    let tfen = "Ra0(1),Ke4(2),ra0(3),kf9(7) b1(1):w,b1(3):b,e8(7):b b - - 0 1";
    assert_moves(
        tfen,
        &[
            "a0(3)b0(3)",
            "a0(3)a1(3)",
            "a0(3)a0(1)",
            "f9(7)e9(7)",
            "f9(7)e8(7)",
            "f9(7)f8(7)",
            "f9(7)e8(6)",
            "Ab1(3)b3(3)",
            "Ab1(3)b4(3)",
            "Ab1(3)e1(3)",
            "Ae8(7)b8(7)",
            "Ae8(7)e5(7)",
        ],
    );
    // With White to move in the same position, White owns b1(1) and may move it.
    let white = pos("Ra0(1),Ke4(2),ra0(3),kf9(7) b1(1):w,b1(3):b,e8(7):b w - - 0 1");
    let wl = moves(&white);
    assert!(wl.contains(&"Ab1(1)e1(1)".to_string()));
    assert!(wl.contains(&"Ab1(1)b4(1)".to_string()));
    let mut p = pos(tfen);
    play(&mut p, "Ra0(3)xa0(1)");
    assert_eq!(
        p.to_tfen(),
        "Ke4(2),ra0(1),kf9(7) b1(1):b,b1(3):b,e8(7):b w - - 0 2"
    );
    assert_eq!(
        moves(&p),
        sorted(&["e4(2)d3(2)", "e4(2)e3(2)", "e4(2)d4(2)"])
    );
    reference_agrees(&p.to_tfen());
}

/// H4. Knight level steps. Knight b1(2): (1,2,0) c3(2), (2,1,0) d2(2); (0,2,+1) enters
/// column b3: b3(3) if that square exists, otherwise the step skips the absent level to
/// b3(4); column d1 has nothing above or below; the level-2 jumps reach no square. White
/// king e4(2): d3(2), e3(2), d4(2).
#[test]
fn h4_knight_level_steps_with_and_without_a_board_between() {
    let king = ["e4(2)d3(2)", "e4(2)e3(2)", "e4(2)d4(2)"];
    let mut without: Vec<&str> = vec!["b1(2)c3(2)", "b1(2)d2(2)", "b1(2)b3(4)"];
    without.extend(king);
    assert_moves("Nb1(2),Ke4(2),kf9(7) e8(7):b w - - 0 1", &without);
    // A board on b3(3) (a2 b2 a3 b3 @3): the step stops at the existing b3(3).
    let mut with: Vec<&str> = vec!["b1(2)c3(2)", "b1(2)d2(2)", "b1(2)b3(3)"];
    with.extend(king);
    assert_moves("Nb1(2),Ke4(2),kf9(7) b3(3):b,e8(7):b w - - 0 1", &with);
    // A board on b1(3), above the knight but not in the destination column: still b3(4).
    assert_moves("Nb1(2),Ke4(2),kf9(7) b1(3):b,e8(7):b w - - 0 1", &without);
    // From an attack board there is never a skip: knight b4(3) (on board b4(3)) reaches
    // b6(4) (the seed's example) by (0,2,+1).
    let p = pos("Nb4(3),Ke4(2),kf9(7) b4(3):w,e8(7):b w - - 0 1");
    assert!(moves(&p).contains(&"b4(3)b6(4)".to_string()));
    reference_agrees("Nb4(3),Ke4(2),kf9(7) b4(3):w,e8(7):b w - - 0 1");
}

/// H5. A bishop passing over missing squares. Bishop b1(2): (1,1,0) c2(2), d3(2), e4(2);
/// (0,1,1) passes the absent b2(3) to b3(4), the absent b4(5) to b5(6); every other
/// direction meets only absent squares or the box edge. White king e1(2): d1(2), d2(2),
/// e2(2). With a board on b3(3), b2(3) exists and is empty: the bishop may stop there and
/// still continues. A Black pawn on b3(4) stops the ray (capture), b5(6) is then out of reach.
#[test]
fn h5_bishop_passes_over_missing_squares() {
    let king = ["e1(2)d1(2)", "e1(2)d2(2)", "e1(2)e2(2)"];
    let mut base: Vec<&str> = vec![
        "b1(2)c2(2)",
        "b1(2)d3(2)",
        "b1(2)e4(2)",
        "b1(2)b3(4)",
        "b1(2)b5(6)",
    ];
    base.extend(king);
    assert_moves("Bb1(2),Ke1(2),kf9(7) e8(7):b w - - 0 1", &base);
    let mut with_board = base.clone();
    with_board.push("b1(2)b2(3)");
    assert_moves(
        "Bb1(2),Ke1(2),kf9(7) b3(3):b,e8(7):b w - - 0 1",
        &with_board,
    );
    let mut blocked: Vec<&str> = vec!["b1(2)c2(2)", "b1(2)d3(2)", "b1(2)e4(2)", "b1(2)b3(4)"];
    blocked.extend(king);
    assert_moves("Bb1(2),Ke1(2),pb3(4),kf9(7) e8(7):b w - - 0 1", &blocked);
}

/// H6. En passant, diagonal. Black to move: pawn d6(4) (never moved) double-steps to
/// d4(4) over d5(4). White then: pawn c4(4) forward c5(4) or e.p. to d5(4) (diagonal);
/// no vertical step (c4(5) and c4(6) are no squares), b5(4) empty; king b1(2): c1(2),
/// b2(2), c2(2) (the pawn on d4(4) attacks c3(4), e3(4), c4(2), e4(2) only).
#[test]
fn h6_en_passant_diagonal() {
    let mut p = pos("Kb1(2),Pc4(4),pd6(4),kf9(7) e8(7):b b d6(4) - 0 1");
    play(&mut p, "d6(4)d4(4)");
    assert_eq!(
        p.to_tfen(),
        "Kb1(2),Pc4(4),pd4(4),kf9(7) e8(7):b w - d5(4) 0 2"
    );
    assert_eq!(
        moves(&p),
        sorted(&[
            "c4(4)c5(4)",
            "c4(4)d5(4)",
            "b1(2)c1(2)",
            "b1(2)b2(2)",
            "b1(2)c2(2)"
        ])
    );
    reference_agrees(&p.to_tfen());
    let before = p.key();
    play(&mut p, "c4(4)xd5(4) e.p.");
    assert_eq!(p.to_tfen(), "Kb1(2),Pd5(4),kf9(7) e8(7):b b - - 0 2");
    assert_eq!(p.key(), p.compute_key());
    assert_ne!(p.key(), before);
}

/// H7. En passant by the lateral-vertical capture. Black (to move): king f9(7): e9(7),
/// e8(7), f8(7), e8(6); board e8(7) carries it to b8(7) (→ b9(7)) or e5(7) (→ f5(7));
/// pawn d7(6): d6(6), double step d5(6) (no vertical: d7(5), d7(4) are no squares). 8 moves.
/// After d7(6)d5(6) White's pawn c6(4): no forward (c7(4) is no square), vertical skips the
/// absent c6(5) to c6(6); lateral-vertical toward d: d6(5) is no square so the step goes to
/// d6(6), the e.p. square; toward b: b6(5) absent (no board), b6(6) empty. King b1(2) 3.
#[test]
fn h7_en_passant_lateral_vertical() {
    let tfen = "Kb1(2),Pc6(4),pd7(6),kf9(7) e8(7):b b d7(6) - 0 1";
    assert_moves(
        tfen,
        &[
            "f9(7)e9(7)",
            "f9(7)e8(7)",
            "f9(7)f8(7)",
            "f9(7)e8(6)",
            "Ae8(7)b8(7)",
            "Ae8(7)e5(7)",
            "d7(6)d6(6)",
            "d7(6)d5(6)",
        ],
    );
    let mut p = pos(tfen);
    play(&mut p, "d7(6)d5(6)");
    assert_eq!(
        moves(&p),
        sorted(&[
            "c6(4)c6(6)",
            "c6(4)d6(6)",
            "b1(2)c1(2)",
            "b1(2)b2(2)",
            "b1(2)c2(2)"
        ])
    );
    play(&mut p, "c6(4)d6(6)");
    assert_eq!(p.to_tfen(), "Kb1(2),Pd6(6),kf9(7) e8(7):b b - - 0 2");
}

/// H8. Castling. White king e0(1), rooks a0(1) and f0(1), all never moved; boards b1(1)
/// and e1(1) White's; Black king f9(7). Rook a0(1): b0(1), a1(1) (a0(3) absent); rook f0(1):
/// f1(1); king: e1(1), f1(1), d1(2), e1(2); both castlings; board b1(1) (one own rook) to
/// b4(1) (rook → a4(1)), not to e1(1) (occupied) nor b1(3) (inversion while loaded); board
/// e1(1) holds two pieces. 10 moves.
#[test]
fn h8_castling_both_sides() {
    let tfen = "Ra0(1),Ke0(1),Rf0(1),kf9(7) b1(1):w,e1(1):w,e8(7):b w a0(1),e0(1),f0(1) - 0 1";
    assert_moves(
        tfen,
        &[
            "a0(1)b0(1)",
            "a0(1)a1(1)",
            "f0(1)f1(1)",
            "e0(1)e1(1)",
            "e0(1)f1(1)",
            "e0(1)d1(2)",
            "e0(1)e1(2)",
            "e0(1)f0(1)",
            "e0(1)a0(1)",
            "Ab1(1)b4(1)",
        ],
    );
    let mut p = pos(tfen);
    play(&mut p, "O-O-O");
    assert_eq!(
        p.to_tfen(),
        "Ka0(1),Re0(1),Rf0(1),kf9(7) b1(1):w,e1(1):w,e8(7):b b f0(1) - 1 1"
    );
    let mut p = pos(tfen);
    play(&mut p, "e0(1)f0(1)");
    assert_eq!(
        p.to_tfen(),
        "Ra0(1),Re0(1),Kf0(1),kf9(7) b1(1):w,e1(1):w,e8(7):b b a0(1) - 1 1"
    );
    // Black castles the same way.
    let black = "Kb1(2),ra9(7),ke9(7),rf9(7) b8(7):b,e8(7):b b a9(7),e9(7),f9(7) - 0 1";
    let bl = moves(&pos(black));
    assert!(bl.contains(&"e9(7)f9(7)".to_string()));
    assert!(bl.contains(&"e9(7)a9(7)".to_string()));
    reference_agrees(black);
}

fn castlings(tfen: &str) -> Vec<String> {
    reference_agrees(tfen);
    moves(&pos(tfen))
        .into_iter()
        .filter(|m| m == "e0(1)f0(1)" || m == "e0(1)a0(1)")
        .collect()
}

/// H8 refusals, each against the position above (exact castling subsets).
#[test]
fn h8_castling_refusals() {
    let both = sorted(&["e0(1)a0(1)", "e0(1)f0(1)"]);
    let kingside = sorted(&["e0(1)f0(1)"]);
    let queenside = sorted(&["e0(1)a0(1)"]);
    let none: Vec<String> = vec![];
    let base = "Ra0(1),Ke0(1),Rf0(1),kf9(7) b1(1):w,e1(1):w,e8(7):b w a0(1),e0(1),f0(1) - 0 1";
    assert_eq!(castlings(base), both);
    // Queen's square b0(1) attacked: a Black rook on b0(3) (board b1(3)) looks down through
    // the absent b0(2). Kingside unaffected.
    assert_eq!(
        castlings("Ra0(1),Ke0(1),Rf0(1),rb0(3),kf9(7) b1(1):w,e1(1):w,b1(3):b,e8(7):b w a0(1),e0(1),f0(1) - 0 1"),
        kingside
    );
    // Queen's square occupied.
    assert_eq!(
        castlings(
            "Ra0(1),Qb0(1),Ke0(1),Rf0(1),kf9(7) b1(1):w,e1(1):w,e8(7):b w a0(1),e0(1),f0(1) - 0 1"
        ),
        kingside
    );
    // a0(1) attacked (where the king would land): Black rook a0(3).
    assert_eq!(
        castlings("Ra0(1),Ke0(1),Rf0(1),ra0(3),kf9(7) b1(1):w,e1(1):w,b1(3):b,e8(7):b w a0(1),e0(1),f0(1) - 0 1"),
        kingside
    );
    // f0(1) attacked: Black rook f0(3) on board e1(3).
    assert_eq!(
        castlings("Ra0(1),Ke0(1),Rf0(1),rf0(3),kf9(7) b1(1):w,e1(1):w,e1(3):b,e8(7):b w a0(1),e0(1),f0(1) - 0 1"),
        queenside
    );
    // King in check across levels: Black rook e0(3) looks down through e0(2).
    assert_eq!(
        castlings("Ra0(1),Ke0(1),Rf0(1),re0(3),kf9(7) b1(1):w,e1(1):w,e1(3):b,e8(7):b w a0(1),e0(1),f0(1) - 0 1"),
        none
    );
    // Moved pieces: rook f0(1) not in the set, then the king not in the set.
    assert_eq!(
        castlings("Ra0(1),Ke0(1),Rf0(1),kf9(7) b1(1):w,e1(1):w,e8(7):b w a0(1),e0(1) - 0 1"),
        queenside
    );
    assert_eq!(
        castlings("Ra0(1),Ke0(1),Rf0(1),kf9(7) b1(1):w,e1(1):w,e8(7):b w a0(1),f0(1) - 0 1"),
        none
    );
    // After the rook went away and came back, the right is gone (set semantics).
    let mut p = pos(base);
    play(&mut p, "f0(1)f1(1)");
    play(&mut p, "f9(7)f8(7)");
    play(&mut p, "f1(1)f0(1)");
    play(&mut p, "f8(7)f9(7)");
    let l = moves(&p);
    assert!(!l.contains(&"e0(1)f0(1)".to_string()));
    assert!(l.contains(&"e0(1)a0(1)".to_string()));
}

/// H9. A king checked across levels. Black bishop b5(6) checks the White king b1(2) along
/// (0,−1,−1) over the absent b4(5), the empty b3(4) and the absent b2(3). White: king to
/// c1(2), b2(2), c2(2) (none on a bishop line of b5(6)); the rook e3(4) can only interpose
/// on b3(4) (the one existing square between). 4 moves.
#[test]
fn h9_check_across_levels() {
    let tfen = "Kb1(2),Re3(4),bb5(6),kf9(7) e8(7):b w - - 0 1";
    assert!(pos(tfen).in_check());
    assert_moves(
        tfen,
        &["b1(2)c1(2)", "b1(2)b2(2)", "b1(2)c2(2)", "e3(4)b3(4)"],
    );
}

/// H10. A knight check answered by an attack-board move. Black knight b3(4) checks the White
/// king b1(2) by (0,−2,−1): b1(3) does not exist, so the level step skips to b1(2). The
/// knight also covers b2(2) (and c3(2), d3(2), b4(2), c5(4), d4(4), b5(6)). White: king to
/// c1(2) or c2(2); the empty White board e1(3) moved to b1(3) makes b1(3) exist, so the
/// knight's step now stops there and the check is gone. Its other moves (e1(1) inversion,
/// e3(3), e4(3)) leave the check. 3 moves.
#[test]
fn h10_board_move_blocks_a_knight_skip_check() {
    let tfen = "Kb1(2),nb3(4),kf9(7) e1(3):w,e8(7):b w - - 0 1";
    assert!(pos(tfen).in_check());
    assert_moves(tfen, &["b1(2)c1(2)", "b1(2)c2(2)", "Ae1(3)b1(3)"]);
}

/// H11. Rook-pawn step and never-moved status lost when carried. White pawn a1(1) on White's
/// board b1(1) (own main board W at level 2): a2(1), a1(2) are no squares, b1(2) empty (no
/// capture), so only the rook-pawn step to b2(2); the board carries it to b4(1) (north-west
/// corner: a5(1)) or e1(1) (→ e1(1)). King e4(2): 3 moves. 6 moves.
#[test]
fn h11_rook_pawn_step_and_carried_pawn_loses_status() {
    let tfen = "Pa1(1),Ke4(2),kf9(7) b1(1):w,e8(7):b w a1(1) - 0 1";
    assert_moves(
        tfen,
        &[
            "a1(1)b2(2)",
            "Ab1(1)b4(1)",
            "Ab1(1)e1(1)",
            "e4(2)d3(2)",
            "e4(2)e3(2)",
            "e4(2)d4(2)",
        ],
    );
    let mut p = pos(tfen);
    play(&mut p, "Ab1(1)b4(1)");
    assert_eq!(
        p.to_tfen(),
        "Pa5(1),Ke4(2),kf9(7) b4(1):w,e8(7):b b - - 1 1"
    );
}

/// H12. Promotion by a piece move. White pawn c7(6): c8(6) (rank 8 of a main board)
/// promotes, and so does the capture of the rook d8(6); b8(6) empty; c7(7) and b7(7) are no
/// squares and level 8 is outside the box. King b1(2): 3 moves (the rook on d8(6) sees
/// down the d-file of B and its rank only). 4 + 4 + 3 = 11 moves.
#[test]
fn h12_promotion_by_pawn_move() {
    let tfen = "Kb1(2),Pc7(6),rd8(6),kf9(7) e8(7):b w - - 0 1";
    assert_moves(
        tfen,
        &[
            "c7(6)c8(6)q",
            "c7(6)c8(6)r",
            "c7(6)c8(6)b",
            "c7(6)c8(6)n",
            "c7(6)d8(6)q",
            "c7(6)d8(6)r",
            "c7(6)d8(6)b",
            "c7(6)d8(6)n",
            "b1(2)c1(2)",
            "b1(2)b2(2)",
            "b1(2)c2(2)",
        ],
    );
    let p = pos(tfen);
    assert!(p.parse_move("c7(6)c8(6)").is_err());
    let m = p.parse_move("Pc7(6)xd8(6)=N").unwrap();
    assert_eq!(p.move_text(m), "c7(6)d8(6)n");
}

/// H13. A pin along a column through missing levels: White king b4(2), White rook b4(4),
/// Black rook b4(7) on board b5(7). In column b4 the squares b4(3), b4(5) do not exist (no
/// boards) and b4(6) is no square, so the Black rook pins the White rook, which may only
/// move along the column: up to b4(7) capturing (down is its own king). King b4(2): b3(2),
/// c3(2), c4(2) (no boards on b4(1), b3(3), b4(3)). 4 moves.
#[test]
fn h13_pin_through_missing_levels() {
    let tfen = "Kb4(2),Rb4(4),rb4(7),kf9(7) b5(7):b,e8(7):b w - - 0 1";
    assert_moves(
        tfen,
        &["b4(4)b4(7)", "b4(2)b3(2)", "b4(2)c3(2)", "b4(2)c4(2)"],
    );
}

/// Checkmate. Black king f9(7) on its board e8(7) (e8 f8 e9 f9 @7); its neighbours are
/// e9(7), e8(7), f8(7) and e8(6). White rook f5(7) (board e5(7)) checks up the f-file of
/// level 7 over the absent f6(7), f7(7) and covers f8(7); rook e5(7) covers e8(7) and e9(7)
/// the same way; rook e5(6) covers e8(6) up the e-file of B. Board e8(7) (loaded with the
/// king) could go to b8(7) or e5(7), both occupied, and may not invert: no moves.
#[test]
fn checkmate_on_an_attack_board() {
    let tfen = "Ke4(2),Re5(6),Re5(7),Rf5(7),kf9(7) b8(7):w,e5(7):w,e8(7):b b - - 0 1";
    let p = pos(tfen);
    assert!(p.in_check());
    assert_eq!(moves(&p), Vec::<String>::new());
    assert_eq!(
        p.game_outcome(),
        Some(oblique_engine::Outcome::Checkmate {
            winner: Color::White
        })
    );
    reference_agrees(tfen);
    let mut q = pos(tfen);
    assert_eq!(q.perft(1), 0);
    assert_eq!(q.perft(3), 0);
}

/// Stalemate: as above, but the f-file rook stands on b8(7) (board b8(7)) instead and
/// covers e8(7) and f8(7) along rank 8 of level 7 (c8(7), d8(7) are no squares) without
/// touching f9(7). Rook e5(7) covers e8(7), e9(7); rook e5(6) covers e8(6). Not in check,
/// no moves.
#[test]
fn stalemate_dead_position_and_fifty_moves() {
    let tfen = "Ke4(2),Re5(6),Re5(7),Rb8(7),kf9(7) b8(7):w,e5(7):w,e8(7):b b - - 0 1";
    let p = pos(tfen);
    assert!(!p.in_check());
    assert_eq!(moves(&p), Vec::<String>::new());
    assert_eq!(p.game_outcome(), Some(oblique_engine::Outcome::Stalemate));
    reference_agrees(tfen);
    // K v K is the only dead position.
    let kk = pos("Ke4(2),kf9(7) e8(7):b w - - 0 1");
    assert_eq!(
        kk.game_outcome(),
        Some(oblique_engine::Outcome::InsufficientMaterial)
    );
    let kn = pos("Ke4(2),Nb1(2),kf9(7) e8(7):b w - - 0 1");
    assert_eq!(kn.game_outcome(), None);
    // Fifty-move rule: 100 half-moves without pawn move or capture.
    let fifty = pos("Ke4(2),Rb2(2),kf9(7) e8(7):b w - - 100 80");
    assert_eq!(
        fifty.game_outcome(),
        Some(oblique_engine::Outcome::FiftyMoves)
    );
    let mut almost = pos("Ke4(2),Rb2(2),kf9(7) e8(7):b w - - 99 80");
    assert_eq!(almost.game_outcome(), None);
    play(&mut almost, "Rb2(2)-b3(2)");
    assert_eq!(
        almost.game_outcome(),
        Some(oblique_engine::Outcome::FiftyMoves)
    );
}

// ---------------------------------------------------------------------------------------
// TFEN

#[test]
fn tfen_round_trip_and_sorting() {
    for tfen in [
        START_TFEN,
        "Ka0(1),kf9(7) b1(1):w,e8(7):b w - - 0 1",
        "Kb1(2),Pc4(4),pd4(4),kf9(7) e8(7):b w - d5(4) 0 2",
        "Ke4(2),kc6(6) - w - - 3 9",
    ] {
        assert_eq!(pos(tfen).to_tfen(), tfen);
    }
    // Any order on reading; exact order on writing.
    let shuffled = "kf9(7),Pb2(2),Ke4(2),Pa1(1) e8(7):b,b1(1):w w b2(2),a1(1) - 0 1";
    assert_eq!(
        pos(shuffled).to_tfen(),
        "Pa1(1),Pb2(2),Ke4(2),kf9(7) b1(1):w,e8(7):b w a1(1),b2(2) - 0 1"
    );
    // The generic entry point takes the variant name and a TFEN.
    let any = AnyPosition::new("startrek", Some(START_TFEN)).unwrap();
    assert_eq!(any.to_fen(), START_TFEN);
    assert_eq!(any.count_legal_moves(), 17);
}

fn rejected(tfen: &str, needle: &str) {
    match StarTrekPosition::from_tfen(tfen) {
        Ok(_) => panic!("accepted {tfen}"),
        Err(e) => {
            let e = e.to_string();
            assert!(e.contains(needle), "{tfen}: message '{e}' lacks '{needle}'");
            assert!(!e.contains('\n'));
        }
    }
}

#[test]
fn tfen_rejections() {
    // A piece on a pin square without a board.
    rejected(
        "Ka0(1),Pb2(3),kf9(7) b1(1):w,e8(7):b w - - 0 1",
        "does not exist",
    );
    // A position in the box that is no square at all.
    rejected(
        "Ka0(1),Pc0(1),kf9(7) b1(1):w,e8(7):b w - - 0 1",
        "not a square",
    );
    rejected(
        "Ka0(1),kf9(7) b1(1):w,b1(1):b,e8(7):b w - - 0 1",
        "two attack boards on pin b1(1)",
    );
    rejected(
        "Ka0(1),kf9(7) b1(1):w,e1(1):w,b4(1):w,e4(1):w,e8(7):b w - - 0 1",
        "more than 4 attack boards",
    );
    rejected(
        "Ka0(1),kf9(7) b2(1):w,e8(7):b w - - 0 1",
        "not an attack-board pin",
    );
    rejected(
        "Ka0(1),Xb0(1),kf9(7) b1(1):w,e8(7):b w - - 0 1",
        "unknown piece letter 'X'",
    );
    rejected(
        "Ka0(1),Ub0(1),kf9(7) b1(1):w,e8(7):b w - - 0 1",
        "unknown piece letter 'U'",
    );
    rejected("Ka0(1) b1(1):w w - - 0 1", "black has no king");
    rejected(
        "Pa0(1),kf9(7) b1(1):w,e8(7):b w - - 0 1",
        "white has no king",
    );
    rejected(
        "Ka0(1),Kb0(1),kf9(7) b1(1):w,e8(7):b w - - 0 1",
        "white has 2 kings",
    );
    for bad in [
        "b10(2)", "b1(8)", "b1(0)", "g1(2)", "b1[2]", "B1(2)", "b1(2",
    ] {
        rejected(
            &format!("Ka0(1),N{bad},kf9(7) b1(1):w,e8(7):b w - - 0 1"),
            "malformed square",
        );
    }
    // Black (not to move) in check from the rook a9(7)? Use H9 with Black to move: the White
    // king b1(2) is in check while Black is to move.
    rejected(
        "Kb1(2),Re3(4),bb5(6),kf9(7) e8(7):b b - - 0 1",
        "side not to move (white) is in check",
    );
    rejected("Ka0(1),kf9(7) b1(1):w,e8(7):b x - - 0 1", "side to move");
    rejected("Ka0(1),kf9(7) b1(1):w,e8(7):b w - - 0", "expected 7 words");
    rejected("Ka0(1),kf9(7) b1(1):w,e8(7):b w - - z 1", "halfmove");
    rejected(
        "Ka0(1),kf9(7) b1(1):w,e8(7):b w b0(1) - 0 1",
        "never-moved square b0(1) is empty",
    );
    rejected(
        "Ka0(1),kf9(7) b1(1):w,e8(7):b w - c5(4) 0 1",
        "en-passant square c5(4)",
    );
    rejected("Ka0(1),kf9(7) b1(1):q,e8(7):b w - - 0 1", "owner");
    rejected(
        "Kb1(2),Pc4(4),pd4(4),kf9(7) e8(7):b w d4(4) d5(4) 0 2",
        "cannot be never-moved",
    );
    rejected(
        "Kb1(2),Pc4(4),pd4(4),pd6(4),kf9(7) e8(7):b w - d5(4) 0 2",
        "start square d6(4) is occupied",
    );
    // A pawn on its promotion square.
    rejected(
        "Kb1(2),Pc8(6),kf9(7) e8(7):b w - - 0 1",
        "must already have promoted",
    );
    // Errors reach the CLI layer as Err, not panics.
    assert!(AnyPosition::new("startrek", Some("nonsense")).is_err());
}

// ---------------------------------------------------------------------------------------
// Notation

#[test]
fn notation_machine_and_human_forms() {
    let p = StarTrekPosition::start();
    for (text, machine) in [
        ("b1(2)c3(2)", "b1(2)c3(2)"),
        ("Nb1(2)-c3(2)", "b1(2)c3(2)"),
        ("Bc1(2)-c5(6)", "c1(2)c5(6)"),
        ("Bc1(2)xc5(6)", "c1(2)c5(6)"),
        ("O-O", "e0(1)f0(1)"),
        ("0-0", "e0(1)f0(1)"),
        ("e0(1)f0(1)", "e0(1)f0(1)"),
        ("b2(2)-b4(2)", "b2(2)b4(2)"),
        ("Pb2(2)-b4(2)+", "b2(2)b4(2)"),
    ] {
        let m = p.parse_move(text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(p.move_text(m), machine, "{text}");
    }
    for bad in [
        "O-O-O",
        "Qb1(2)-c3(2)",
        "b1(2)c4(2)",
        "b1(2)",
        "zz",
        "",
        "Ab1(1)e1(1)",
        "b1(2)c3(2)x",
    ] {
        assert!(p.parse_move(bad).is_err(), "{bad} accepted");
    }
    let m = p.parse_move("Nb1(2)-c3(2)").unwrap();
    assert_eq!(p.move_to_human(m), "Nb1(2)-c3(2)");
    let m = p.parse_move("e0(1)f0(1)").unwrap();
    assert_eq!(p.move_to_human(m), "O-O");
    let h1 = pos("Ka0(1),kf9(7) b1(1):w,e8(7):b w - - 0 1");
    let m = h1.parse_move("Ab1(1)-e1(1)").unwrap();
    assert_eq!(h1.move_text(m), "Ab1(1)e1(1)");
    assert_eq!(h1.move_to_human(m), "Ab1(1)-e1(1)");
    let h2 = pos("Kb1(2),Pa7(5),kf9(7) b6(5):w,e8(7):b w - - 0 1");
    let m = h2.parse_move("Ab6(5)b8(5)q").unwrap();
    assert_eq!(h2.move_to_human(m), "Ab6(5)-b8(5)=Q");
    assert!(h2.parse_move("Ab6(5)b8(5)").is_err());
    assert!(h2.parse_move("Ab6(5)b9(5)").is_err());
}

// ---------------------------------------------------------------------------------------
// CLI-level dispatch

#[test]
fn variant_listing_and_dispatch() {
    let infos = variant_infos().unwrap();
    let st = infos.iter().find(|v| v.name == "startrek").unwrap();
    assert_eq!(st.board, "6x10x7");
    assert_eq!(st.squares, 144);
    assert_eq!(st.first, Color::White);
    let mut any = AnyPosition::new("startrek", None).unwrap();
    assert_eq!(any.variant_name(), "startrek");
    assert_eq!(any.perft(2), 287);
    assert_eq!(any.perft_divide(1).len(), 17);
    assert_eq!(any.play("Nb1(2)-c3(2)").unwrap(), "b1(2)c3(2)");
    assert_eq!(any.side_to_move(), Color::Black);
    let d = any.diagram();
    assert!(d.contains("level 7"));
    assert!(d.contains("level 1"));
    assert!(d.contains("b8(7) (black)"));
    assert!(d.contains("legal moves: 17"));
}

// ---------------------------------------------------------------------------------------
// Make/unmake, keys, repetition

/// Positions rich in attack-board play to start random walks from.
const WALK_STARTS: [&str; 5] = [
    START_TFEN,
    "Ra0(1),Ke0(1),Rf0(1),Pb2(2),Nc3(2),Bd3(4),Qc4(4),pc6(4),ne5(4),rb7(6),pd7(6),ra9(7),ke9(7),rf9(7) b1(1):w,e1(1):w,b8(7):b,e8(7):b w a0(1),e0(1),f0(1),b2(2),d7(6),a9(7),e9(7),f9(7) - 0 1",
    "Kb1(2),Pa7(5),Pc4(4),pd6(4),nb3(3),kf9(7),qe6(6),Rf0(1) b6(5):w,e8(7):b,b3(3):b,e1(1):w w d6(4) - 0 1",
    "Ka0(1),Bc3(2),Nd5(4),Pf1(3),pa4(5),bc5(6),kf9(7),rd6(6) b1(1):w,e1(3):w,b5(5):b,e8(7):b b - - 0 1",
    "Ke4(2),Qb3(4),Pa2(3),Pe7(5),pa8(5),pc5(4),nd5(6),kb9(5),rb5(5) b3(3):w,e6(5):w,b8(5):b,b5(5):b w - - 0 1",
];

#[test]
fn random_make_unmake_restores_everything_and_keys_match() {
    let mut rng = StdRng::seed_from_u64(0x5747_2EC3);
    for start in WALK_STARTS {
        for _game in 0..40 {
            let mut p = pos(start);
            let mut stack = Vec::new();
            for _ply in 0..120 {
                let list = p.legal_moves();
                if list.is_empty() {
                    break;
                }
                let m = list[rng.gen_range(0..list.len())];
                let before = (p.to_tfen(), p.key());
                let undo = p.make(m);
                assert_eq!(p.key(), p.compute_key(), "after {}", before.0);
                // Reading the TFEN back gives the same key (repetition identity).
                let again = pos(&p.to_tfen());
                assert_eq!(again.key(), p.key(), "{}", p.to_tfen());
                stack.push((m, undo, before));
            }
            while let Some((m, undo, (tfen, key))) = stack.pop() {
                p.unmake(m, undo);
                assert_eq!(p.to_tfen(), tfen);
                assert_eq!(p.key(), key);
            }
            assert_eq!(p.to_tfen(), pos(start).to_tfen());
        }
    }
}

#[test]
fn threefold_repetition_includes_boards() {
    // Kings shuttling on their boards: the fourth and eighth plies restore the start.
    let mut p = pos("Ka0(1),Rc3(2),kf9(7) b1(1):w,e8(7):b w - - 0 1");
    let start = p.key();
    for round in 0..2 {
        assert_eq!(p.game_outcome(), None, "round {round}");
        play(&mut p, "Ab1(1)e1(1)");
        play(&mut p, "Ae8(7)b8(7)");
        play(&mut p, "Ae1(1)b1(1)");
        play(&mut p, "Ab8(7)e8(7)");
        assert_eq!(p.key(), start);
    }
    assert_eq!(p.repetitions(), 2);
    assert_eq!(
        p.game_outcome(),
        Some(oblique_engine::Outcome::ThreefoldRepetition)
    );
    // Same pieces, board elsewhere or owned by the other side: different positions.
    let a = pos("Kb1(2),kf9(7) b1(1):w,e8(7):b b - - 0 1").key();
    let b = pos("Kb1(2),kf9(7) e1(1):w,e8(7):b b - - 0 1").key();
    let c = pos("Kb1(2),kf9(7) b1(1):b,e8(7):b b - - 0 1").key();
    let d = pos("Kb1(2),kf9(7) b1(1):w,e8(7):b w - - 0 1").key();
    assert!(a != b && a != c && b != c && a != d);
    // The never-moved set is part of the identity.
    let e = pos("Kb1(2),Pc2(2),kf9(7) e8(7):b b c2(2) - 0 1").key();
    let f = pos("Kb1(2),Pc2(2),kf9(7) e8(7):b b - - 0 1").key();
    assert_ne!(e, f);
}

// ---------------------------------------------------------------------------------------
// Differential test against the reference generator

fn reference_agrees(tfen: &str) {
    let p = pos(tfen);
    let r = reference::Pos::from_tfen(tfen);
    let mut want = r.legal();
    want.sort();
    assert_eq!(moves(&p), want, "reference disagrees on {tfen}");
}

#[test]
fn random_positions_agree_with_the_reference_generator() {
    use oblique_engine::startrek::StMoveKind;
    let mut rng = StdRng::seed_from_u64(7);
    let mut checked = 0;
    // How often each kind of move was played, to show the walk covers the rules.
    let (mut board, mut carried, mut ep, mut castle, mut promo, mut owner_changes) =
        (0, 0, 0, 0, 0, 0);
    let owners = |t: &str| t.split_whitespace().nth(1).unwrap_or("").to_string();
    for start in WALK_STARTS {
        for _game in 0..30 {
            let mut p = pos(start);
            for _ply in 0..100 {
                let tfen = p.to_tfen();
                let r = reference::Pos::from_tfen(&tfen);
                let mut want = r.legal();
                want.sort();
                let got = moves(&p);
                assert_eq!(got, want, "reference disagrees on {tfen}");
                assert_eq!(p.in_check(), r.in_check(), "{tfen}");
                checked += 1;
                let list = p.legal_moves();
                if list.is_empty() {
                    break;
                }
                // Prefer the rarer kinds of move half of the time.
                let special: Vec<_> = list
                    .iter()
                    .copied()
                    .filter(|m| m.kind() != StMoveKind::Normal || m.promotion().is_some())
                    .collect();
                let m = if !special.is_empty() && rng.gen_bool(0.5) {
                    special[rng.gen_range(0..special.len())]
                } else {
                    list[rng.gen_range(0..list.len())]
                };
                match m.kind() {
                    StMoveKind::Board => {
                        board += 1;
                        if m.aux() != u8::MAX {
                            carried += 1;
                        }
                    }
                    StMoveKind::EnPassant => ep += 1,
                    StMoveKind::CastleKing | StMoveKind::CastleQueen => castle += 1,
                    _ => {}
                }
                if m.promotion().is_some() {
                    promo += 1;
                }
                let before = owners(&tfen);
                p.make(m);
                let after_tfen = p.to_tfen();
                let after = owners(&after_tfen);
                // An ownership change: same pins, different owners.
                let pins = |o: &str| {
                    o.split(',')
                        .map(|x| x.split(':').next().unwrap_or("").to_string())
                        .collect::<Vec<_>>()
                };
                if before != after && pins(&before) == pins(&after) {
                    owner_changes += 1;
                }
            }
        }
    }
    eprintln!(
        "checked {checked}: board {board} (loaded {carried}), e.p. {ep}, castling {castle}, promotions {promo}, owner changes {owner_changes}"
    );
    assert!(checked > 5000, "{checked}");
    assert!(board > 500, "board moves {board}");
    assert!(carried > 100, "loaded board moves {carried}");
    assert!(ep >= 2, "en passant {ep}");
    assert!(castle > 20, "castlings {castle}");
    assert!(promo > 20, "promotions {promo}");
    assert!(owner_changes > 10, "ownership changes {owner_changes}");
}

#[test]
fn perft_matches_reference_on_board_rich_positions() {
    for tfen in &WALK_STARTS[1..] {
        let mut p = pos(tfen);
        let r = reference::Pos::from_tfen(tfen);
        assert_eq!(p.perft(2), r.perft(2), "{tfen}");
    }
}

// A slow, literal implementation of startrek.md (tests/common/startrek_reference.rs):
// squares are (file, rank, level) triples, every move is played on a copy and tested with a
// full attack scan. It shares no code or tables with the engine.
#[path = "common/startrek_reference.rs"]
mod reference;
