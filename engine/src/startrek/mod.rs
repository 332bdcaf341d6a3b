//! Star Trek tri-dimensional chess (Jeff Victor's rule set as specified in
//! `shared/rules/startrek.md`): three fixed main boards, four movable 2×2 attack boards on 24
//! pins, pieces moving through a 6×10×7 box of which at most 64 squares exist at a time.
//!
//! * `bitset` — 144-cell sets in three words, numbered in box order (a `Bitboard`).
//! * `geometry` — cells, pins, rays and leaper/pawn tables, computed once.
//! * `position` — the position, moves, keys, make/unmake, attacks, game end.
//! * `movegen` — legal moves and perft.
//! * `tfen`, `notation`, `diagram` — text in and out.
//! * `game`, `search` — the family behind the shared `Game` and `SearchGame` traits.
//!
//! Readings where the rules text is silent, chosen as a player would expect:
//! * An attack board holding one piece may move only if that piece is its owner's
//!   (a TFEN may give an owner who has no piece aboard; the board then stays put until the
//!   re-evaluation after the next move hands it over).
//! * Ownership is re-evaluated for every board after every move (§6 literally); this only
//!   matters for TFENs whose owners are written against the pieces.
//! * The e.p. square counts in the key (repetition) only when a pawn of the side to move
//!   attacks it, as in every other game of the engine.
//! * The knight's level step looks only at the destination column (§5 rule, which the
//!   seed's "no AB at b3(3)/b1(3)" example also satisfies): a board above the knight's own
//!   square does not stop b1(2)→b3(4).
//! * A TFEN may list fewer than four attack boards (`-` for none) and may omit the two
//!   clocks; a never-moved square must hold a king, rook or pawn; an e.p. square must exist,
//!   be empty, have the double-stepped pawn beyond it (not in the never-moved set) and an
//!   empty start square behind it; a pawn on its promotion square is rejected.
//! * A pawn in the never-moved set whose double step lands on its promotion rank promotes
//!   (reachable only from hand-written TFENs). An e.p. capture can never promote.
//! * Human notation: the piece letter must match the piece moved; `x`/`-` are not checked.

pub mod bitset;
pub mod diagram;
pub mod game;
pub mod geometry;
pub mod movegen;
pub mod notation;
pub mod position;
pub mod record;
pub mod search;
pub mod tfen;

pub use bitset::Cells;
pub use movegen::StMoveList;
pub use position::{StMove, StMoveKind, StUndo, StarTrekPosition};
pub use tfen::{TfenError, START_TFEN};

/// The game's name for the CLI and protocols.
pub const NAME: &str = "startrek";
pub const TITLE: &str = "Star Trek tri-dimensional chess";
/// Board description for listings.
pub const BOARD: &str = "6x10x7";
pub const SQUARES: usize = bitset::CELLS;

#[cfg(test)]
mod tests {
    use super::geometry::geometry;
    use super::*;
    use crate::game::Game;
    use crate::perft::Perft;
    use oblique_tables::Bitboard;

    fn cell(name: &str) -> usize {
        geometry()
            .name
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| panic!("{name}"))
    }

    #[test]
    fn start_position_has_17_moves_and_round_trips() {
        let mut p = StarTrekPosition::start();
        assert_eq!(p.to_tfen(), START_TFEN);
        assert_eq!(p.count_legal_moves(), 17);
        assert_eq!(p.legal_moves().len(), 17);
        assert_eq!(p.perft(2), 287);
        assert_eq!(p.key(), p.compute_key());
    }

    #[test]
    fn make_unmake_every_move_of_two_plies() {
        let mut p = StarTrekPosition::start();
        let tfen = p.to_tfen();
        let key = p.key();
        for m in p.legal_moves() {
            let u = p.make(m);
            assert_eq!(p.key(), p.compute_key(), "{}", p.move_text(m));
            for r in p.legal_moves() {
                let u2 = p.make(r);
                assert_eq!(p.key(), p.compute_key());
                p.unmake(r, u2);
            }
            p.unmake(m, u);
            assert_eq!(p.to_tfen(), tfen);
            assert_eq!(p.key(), key);
        }
    }

    #[test]
    fn existence_and_cover_masks_follow_the_boards() {
        let p = StarTrekPosition::from_tfen("Kb1(2),kf9(7) b3(3):w,e8(7):b w - - 0 1").unwrap();
        assert!(p.exists(cell("b3(3)")) && p.exists(cell("a2(3)")));
        assert!(!p.exists(cell("b1(3)")));
        // b3(4) has the existing b3(3) below it; b2(2) has b2(3) above it.
        assert!(p.cover_below.has(cell("b3(4)")));
        assert!(p.cover_above.has(cell("b2(2)")));
        assert!(!p.cover_below.has(cell("b4(4)")));
        // Footprint a2 b2 a3 b3 @3: only b3(4) lies above it on N, b2(2) and b3(2) below on W;
        // board e8(7) (e8 f8 e9 f9 @7) lies above e8(6) only.
        assert_eq!(p.cover_below.count(), 1);
        assert_eq!(p.cover_above.count(), 3);
        assert!(p.cover_above.has(cell("e8(6)")));
        assert!(p.cover_above.has(cell("b3(2)")));
    }

    #[test]
    fn ep_counts_in_the_key_only_when_capturable() {
        // After d6(4)d4(4) with a White pawn on c4(4) the e.p. square matters.
        let with = StarTrekPosition::from_tfen("Kb1(2),Pc4(4),pd4(4),kf9(7) e8(7):b w - d5(4) 0 2")
            .unwrap();
        let without =
            StarTrekPosition::from_tfen("Kb1(2),Pc4(4),pd4(4),kf9(7) e8(7):b w - - 0 2").unwrap();
        assert_ne!(with.key(), without.key());
        let far = StarTrekPosition::from_tfen("Kb1(2),Pb4(2),pd4(4),kf9(7) e8(7):b w - d5(4) 0 2")
            .unwrap();
        let far_none =
            StarTrekPosition::from_tfen("Kb1(2),Pb4(2),pd4(4),kf9(7) e8(7):b w - - 0 2").unwrap();
        assert_eq!(far.key(), far_none.key());
    }

    #[test]
    fn move_packing() {
        let m = StMove::special(3, 140, StMoveKind::Board, 7).with_promotion(crate::Role::Queen);
        assert_eq!((m.from(), m.to(), m.aux()), (3, 140, 7));
        assert_eq!(m.kind(), StMoveKind::Board);
        assert_eq!(m.promotion(), Some(crate::Role::Queen));
        assert_eq!(StMove::default().kind(), StMoveKind::Normal);
    }
}
