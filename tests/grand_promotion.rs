//! Grand Chess's promotion rules (`variants/grand.toml`), with expectations taken from the
//! rules text (Freeling's Grand Chess as Fairy-Stockfish plays it): a pawn reaching rank 8
//! or 9 may promote or stay a pawn, on rank 10 it must promote; it may only become a piece
//! of which its own side has fewer than at the start (one queen, marshal and cardinal, two
//! rooks, bishops and knights), and with no such piece it may not step onto rank 10. Also
//! the file's errors for bad promotion limits. The perft cases are in `game_files.rs` and
//! `fairy_stockfish_perft.rs`.

use oblique_engine::registry;
use oblique_engine::AnyPosition;

fn grand(fen: &str) -> AnyPosition {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/variants/grand.toml");
    registry::register_file(path).expect("grand.toml loads");
    AnyPosition::new("grand", Some(fen)).expect("position")
}

/// The moves of the piece on `from`, in protocol notation, sorted.
fn moves_from(pos: &AnyPosition, from: &str) -> Vec<String> {
    let mut out: Vec<String> = pos
        .legal_moves_text()
        .into_iter()
        .filter(|m| {
            m.starts_with(from) && !m[from.len()..].starts_with(|c: char| c.is_ascii_digit())
        })
        .collect();
    out.sort();
    out
}

/// White has all its pieces (nothing captured); Black only its king.
const ALL_WHITE: &str = "1NBQKCABN1/R8R w - - 0 1";

#[test]
fn a_pawn_on_rank_9_with_nothing_captured_may_not_step_to_rank_10() {
    // Black's missing pieces do not count: the limit is White's own material.
    let pos = grand(&format!("7k2/4P5/10/10/10/10/10/10/{ALL_WHITE}"));
    assert_eq!(moves_from(&pos, "e9"), Vec::<String>::new());
}

#[test]
fn on_rank_10_the_pawn_becomes_only_a_piece_its_side_has_lost() {
    // Queen lost: the queen is the one choice, and there is no plain step.
    let pos = grand("7k2/4P5/10/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1");
    assert_eq!(moves_from(&pos, "e9"), vec!["e9e10q"]);
    // Queen and one rook lost: queen or rook (the other rook still allows a second).
    let pos = grand("7k2/4P5/10/10/10/10/10/10/1NB1KCABN1/R9 w - - 0 1");
    assert_eq!(moves_from(&pos, "e9"), vec!["e9e10q", "e9e10r"]);
}

#[test]
fn on_ranks_8_and_9_promotion_is_optional() {
    // Queen lost: a pawn stepping from rank 7 to 8, or from 8 to 9, may stay a pawn or
    // become a queen.
    let pos = grand("7k2/10/10/2P7/6P3/10/10/10/1NB1KCABN1/R8R w - - 0 1");
    assert_eq!(moves_from(&pos, "c7"), vec!["c7c8", "c7c8q"]);
    let pos = grand("7k2/10/2P7/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1");
    assert_eq!(moves_from(&pos, "c8"), vec!["c8c9", "c8c9q"]);
    // With nothing lost the pawn still steps into the zone, as a pawn.
    let pos = grand(&format!("7k2/10/2P7/10/10/10/10/10/{ALL_WHITE}"));
    assert_eq!(moves_from(&pos, "c8"), vec!["c8c9"]);
    // Black's zone is ranks 3 to 1, counted from its own pieces.
    let pos = grand("1nb1kcabn1/r8r/10/10/10/10/10/2p7/10/7K2 b - - 0 1");
    assert_eq!(moves_from(&pos, "c3"), vec!["c3c2", "c3c2q"]);
}

#[test]
fn a_move_without_a_letter_stays_a_pawn_and_with_one_promotes() {
    let fen = "7k2/10/2P7/4P5/10/10/10/10/1NB1KCABN1/R8R w - - 0 1";
    let mut pos = grand(fen);
    assert_eq!(pos.play("c8c9").expect("plain step"), "c8c9");
    assert!(
        pos.to_fen().starts_with("7k2/2P7/10/4P5/"),
        "{}",
        pos.to_fen()
    );
    let mut pos = grand(fen);
    assert_eq!(pos.play("c8c9q").expect("promotion"), "c8c9q");
    assert!(
        pos.to_fen().starts_with("7k2/2Q7/10/4P5/"),
        "{}",
        pos.to_fen()
    );
    // Human notation too.
    let mut pos = grand(fen);
    assert_eq!(pos.play("c8-c9=Q").expect("promotion"), "c8c9q");
    // A promotion to a piece the side still has all of is refused.
    let mut pos = grand(fen);
    assert!(pos.play("c8c9r").is_err());
    // Rank 10 has no plain step.
    let pos = grand("7k2/2P7/10/10/10/10/10/10/1NB1KCABN1/R8R w - - 0 1");
    let mut p = pos.clone();
    assert!(p.play("c9c10").is_err());
    assert_eq!(p.to_fen(), pos.to_fen());
}

fn refused(promotion: &str) -> String {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/variants/grand.toml"))
        .expect("grand.toml");
    // Without its network line (the network is not what these cases are about).
    let text: String = text
        .lines()
        .filter(|l| !l.starts_with("network = "))
        .map(|l| format!("{l}\n"))
        .collect();
    let text = text
        .replace("name = \"grand\"", "name = \"grand-bad\"")
        .replace(
            "limits = { q = 1, c = 1, a = 1, r = 2, b = 2, n = 2 }",
            promotion,
        );
    let file = oblique_gamefile::toml_reader::parse("bad.toml", &text);
    let err = match file {
        Err(e) => e,
        Ok(f) => registry::register(&f, "bad.toml", &text).expect_err("refused"),
    };
    err.to_string()
}

#[test]
fn bad_limits_are_refused_with_their_line() {
    let line = "bad.toml:63:";
    let err = refused("limits = { k = 1 }");
    assert!(
        err.starts_with(line) && err.contains("not a piece a pawn may become"),
        "{err}"
    );
    let err = refused("limits = { x = 1 }");
    assert!(err.starts_with(line) && err.contains("'x'"), "{err}");
    let err = refused("limits = { q = 0 }");
    assert!(
        err.starts_with(line) && err.contains("leave 'q' out"),
        "{err}"
    );
    let err = refused("limits = { qr = 1 }");
    assert!(
        err.starts_with(line) && err.contains("one piece letter"),
        "{err}"
    );
    let err = refused("limits = { q = -1 }");
    assert!(err.starts_with(line), "{err}");
    let err = refused("limits = { q = 1, Q = 2 }");
    assert!(err.starts_with(line) && err.contains("twice"), "{err}");
}
