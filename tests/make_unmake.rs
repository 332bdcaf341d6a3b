//! Randomized games in every 2D game: make/unmake restores the position exactly, and the
//! incrementally updated key always equals the key computed from scratch.

use oblique_engine::search::SearchGame;
use oblique_engine::variant::{VariantSpec, Width};
use oblique_engine::{builtin_games, Game, Position};
use proptest::prelude::*;

fn walk<B>(spec: &'static VariantSpec, seed: u64, plies: usize)
where
    B: oblique_tables::Bitboard + oblique_engine::rules::RulesCache,
{
    let mut pos: Position<B> = Position::start(spec).expect("start position");
    let mut rng = seed | 1;
    let mut next = move || {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng
    };
    let mut moves = Vec::new();
    for ply in 0..plies {
        moves.clear();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            break;
        }
        // Quiescence's generator gives exactly the legal captures and promotions.
        let mut tactical = Vec::new();
        pos.generate_tactical(&mut tactical);
        let filtered: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&m| pos.is_tactical(m))
            .collect();
        assert_eq!(
            tactical,
            filtered,
            "{}: tactical moves in {}",
            spec.name,
            pos.to_fen()
        );
        // Every legal move unmakes cleanly.
        let fen = pos.to_fen();
        let key = pos.key();
        for &m in &moves {
            let undo = pos.make_move(m);
            assert_eq!(
                pos.key(),
                pos.compute_key(),
                "{}: key after {} in {fen}",
                spec.name,
                pos.move_text(m)
            );
            // The side that moved is never left in check.
            let mover_king = pos.king_cell(pos.side_to_move().other());
            assert!(
                !pos.is_attacked(mover_king, pos.occupied(), pos.color_bb(pos.side_to_move())),
                "{}: {} leaves the king attacked in {fen}",
                spec.name,
                pos.move_text(m)
            );
            pos.unmake_move(m, undo);
            assert_eq!(pos.to_fen(), fen, "{}: unmake at ply {ply}", spec.name);
            assert_eq!(pos.key(), key);
        }
        let m = moves[(next() % moves.len() as u64) as usize];
        pos.make_move(m);
        // The FEN written now reads back to the same position and key.
        let again: Position<B> =
            Position::from_fen(spec, &pos.to_fen()).expect("own FEN reads back");
        assert_eq!(again.to_fen(), pos.to_fen());
        assert_eq!(
            again.key(),
            pos.key(),
            "{}: key from FEN {}",
            spec.name,
            pos.to_fen()
        );
    }
}

fn walk_any(spec: &'static VariantSpec, seed: u64, plies: usize) {
    match spec.width {
        Width::W64 => walk::<u64>(spec, seed, plies),
        Width::W128 => walk::<u128>(spec, seed, plies),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, .. ProptestConfig::default() })]

    #[test]
    fn random_games_make_and_unmake_exactly(seed in any::<u64>(), which in 0usize..8) {
        walk_any(builtin_games()[which], seed, 120);
    }
}

#[test]
fn every_game_survives_long_random_games() {
    for (i, spec) in builtin_games().iter().enumerate() {
        for seed in 0..6u64 {
            walk_any(spec, 0x9E37_79B9 ^ (seed * 7919 + i as u64), 300);
        }
    }
}
