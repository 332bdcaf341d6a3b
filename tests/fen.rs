//! FEN exactly as conventions.md defines it: round trips and every listed rejection.

use oblique_engine::{builtin_games, AnyPosition, PositionError};

fn rejects(variant: &str, fen: &str, words: &str) {
    match AnyPosition::new(variant, Some(fen)) {
        Ok(_) => panic!("{variant}: accepted {fen}"),
        Err(e) => {
            assert!(
                matches!(e, PositionError::Fen(_)),
                "{variant}: {fen}: {e:?} is not a FEN error"
            );
            let e = e.to_string();
            assert!(
                e.to_lowercase().contains(&words.to_lowercase()),
                "{variant}: {fen}: message '{e}' does not mention '{words}'"
            )
        }
    }
}

fn round_trip(variant: &str, fen: &str) {
    let pos =
        AnyPosition::new(variant, Some(fen)).unwrap_or_else(|e| panic!("{variant}: {fen}: {e}"));
    assert_eq!(pos.to_fen(), fen, "{variant}");
}

#[test]
fn start_positions_round_trip() {
    for v in builtin_games() {
        round_trip(v.name, v.start_fen);
    }
}

#[test]
fn positions_round_trip_with_all_fields() {
    round_trip(
        "chess",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    );
    round_trip(
        "chess",
        "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3",
    );
    round_trip("slanted", "4k3/8/8/2*2*2/P1*2*2/8/8/4K3 b - b3 0 1");
    round_trip("slanted", "4k3/8/8/2*2*2/1P*2*2/8/8/4K3 b - b3 0 1");
    round_trip(
        "ultraslanted",
        "5k4/10/10/3*2*3/3*2*3/3*2*3/10/10/U4K3U w - - 17 40",
    );
    round_trip(
        "ultraslantedwhite",
        "u4k3u/10/10/3*2*3/3*2*3/3*2*3/10/10/5K4 b - - 0 1",
    );
    round_trip("diagonal", "7k/8/8/8/8/8/8/K7 w - - 99 120");
    round_trip("minislanted", "4k3/8/2*2*2/2*2*2/8/4K3 w - - 0 1");
}

#[test]
fn fullmove_grows_after_black_even_when_black_starts() {
    let mut pos = AnyPosition::new("minislanted", None).unwrap();
    pos.play("a5a4").unwrap();
    assert!(pos.to_fen().ends_with("w KQkq - 0 2"), "{}", pos.to_fen());
    let mut pos = AnyPosition::new("ultraslanted", None).unwrap();
    pos.play("e8e7").unwrap();
    assert!(pos.to_fen().ends_with("w KQkq - 0 2"), "{}", pos.to_fen());
}

#[test]
fn en_passant_square_is_written_after_every_double_step() {
    let mut pos = AnyPosition::new("chess", None).unwrap();
    pos.play("e2e4").unwrap();
    assert_eq!(
        pos.to_fen(),
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    );
    let mut pos = AnyPosition::new("slanted", None).unwrap();
    pos.play("b2a4").unwrap(); // b2 -> ab4 through b3
    assert!(pos.to_fen().contains(" b KQkq b3 0 1"), "{}", pos.to_fen());
}

#[test]
fn rejects_a_piece_on_a_hole() {
    rejects("slanted", "4k3/8/8/2*2*2/2p2*2/8/8/4K3 w - - 0 1", "hole");
}

#[test]
fn rejects_a_hole_where_the_game_has_a_square_and_the_reverse() {
    rejects("slanted", "4k3/8/8/2*2*2/2*2*2/*7/8/4K3 w - - 0 1", "'*'");
    rejects("chess", "4k3/8/8/8/3*4/8/8/4K3 w - - 0 1", "'*'");
    // A hole counted as an empty square.
    rejects("slanted", "4k3/8/8/8/2*2*2/8/8/4K3 w - - 0 1", "hole");
}

#[test]
fn rejects_wrong_rank_or_file_counts() {
    rejects("chess", "4k3/8/8/8/8/8/4K3 w - - 0 1", "ranks");
    rejects("chess", "4k3/8/8/8/8/8/8/4K4 w - - 0 1", "files");
    rejects("chess", "4k3/8/8/8/8/8/8/4K2 w - - 0 1", "files");
    rejects(
        "ultraslanted",
        "5k4/10/10/3*2*3/3*2*3/3*2*3/10/10/5K3 w - - 0 1",
        "files",
    );
}

#[test]
fn rejects_letters_that_are_not_pieces_of_the_game() {
    rejects("chess", "4k3/8/8/8/8/8/8/U3K3 w - - 0 1", "not a piece");
    rejects(
        "slanted",
        "4k3/8/8/2*2*2/2*2*2/8/8/C3K3 w - - 0 1",
        "not a piece",
    );
    rejects(
        "minislanted",
        "4k3/8/2*2*2/2*2*2/8/U3K3 w - - 0 1",
        "not a piece",
    );
    rejects("diagonal", "7k/8/8/8/8/8/8/KU6 w - - 0 1", "not a piece");
    rejects(
        "ultraslanted",
        "5k4/10/10/3*2*3/3*2*3/3*2*3/10/10/C4K4 w - - 0 1",
        "not a piece",
    );
    rejects("chess", "4k3/8/8/8/8/8/8/X3K3 w - - 0 1", "not a piece");
}

