//! Static evaluation for Oblique's games.

use oblique_engine::search::Evaluator;
use oblique_engine::{Color, Position, Role};
use oblique_tables::Bitboard;

/// Material values by role (pawn, knight, bishop, rook, queen, king, ultra, chancellor).
const VALUES: [i32; 8] = [100, 320, 330, 500, 900, 0, 600, 850];

/// The evaluator for every game.
#[derive(Clone, Copy, Debug, Default)]
pub struct Evaluation;

impl<B: Bitboard> Evaluator<Position<B>> for Evaluation {
    fn evaluate(&self, pos: &Position<B>) -> i32 {
        let mut score = 0;
        let king = &pos.rules().king;
        for (i, &v) in VALUES.iter().enumerate() {
            let role = Role::from_index(i);
            for c in [Color::White, Color::Black] {
                let sign = if c == pos.side_to_move() { 1 } else { -1 };
                for sq in pos.pieces(c, role).iter() {
                    // Centralisation: squares with more neighbours are better.
                    score += sign * (v + 2 * king[sq].count() as i32);
                }
            }
        }
        score
    }
}
