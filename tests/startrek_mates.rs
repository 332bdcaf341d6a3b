//! Forced mates in Star Trek chess (shared/rules/startrek.md), made by hand from the rules:
//! the search must report `Score::Mate(n)` with a right first move, and a small mate prover
//! over the reference move generator (`tests/common/startrek_reference.rs`, written from the
//! rules text, no engine code) must prove, independently, a mate in exactly `n` with exactly
//! the listed first moves.
//!
//! Geometry reminders (§2, §3): main boards W = level 2, files b–e, ranks 1–4; N = level 4,
//! ranks 3–6; B = level 6, ranks 5–8. Pin `e8(7)` covers e8 f8 e9 f9 at level 7, `b5(7)`
//! a4 b4 a5 b5, `b8(7)` a8 b8 a9 b9, `e5(7)` e4 f4 e5 f5; every other square off the main
//! boards exists only while a board stands on its pin. Sliders pass over squares that do not
//! exist (§5); a knight's level component of 1 is a `vstep` that skips an absent attack-board
//! level when it leaves a main-board level.
//!
//! A derivation is above each position: the key move, why every defence fails, and why there
//! is no shorter mate.

#[allow(dead_code)] // the prover uses only part of the generator
#[path = "common/startrek_reference.rs"]
mod reference;

#[path = "common/clean_env.rs"]
mod clean_env;

use oblique_engine::search::{Limits, Score, Search};
use oblique_engine::startrek::StarTrekPosition;
use oblique_engine::Game;
use reference::Pos;
use std::time::Instant;

// ---------------------------------------------------------------------------------------
// The reference mate prover: plain minimax over `Pos::successors`.

/// After the attacker's move: is the defender (to move in `q`) mated now, or does every
/// reply leave a forced mate within `n - 1` further attacking moves? Stalemate is no win.
fn lost_within(q: &Pos, n: u32) -> bool {
    if n == 1 && !q.in_check() {
        return false; // the last move must be a mate, so it must check
    }
    let replies = q.successors();
    if replies.is_empty() {
        return q.in_check();
    }
    n > 1 && replies.iter().all(|(_, r)| mates_within(r, n - 1))
}

/// Can the side to move force mate within `n` of its moves?
fn mates_within(p: &Pos, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    // Checking moves first: only a speed-up, the answer does not depend on the order.
    let mut moves = p.successors();
    moves.sort_by_key(|(_, q)| !q.in_check());
    moves.iter().any(|(_, q)| lost_within(q, n))
}

/// Every first move that forces mate within `n`, sorted.
fn mating_first_moves(p: &Pos, n: u32) -> Vec<String> {
    let mut keys: Vec<String> = p
        .successors()
        .into_iter()
        .filter(|(_, q)| lost_within(q, n))
        .map(|(m, _)| m)
        .collect();
    keys.sort();
    keys
}

/// The position is a mate in exactly `n` for the side to move, the first moves that mate in
/// `n` are exactly `keys` (by the reference prover), and the engine's search of depth
/// `2n + 2` finds it: `Score::Mate(n)` with one of `keys`.
fn assert_mate(tfen: &str, n: u32, keys: &[&str]) {
    let start = Instant::now();
    let r = Pos::from_tfen(tfen);
    let engine_pos = match StarTrekPosition::from_tfen(tfen) {
        Ok(p) => p,
        Err(e) => panic!("{tfen}: {e}"),
    };
    // The two generators agree on the position itself.
    let mut engine_moves: Vec<String> = engine_pos
        .legal_moves()
        .iter()
        .map(|&m| engine_pos.move_text(m))
        .collect();
    engine_moves.sort();
    let mut reference_moves = r.legal();
    reference_moves.sort();
    assert_eq!(
        engine_moves, reference_moves,
        "generators disagree on {tfen}"
    );

    // Reference: no mate in n - 1, and exactly these first moves mate in n.
    assert!(
        !mates_within(&r, n - 1),
        "{tfen}: a mate in {} exists",
        n - 1
    );
    let mut want: Vec<String> = keys.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(
        mating_first_moves(&r, n),
        want,
        "{tfen}: mating first moves"
    );
    let proved = start.elapsed();

    // Engine.
    clean_env::clean();
    let search = Search::new(1, 16).unwrap();
    let result = search.run(
        &engine_pos,
        &oblique_eval::Evaluation,
        &Limits::depth(2 * n + 2),
        |_| {},
    );
    assert_eq!(result.score, Score::Mate(n as i32), "{tfen}: {result:?}");
    let best = result.best_move.clone().unwrap();
    assert!(
        keys.contains(&best.as_str()),
        "{tfen}: engine played {best}, want one of {keys:?}"
    );
    // The engine's principal variation is a legal line by the reference.
    let mut line = r.clone();
    for mv in &result.pv {
        line = match line.successors().into_iter().find(|(m, _)| m == mv) {
            Some((_, next)) => next,
            None => panic!(
                "{tfen}: pv move {mv} illegal by the reference ({:?})",
                result.pv
            ),
        };
    }
    if result.pv.len() == 2 * n as usize - 1 {
        assert!(
            line.in_check() && line.legal().is_empty(),
            "{tfen}: pv {:?} does not mate",
            result.pv
        );
    }
    eprintln!(
        "mate in {n}: reference {proved:?}, engine {:?} ({} nodes), pv {:?}",
        result.time, result.nodes, result.pv
    );
}