#[test]
fn rejects_missing_or_doubled_kings() {
    rejects("chess", "8/8/8/8/8/8/8/4K3 w - - 0 1", "no black king");
    rejects("chess", "4k3/8/8/8/8/8/8/8 w - - 0 1", "no white king");
    rejects("chess", "4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "2 white kings");
}

#[test]
fn rejects_the_side_not_to_move_in_check() {
    rejects("chess", "4k3/8/8/8/8/8/4R3/4K3 w - - 0 1", "in check");
    // Across the escalator: rook b1 sees ab4 and bc4 through the fork.
    rejects(
        "slanted",
        "8/8/8/2*2*2/k1*2*2/8/8/1R2K3 w - - 0 1",
        "in check",
    );
}

#[test]
fn rejects_castling_rights_without_king_and_rook_at_home() {
    rejects("chess", "4k3/8/8/8/8/8/8/R3K3 w K - 0 1", "rook on h1");
    rejects("chess", "4k3/8/8/8/8/8/8/R2K3R w Q - 0 1", "king on e1");
    rejects(
        "minislanted",
        "r2k3r/8/2*2*2/2*2*2/8/R3K2R w k - 0 1",
        "king on e6",
    );
    // USEC: K = rook i1, Q = rook b1, king f1.
    rejects(
        "ultraslanted",
        "5k4/10/10/3*2*3/3*2*3/3*2*3/10/10/R4K3R w K - 0 1",
        "rook on i1",
    );
    round_trip(
        "ultraslanted",
        "5k4/10/10/3*2*3/3*2*3/3*2*3/10/10/UR3K2RU w KQ - 0 1",
    );
}

#[test]
fn rejects_castling_in_a_game_without_castling() {
    rejects(
        "diagonal",
        "3prnnk/4ppqb/5ppb/P5pr/RP5p/BPP5/BQPP4/KNNRP3 w K - 0 1",
        "no castling",
    );
}

#[test]
fn rejects_impossible_en_passant_squares() {
    rejects("chess", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "double step");
    rejects("chess", "4k3/8/8/8/4P3/8/8/4K3 b - e4 0 1", "double step");
    rejects(
        "minislanted",
        "4k3/8/2*2*2/P1*2*2/8/4K3 b - a2 0 1",
        "double step",
    );
    rejects("diagonal", "7k/8/8/8/8/1P6/8/K7 b - b2 0 1", "double step");
}

#[test]
fn accepts_an_en_passant_square_with_no_capture_possible() {
    round_trip("chess", "4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1");
}

#[test]
fn rejects_pawns_where_they_must_promote_but_accepts_the_diagonal_goal() {
    rejects("chess", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1", "promoted");
    rejects("diagonal", "7k/8/8/8/8/8/8/K6P w - - 0 1", "promoted");
    rejects("diagonal", "3P3k/8/8/8/8/8/8/K7 w - - 0 1", "promoted");
    // A White pawn on h8 is the end of the game: accepted, no legal moves.
    let pos = AnyPosition::new("diagonal", Some("k6P/8/8/8/8/8/8/K7 b - - 0 1")).unwrap();
    assert_eq!(pos.count_legal_moves(), 0);
}

#[test]
fn rejects_garbage_without_panicking() {
    for fen in [
        "",
        "   ",
        "rnbqkbnr",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqK - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0",
        "rnbqkbnr/pppppppp/99999999999999999999/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/0/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
        "ñ/8/8/8/8/8/8/8 w - - 0 1",
    ] {
        for v in builtin_games() {
            assert!(
                AnyPosition::new(v.name, Some(fen)).is_err(),
                "{} {fen}",
                v.name
            );
        }
    }
}

#[test]
fn errors_are_typed_with_the_old_messages() {
    use oblique_engine::MoveError;
    let mut chess = AnyPosition::new("chess", None).unwrap();
    let e = chess.play("e2e5").unwrap_err();
    assert!(matches!(e, MoveError::Illegal { .. }), "{e:?}");
    assert_eq!(e.to_string(), "e2e5: not a legal move in this position");
    let e = chess.play("z9z9").unwrap_err();
    assert!(matches!(e, MoveError::Unreadable { .. }), "{e:?}");
    assert_eq!(e.to_string(), "z9z9: bad from-square");
    assert_eq!(chess.play("  ").unwrap_err(), MoveError::Empty);
    assert_eq!(MoveError::Empty.to_string(), "empty move");
    let mut trek = AnyPosition::new("startrek", None).unwrap();
    let e = trek.play("b2(2)e4(2)").unwrap_err();
    assert!(matches!(e, MoveError::Illegal { .. }), "{e:?}");
    let e = trek.play("b2(2)zz").unwrap_err();
    assert!(matches!(e, MoveError::Unreadable { .. }), "{e:?}");
    let e = AnyPosition::new("nosuchgame", None).err().unwrap();
    assert!(matches!(e, PositionError::UnknownVariant { .. }), "{e:?}");
    assert!(e
        .to_string()
        .starts_with("unknown variant 'nosuchgame' (known: chess, "));
    let e = AnyPosition::new("startrek", Some("nonsense"))
        .err()
        .unwrap();
    assert!(matches!(e, PositionError::Tfen(_)), "{e:?}");
    assert!(e.to_string().starts_with("invalid TFEN: "));
}
