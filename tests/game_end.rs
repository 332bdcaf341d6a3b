//! Game-end detection: mate, stalemate, the Diagonal Chess corner, repetition, fifty moves
//! and dead material, each as the rules define it.

use oblique_engine::{AnyPosition, Color, Outcome};

fn outcome(variant: &str, fen: &str) -> Option<Outcome> {
    AnyPosition::new(variant, Some(fen)).unwrap().outcome()
}

#[test]
fn checkmate_and_stalemate() {
    assert_eq!(
        outcome("chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
    assert_eq!(
        outcome("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        Some(Outcome::Stalemate)
    );
    // MSEC: rook b1's file forks at b2 (ab3 and bc3): one branch reaches a5/a6, the other
    // b5/b6, so with rook a1 checking up the a-file the king on a6 has no square.
    assert_eq!(
        outcome("minislanted", "k7/8/2*2*2/2*2*2/8/RR2K3 b - - 0 1"),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn diagonal_chess_pawn_on_the_corner_wins() {
    let mut pos = AnyPosition::new("diagonal", Some("k7/6P1/8/8/8/8/8/7K w - - 0 1")).unwrap();
    assert!(pos.legal_moves_text().contains(&"g7h8".to_string()));
    pos.play("g7h8").unwrap();
    assert_eq!(pos.count_legal_moves(), 0);
    assert_eq!(
        pos.outcome(),
        Some(Outcome::PawnReachedGoal {
            winner: Color::White
        })
    );
    let mut pos = AnyPosition::new("diagonal", Some("k7/8/8/8/8/8/1p6/7K b - - 0 1")).unwrap();
    pos.play("b2a1").unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::PawnReachedGoal {
            winner: Color::Black
        })
    );
    assert_eq!(pos.perft(1), 0);
}

#[test]
fn threefold_repetition() {
    let mut pos = AnyPosition::new("chess", None).unwrap();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        pos.play(m).unwrap();
        assert_eq!(pos.outcome(), None, "after {m}");
    }
    pos.play("f6g8").unwrap();
    assert_eq!(pos.outcome(), Some(Outcome::ThreefoldRepetition));
}

#[test]
fn fifty_move_rule_counts_plies_without_capture_or_pawn_move() {
    assert_eq!(
        outcome("chess", "4k3/8/8/8/8/8/4P3/R3K3 w - - 100 80"),
        Some(Outcome::FiftyMoves)
    );
    assert_eq!(outcome("chess", "4k3/8/8/8/8/8/4P3/R3K3 w - - 99 80"), None);
    let mut pos = AnyPosition::new(
        "slanted",
        Some("4k3/8/8/2*2*2/2*2*2/8/4P3/R3K3 w - - 99 80"),
    )
    .unwrap();
    pos.play("e2e3").unwrap(); // a Crab move resets the clock
    assert_eq!(pos.outcome(), None);
    assert!(pos.to_fen().contains(" 0 80"));
    // Mate on the hundredth ply is mate.
    assert_eq!(
        outcome("chess", "R5k1/5ppp/8/8/8/8/8/6K1 b - - 100 80"),
        Some(Outcome::Checkmate {
            winner: Color::White
        })
    );
}

#[test]
fn insufficient_material_is_fide_in_chess_and_kings_only_elsewhere() {
    let dead = Some(Outcome::InsufficientMaterial);
    assert_eq!(outcome("chess", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"), dead);
    assert_eq!(outcome("chess", "4k3/8/8/8/8/8/8/3NK3 w - - 0 1"), dead);
    assert_eq!(outcome("chess", "4k3/8/8/8/8/8/8/3BK3 w - - 0 1"), dead);
    assert_eq!(outcome("chess", "4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1"), dead); // same colour
    assert_eq!(outcome("chess", "4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1"), None); // opposite
    assert_eq!(outcome("chess", "4k3/8/8/8/8/8/8/2NNK3 w - - 0 1"), None);
    assert_eq!(outcome("chess", "4k3/8/8/8/8/8/8/3RK3 w - - 0 1"), None);
    assert_eq!(
        outcome("slanted", "4k3/8/8/2*2*2/2*2*2/8/8/4K3 w - - 0 1"),
        dead
    );
    assert_eq!(
        outcome("slanted", "4k3/8/8/2*2*2/2*2*2/8/8/3NK3 w - - 0 1"),
        None
    );
    assert_eq!(outcome("diagonal", "7k/8/8/8/8/8/8/KB6 w - - 0 1"), None);
}

#[test]
fn repetition_and_dead_material_do_not_change_perft() {
    let mut pos = AnyPosition::new("chess", Some("4k3/8/8/8/8/8/8/4K3 w - - 0 1")).unwrap();
    assert_eq!(pos.perft(1), 5);
}