// ---------------------------------------------------------------------------------------
// Mates in one

/// M1a. Mate by an attack-board move. Black king f9(7) alone on its board e8(7); its
/// neighbours are e9(7), e8(7), f8(7) on the board and e8(6) below (e9(6), f8(6), f9(6) are
/// no squares). White: rook b8(7) on White's board b8(7) sees along rank 8 of level 7 over
/// the absent c8(7), d8(7) to e8(7) and on to f8(7); bishop e6(4) sees along (0,+1,+1) over
/// the absent e7(5) to e8(6) and on to e9(7). Rook b5(7) stands alone on White's board
/// b5(7) (a4 b4 a5 b5).
///
/// Key `Ab5(7)e5(7)`: the board keeps its plate corner, files +4, so the rook lands on
/// f5(7) and checks up the f-file of level 7 over the absent f6(7), f7(7) through the empty
/// f8(7). Every flight is covered (f8(7) by both rooks), nothing can capture or interpose
/// (Black has only the king; f6(7), f7(7) cannot be stood on), and the loaded board e8(7)
/// can go neither to b8(7) nor to e5(7) (both occupied) nor invert (loaded).
///
/// No other move mates: the only other checks are R b8(7)-b9(7) (along rank 9, which
/// uncovers e8(7)) and R b8(7)-f8(7) (taken by the king); the bishop and the rook b5(7)
/// themselves have no checking square, and board b8(7) cannot move (e8(7), b5(7) occupied).
/// Black, if it were to move here, would have no move at all (the board's escape to e5(7)
/// would land the king on f5(7), in check from the rook along rank 5): most White moves are
/// stalemate, the board move turns it into mate.
#[test]
fn mate_in_one_by_an_attack_board_move() {
    assert_mate(
        "Kb1(2),Be6(4),Rb5(7),Rb8(7),kf9(7) b5(7):w,b8(7):w,e8(7):b w - - 0 1",
        1,
        &["Ab5(7)e5(7)"],
    );
}

/// M1b. Discovered check by an attack-board move that takes a square away. Black king e8(6)
/// boxed in by its rook d8(6) and pawns d7(6), e7(6); White knight e6(4); White's empty board
/// on e8(5) (e8 f8 e9 f9 @5). Now the knight's (0,+2,+1) step stops on the existing e8(5)
/// (an existing square is never skipped), so there is no check, and the board gives the king
/// four flights at level 5 (e8(5), f8(5), e9(5), f9(5)).
///
/// Keys `Ae8(5)b8(5)` (F=-3) and `Ae8(5)e5(5)` (R=-3): e8(5) stops existing, the knight's step
/// skips the absent level and lands on e8(6): check, and the level-5 flights leave with the
/// board. The king has no move, a knight's check cannot be blocked, and nothing reaches
/// e6(4): the rook has only c8(6), b8(6); the pawns capture only on c6(6), e6(6), d6(6) (their
/// lateral-vertical captures find no square: c7, e7, f7 have none at levels 5 and 4). The
/// board's two other moves fail: to e6(5) (R=-2, the pin above N's far-right corner) it
/// gives the king e7(5) and f7(5); inverted to e8(7) it gives e8(7), f8(7), e9(7), f9(7). The
/// only other check, knight (-1,0,+2) to d6(6), leaves the level-5 flights (and e7xd6).
#[test]
fn mate_in_one_by_an_attack_board_move_that_removes_a_square() {
    assert_mate(
        "Kb1(2),Ne6(4),pd7(6),pe7(6),rd8(6),ke8(6) e8(5):w w - - 0 1",
        1,
        &["Ae8(5)b8(5)", "Ae8(5)e5(5)"],
    );
}

/// M1c. Smothered mate by a knight jumping over two missing levels. Black king e8(6) in
/// the corner of B with no attack boards anywhere: its only neighbours are d8(6), d7(6),
/// e7(6), held by its own rook and pawns. Key `e4(2)e6(4)`: the knight's (0,+2,+1) step
/// finds no board on e6(3), so from the main-board level 2 it skips to e6(4); from there
/// (0,+2,+1) again finds no e8(5) and skips to e8(6): check. The king cannot move, a
/// knight's check cannot be blocked, and nothing reaches e6(4): rook d8(6) has only c8(6),
/// b8(6) (its file is blocked by d7, its column has no squares), the pawns' diagonal
/// captures go to c6(6), e6(6), d6(6) and their lateral-vertical captures find no square
/// (c7, e7, f7 have none at levels 5 and 4). Black has no board to make e8(5) exist. No
/// other White move checks (the knight's other targets and the king are far away).
#[test]
fn mate_in_one_by_a_knight_skipping_levels() {
    assert_mate(
        "Kb1(2),Ne4(2),pd7(6),pe7(6),rd8(6),ke8(6) - w - - 0 1",
        1,
        &["e4(2)e6(4)"],
    );
}

/// M1d. A queen crossing from level 2 to level 6. Black king e8(6), rook d8(6), pawn d7(6);
/// no boards. Key `e1(2)e5(6)`: along (0,+1,+1) the queen passes the absent e2(3), the empty
/// e3(4) and the absent e4(5), landing on e5(6), and checks up the e-file of B through
/// e6(6), e7(6). The king's only free neighbour e7(6) is on the checking line; the rook
/// reaches neither e6(6) nor e7(6) nor e5(6), the pawn neither (d6(6) push; captures only
/// on c6(6), e6(6), both empty). The other queen check, `e1(2)e4(2)` (along (0,+1,+1) over
/// e5(3), e6(4), e7(5)), leaves e7(6) free.
#[test]
fn mate_in_one_by_a_queen_crossing_levels() {
    assert_mate(
        "Kb1(2),Qe1(2),pd7(6),rd8(6),ke8(6) - w - - 0 1",
        1,
        &["e1(2)e5(6)"],
    );
}

// ---------------------------------------------------------------------------------------
// Mates in two and three

/// M2. Check, forced reply, attack-board mate. Black king e8(6), pawn d7(6), Black's empty
/// board e8(7) above the king; White rooks b5(7) and b8(7) on White's boards b5(7) and
/// b8(7), knight c6(6), bishop c4(4). The king's neighbours: d7(6) (own pawn), d8(6) and
/// e7(6) (both covered by the knight), e8(7), f8(7) (rook b8(7) along rank 8 of level 7),
/// e9(7) and f9(7) (both free).
///
/// Move 1: `c4(4)e6(4)+` (via d5(4)) or `c4(4)e4(2)+` (over the absent d4(3)): both squares lie
/// on the line e4(2) e5(3) e6(4) e7(5) e8(6) e9(7), whose level-3 and level-5 squares do not
/// exist, so the bishop checks from either end of it. e9(7) lies on the line behind the
/// king, so the only flight is f9(7); the line cannot be blocked (e5(3), e7(5) cannot be
/// stood on, and a board making them exist would leave them empty), and nothing reaches the
/// bishop (the pawn captures only on c6(6), e6(6)). So 1... `e8(6)f9(7)`.
/// Move 2: `Ab5(7)e5(7)#`: the picture of M1a plus the knight and the pawn, which change nothing
/// (the pawn cannot reach f8(7)); from e4(2) the bishop covers e8(6) and e9(7) the same way.
///
/// No mate in one: White's checks are the two bishop moves (they leave f9(7)), R b8(7)-b8(6)
/// along rank 8 of B and R b8(7)-e8(7) onto Black's board right above the king (both give
/// up e8(7); the king may also take on e8(7)), and N c6(6)-e6(4) ((+2,0,-1), skipping the
/// absent e6(5)), which checks by the same skip but gives up d8(6) and e7(6). The board
/// move is no check yet. Every quiet first move is met by a pawn move that frees d7(6),
/// d7xc6(6) or d7-d6(6); so 1. `Ab5(7)e5(7)`, threatening 2. Be6#, fails to 1... d7xc6(6).
#[test]
fn mate_in_two_ending_with_an_attack_board_move() {
    assert_mate(
        "Kb1(2),Bc4(4),Nc6(6),Rb5(7),Rb8(7),pd7(6),ke8(6) b5(7):w,b8(7):w,e8(7):b w - - 0 1",
        2,
        &["c4(4)e4(2)", "c4(4)e6(4)"],
    );
}

/// M3. Three checks, the last by an attack-board move. Black king e7(6), pawn d7(6), rook
/// d8(6), Black's empty board e8(7); White pawn e5(6), knight e3(2), bishop c4(4), rooks
/// b5(7) and b8(7) on White's boards b5(7), b8(7).
///
/// Move 1: `e3(2)e5(4)+`: the knight's (0,+2,+1) step finds no board on e5(3) and skips to
/// e5(4); from there (0,+2,+1) skips the absent e7(5) and checks e7(6), and the raw
/// (0,+1,+2) leap covers e6(6). The king's neighbours: d6(6) (pawn e5(6)), e6(6) (knight),
/// d7(6), d8(6) (own men), e8(7), f8(7) (rook b8(7)), e8(6) (free); no level-5 squares
/// exist. Nothing reaches e5(4) and a knight's check cannot be blocked: 1... `e7(6)e8(6)`.
/// Move 2: `c4(4)e6(4)+` (or `c4(4)e4(2)+`): as in M2 the only flight is f9(7): e7(6) is now
/// covered by the knight on e5(4) (the same skip step), d7(6), d8(6) hold own men, e9(7) is
/// behind the king on the bishop's line. 2... `e8(6)f9(7)`.
/// Move 3: `Ab5(7)e5(7)#` as in M1a; the rook d8(6), which now sees along rank 8 to e8(6), still
/// reaches neither f5(7) nor f8(7).
///
/// No mate in two: 1. Ne5+ is White's only checking first move, and after 1... Ke8(6) no
/// White move mates (the bishop checks leave f9(7), R b8(7)-e8(7)+ is taken by the king).
/// After any quiet first move Black answers d7-d6(6) (d7xc6(6) after Bc4-c6(6)), which
/// frees d7(6) for the king; then no White move mates in two (the prover checks every line).
#[test]
fn mate_in_three_ending_with_an_attack_board_move() {
    assert_mate(
        "Kb1(2),Ne3(2),Bc4(4),Pe5(6),Rb5(7),Rb8(7),pd7(6),ke7(6),rd8(6) b5(7):w,b8(7):w,e8(7):b w - - 0 1",
        3,
        &["e3(2)e5(4)"],
    );
}

// ---------------------------------------------------------------------------------------
// Quiet first moves (issue 10: a mate in two with a quiet key was found at depth 7, not 6)

/// Q2a. Found by a random search over sparse positions (engine at depth 7, then this file's
/// prover). White: king b5(4), rooks b8(6) and b2(2), knight d6(6), queen f0(1) on White's
/// board e1(1); Black: king b3(4), knight c3(2), empty boards b8(7), e8(7). The key
/// `d6(6)d5(4)` neither checks nor captures: it brings the knight to d5(4), from where
/// `d5(4)d3(2)` mates; Black's twelve moves (eight knight moves, four attack-board moves)
/// each allow a mate at once (the prover checks every line), while White's greedy
/// alternative `b2(2)b3(2)` only wins material. The defender's node after the key has depth
/// 5 in a depth-6 search; reverse futility pruning cut it on its static score there, and the
/// search chose `b2(2)b3(2)` at depth 6 (+18 pawns) until depth 7.
#[test]
fn mate_in_two_with_a_quiet_knight_key() {
    assert_mate(
        "Kb5(4),Rb8(6),Rb2(2),Nd6(6),Qf0(1),kb3(4),nc3(2) b1(1):w,e1(1):w,b8(7):b,e8(7):b w - - 0 1",
        2,
        &["d6(6)d5(4)"],
    );
}

/// Q2b. The same search found this one: the key `Ab1(1)b4(1)` is a move of White's empty
/// attack board b1(1) (no check, no capture), after which every Black move allows a mate.
/// Missed at depth 6 for the same reason (reverse futility at the defender's node).
#[test]
fn mate_in_two_with_a_quiet_attack_board_key() {
    assert_mate(
        "Kb5(4),Qf8(7),Qb3(2),Ra8(7),Nd3(2),kb1(2),pe8(6),nb2(2) b1(1):w,e1(1):w,b8(7):b,e8(7):b w - - 0 1",
        2,
        &["Ab1(1)b4(1)"],
    );
}

/// Q2c. And this one, a quiet king move as key: `f1(1)e2(2)`. Missed at depth 6 likewise.
#[test]
fn mate_in_two_with_a_quiet_king_key() {
    assert_mate(
        "Kf1(1),Nd5(4),Qf9(7),ke4(2),bb4(4),pb6(4) b1(1):w,e1(1):w,b8(7):b,e8(7):b w - - 0 1",
        2,
        &["f1(1)e2(2)"],
    );
}
